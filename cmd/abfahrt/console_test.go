package main

import (
	"strings"
	"testing"
)

// On the Linux console (TERM=linux) abfahrt picks the console theme and
// the console font by itself; a theme chosen by flag, environment or
// config file stays (with the console font), and NO_COLOR still means
// mono.
func TestLinuxConsolePicksTheConsoleTheme(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("ABFAHRT_THEME", "")
	t.Setenv("NO_COLOR", "")
	row := func(out, key string) string {
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == key {
				return strings.Join(f[1:], " ")
			}
		}
		return ""
	}
	for _, tc := range []struct {
		term, env, flag, want string
		font                  bool
	}{
		{term: "linux", want: "console env TERM=linux", font: true},
		{term: "linux-16color", want: "console env TERM=linux-16color", font: true},
		{term: "xterm-256color", want: "dark default"},
		{term: "linux", flag: "light", want: "light flag --theme", font: true},
		{term: "linux", env: "high-contrast", want: "high-contrast env ABFAHRT_THEME", font: true},
		{term: "dumb", want: "mono env NO_COLOR/TERM=dumb"},
	} {
		t.Setenv("TERM", tc.term)
		t.Setenv("ABFAHRT_THEME", tc.env)
		args := []string{"config"}
		if tc.flag != "" {
			args = []string{"--theme", tc.flag, "config"}
		}
		code, out, errs := runCLI(t, args...)
		if code != exitOK {
			t.Fatalf("TERM=%s: exit %d: %s", tc.term, code, errs)
		}
		if got := row(out, "theme"); got != tc.want {
			t.Errorf("TERM=%s ABFAHRT_THEME=%q --theme %q: theme %q, want %q", tc.term, tc.env, tc.flag, got, tc.want)
		}
		if got := row(out, "glyphs") != ""; got != tc.font {
			t.Errorf("TERM=%s: console font %v, want %v:\n%s", tc.term, got, tc.font, out)
		}
	}
	t.Setenv("TERM", "linux")
	t.Setenv("NO_COLOR", "1")
	if _, out, _ := runCLI(t, "config"); row(out, "theme") != "mono env NO_COLOR/TERM=dumb" || row(out, "glyphs") == "" {
		t.Errorf("TERM=linux NO_COLOR=1: want mono with the console font:\n%s", out)
	}
	if _, out, _ := runCLI(t, "--theme", "console", "config"); row(out, "theme") != "console flag --theme" {
		t.Errorf("--theme console not taken:\n%s", out)
	}
}

// The hub passes its sessions the theme it was given (flag, environment,
// config file), and none when its own terminal picked one: the sessions
// then pick by their client's terminal.
func TestHubTheme(t *testing.T) {
	for _, tc := range []struct {
		s    *settings
		want string
	}{
		{nil, ""},
		{&settings{theme: setting{Value: "dark", From: "default"}}, ""},
		{&settings{theme: setting{Value: "console", From: "env TERM=linux"}}, ""},
		{&settings{theme: setting{Value: "mono", From: "env NO_COLOR/TERM=dumb"}}, ""},
		{&settings{theme: setting{Value: "light", From: "config"}}, "light"},
		{&settings{theme: setting{Value: "high-contrast", From: "flag --theme"}}, "high-contrast"},
		{&settings{theme: setting{Value: "mono", From: "env ABFAHRT_THEME"}}, "mono"},
	} {
		if got := hubTheme(tc.s); got != tc.want {
			t.Errorf("hubTheme(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
