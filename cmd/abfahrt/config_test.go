package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConfigErrorsNameFileAndLine(t *testing.T) {
	cases := []struct {
		name, body, want string
	}{
		{"syntax", "api = \"http://x\"\ntheme = \n", ":2: "},
		{"unknown key", "api = \"http://127.0.0.1:1/mobility/v1\"\ncolour = \"red\"\n", `:2: unknown key "colour"`},
		{"unknown nested key", "[kiosk]\nenabled = true\nrotat = \"5s\"\n", `:3: unknown key "kiosk.rotat"`},
		{"interval too short", "poll_interval = \"2s\"\n", ":1: poll_interval: must be at least 5s, got 2s"},
		{"interval not a duration", "\n\npoll_interval = \"soon\"\n", `:3: `},
		{"wrong type", "limit = \"ten\"\n", ":1: "},
		{"bad language", "language = \"fr\"\n", ":1: language: must be en or de"},
		{"bad theme", "theme = \"pink\"\n", ":1: theme: must be one of dark, light, high-contrast, mono"},
		{"bad api", "api = \"ftp://x\"\n", ":1: api: must be an http or https URL"},
		{"bad colour", "[line_colors]\n1 = \"red\"\n", "line_colors: colour of line 1 must be #RRGGBB"},
		{"bad layout ref", "layout = \"night\"\n", `:1: layout: no layout named "night"`},
		{"board without stop", "[layouts.main]\n[[layouts.main.boards]]\nlines = [\"1\"]\n", "needs exactly one of stop or stoppoint"},
		{"board bad stop", "[layouts.main]\n[[layouts.main.boards]]\nstop = 12\n", "stop must be 4 digits, got 12"},
		{"bad hours", "[kiosk]\nhours = \"always\"\n", ":2: kiosk.hours: must be HH:MM-HH:MM"},
		{"rotate too fast", "[kiosk]\nrotate = \"1s\"\n", ":2: kiosk.rotate: must be at least 3s"},
		// issue 12 item 17: the line of the board at fault, in its layout
		{"second inline board", "[layouts.a]\nboards = [{ stop = 1008 }]\n[layouts.b]\nboards = [\n  { stop = 1008 },\n  { stop = 99 },\n]\n",
			":6: layouts.b.boards[2]: stop must be 4 digits, got 99"},
		{"second board table", "[[layouts.b.boards]]\nstop = 1008\n\n[[layouts.b.boards]]\nstop = 12\n", ":4: layouts.b.boards[2]"},
		{"key of the same name elsewhere", "[layouts.a]\nboards = [{ stop = 1008 }]\n[kiosk]\nrotate = \"1s\"\n", ":4: kiosk.rotate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeConfig(t, c.body)
			code, _, errs := runCLI(t, "--config", p, "config")
			if code != exitUsage {
				t.Errorf("exit %d, want 2; stderr %q", code, errs)
			}
			if !strings.HasPrefix(errs, "abfahrt: "+p) {
				t.Errorf("stderr %q does not start with the file name", errs)
			}
			if !strings.Contains(errs, c.want) {
				t.Errorf("stderr %q does not contain %q", errs, c.want)
			}
		})
	}
}

func TestConfigMissingExplicitFileIsAnError(t *testing.T) {
	code, _, errs := runCLI(t, "--config", filepath.Join(t.TempDir(), "nope.toml"), "config")
	if code != exitUsage || !strings.Contains(errs, "cannot read: no such file or directory") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestConfigPrecedenceFlagOverEnvOverFile(t *testing.T) {
	p := writeConfig(t, `api = "http://127.0.0.1:1/file"
theme = "light"
language = "de"
poll_interval = "30s"

[layouts.morning]
[[layouts.morning.boards]]
stop = 1008
lines = ["1", "2"]
[[layouts.morning.boards]]
stoppoint = "135001"
platform = "A"
`)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", p)
	t.Setenv("NO_COLOR", "")
	t.Setenv("LANG", "en_US.UTF-8")

	code, out, errs := runCLI(t, "config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"http://127.0.0.1:1/file", "light", "30s", "layouts.morning", "2 boards", p} {
		if !strings.Contains(out, want) {
			t.Errorf("file value %q missing:\n%s", want, out)
		}
	}

	t.Setenv("ABFAHRT_THEME", "high-contrast")
	_, out, _ = runCLI(t, "config")
	if !strings.Contains(out, "high-contrast") || !strings.Contains(out, "env ABFAHRT_THEME") {
		t.Errorf("env did not override the file:\n%s", out)
	}

	_, out, _ = runCLI(t, "--theme", "mono", "--lang", "en", "--interval", "20s", "config")
	for _, want := range []string{"flag --theme", "flag --lang", "flag --interval", "20s"} {
		if !strings.Contains(out, want) {
			t.Errorf("flag did not override (%q):\n%s", want, out)
		}
	}
}

func TestNoColorSelectsMono(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("NO_COLOR", "1")
	_, out, _ := runCLI(t, "config")
	if !strings.Contains(out, "mono") {
		t.Errorf("NO_COLOR did not select mono:\n%s", out)
	}
}

func TestLanguageFromLocale(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("ABFAHRT_LANG", "")
	t.Setenv("LC_ALL", "de_DE.UTF-8")
	_, out, _ := runCLI(t, "config")
	if !strings.Contains(out, "language       de") && !strings.Contains(out, "de ") {
		t.Errorf("LC_ALL=de_DE did not select German:\n%s", out)
	}
}

func TestIntervalFlagBelowMinimum(t *testing.T) {
	code, _, errs := runCLI(t, "--interval", "1s", "config")
	if code != exitUsage || !strings.Contains(errs, "--interval must be at least 5s") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestLogWritesRequestsToTheStateDir(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	code, _, errs := runCLI(t, "--log", "departures", "--stop", "1008", "--limit", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(filepath.Join(state, "abfahrt", "abfahrt.log"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	for _, want := range []string{"msg=start", "msg=request", "StopNumber=1008", "status=200"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// Issue 23 item 13: `abfahrt config` lists each layout's hours, when the
// board and the kiosk show it.
func TestConfigListsLayoutHours(t *testing.T) {
	p := writeConfig(t, `[layouts.morning]
hours = "06:00-09:30"
[[layouts.morning.boards]]
stop = 1008
[layouts.evening]
[[layouts.evening.boards]]
stop = 1350
[[layouts.evening.boards]]
stop = 1008
`)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", p)
	code, out, errs := runCLI(t, "config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"1 board · hours 06:00-09:30", "2 boards"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
}

// Issue 26 item 3: `abfahrt config` lists every theme with one line, the
// one in use marked, and the new themes are accepted.
func TestConfigListsThemes(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("NO_COLOR", "")
	code, out, errs := runCLI(t, "--theme", "cvd", "config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"theme ansi", "only the terminal's 16 palette colours", "theme cvd", "colour-blind safe (Okabe–Ito)", "theme mono"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`theme cvd .*in use`).MatchString(out) {
		t.Errorf("the theme in use is not marked:\n%s", out)
	}
}

// Issue 26 item 2: motion = "reduced" is read and shown; anything else is
// refused with the line it is on.
func TestConfigMotion(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	p := writeConfig(t, "motion = \"reduced\"\n")
	t.Setenv("ABFAHRT_CONFIG", p)
	if code, out, errs := runCLI(t, "config"); code != exitOK || !regexp.MustCompile(`motion +reduced +config`).MatchString(out) {
		t.Errorf("exit %d, %s%s", code, out, errs)
	}
	p = writeConfig(t, "theme = \"dark\"\nmotion = \"calm\"\n")
	t.Setenv("ABFAHRT_CONFIG", p)
	if code, _, errs := runCLI(t, "config"); code != exitUsage || !strings.Contains(errs, "motion") || !strings.Contains(errs, "must be full or reduced") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// Issue 26 item 9: mouse = true is read and shown; a value that is not a
// boolean is refused with its line; serve --mouse without --ssh has no
// board to give it to.
func TestConfigMouse(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", writeConfig(t, "mouse = true\n"))
	if code, out, errs := runCLI(t, "config"); code != exitOK || !regexp.MustCompile(`mouse +true +config`).MatchString(out) {
		t.Errorf("exit %d, %s%s", code, out, errs)
	}
	t.Setenv("ABFAHRT_CONFIG", writeConfig(t, "theme = \"dark\"\nmouse = \"yes\"\n"))
	if code, _, errs := runCLI(t, "config"); code != exitUsage || !strings.Contains(errs, ":2") || !strings.Contains(errs, "mouse") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	t.Setenv("ABFAHRT_CONFIG", writeConfig(t, ""))
	if code, out, errs := runCLI(t, "config"); code != exitOK || !regexp.MustCompile(`mouse +false +default`).MatchString(out) {
		t.Errorf("exit %d, %s%s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "serve", "--mouse"); code != exitUsage || !strings.Contains(errs, "--mouse") || !strings.Contains(errs, "--ssh") {
		t.Errorf("serve --mouse without --ssh: exit %d, stderr %q", code, errs)
	}
}
