package main

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 26 item 6: the [links] templates and hyperlinks = … are checked
// when the configuration is read, a bad one refused with its file, line
// and what is wrong; abfahrt config says what is linked.
func TestConfigLinksRefused(t *testing.T) {
	for name, c := range map[string]struct{ body, want string }{
		"mode":                {"hyperlinks = \"sometimes\"\n", ":1: hyperlinks: must be one of auto, always, never, got \"sometimes\""},
		"ESC in the template": {"[links]\nstop = \"https://example.org/\\u001b]8;;x/{stop}\"\n", ":2: links.stop: must be printable ASCII without spaces or control characters"},
		"BEL in the template": {"[links]\nvehicle = \"https://example.org/{vehicle}\\u0007\"\n", ":2: links.vehicle: must be printable ASCII"},
		"C1 in the template":  {"[links]\nvehicle = \"https://example.org/\\u009b{vehicle}\"\n", ":2: links.vehicle: must be printable ASCII"},
		"a space":             {"[links]\n\nstop = \"https://example.org/a b/{stop}\"\n", ":3: links.stop: must be printable ASCII"},
		"unknown placeholder": {"[links]\nstop = \"https://example.org/{vehicle}\"\n", ":2: links.stop: unknown placeholder {vehicle}; it may use {stop}, {name}"},
		"no placeholder":      {"[links]\nvehicle = \"https://example.org/fleet\"\n", ":2: links.vehicle: names none of {vehicle}"},
		"no scheme":           {"[links]\nstop = \"example.org/{stop}\"\n", ":2: links.stop: must be an http:// or https:// URL"},
		"javascript:":         {"[links]\nstop = \"javascript:alert({stop})\"\n", ":2: links.stop: must be an http:// or https:// URL"},
		"file:":               {"[links]\n\nvehicle = \"file:///etc/{vehicle}\"\n", ":3: links.vehicle: must be an http:// or https:// URL"},
		"data:":               {"[links]\nstop = \"data:text/html,{stop}\"\n", ":2: links.stop: must be an http:// or https:// URL"},
		"http without host":   {"[links]\nstop = \"https:{stop}\"\n", ":2: links.stop: must be an http:// or https:// URL"},
		"unknown key":         {"[links]\nline = \"https://example.org/{line}\"\n", `:2: unknown key "links.line"`},
	} {
		t.Run(name, func(t *testing.T) {
			p := writeConfig(t, c.body)
			code, _, errs := runCLI(t, "--config", p, "config")
			if code != exitUsage || !strings.HasPrefix(errs, "abfahrt: "+p) || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stderr %q, want 2 and %q", code, errs, c.want)
			}
			if strings.ContainsAny(errs, "\x1b\a") {
				t.Errorf("the error repeats a control character: %q", errs)
			}
		})
	}
}

func TestConfigShowsLinks(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("TMUX", "")
	t.Setenv("TERM", "xterm-kitty")
	code, out, errs := runCLI(t, "config")
	if code != exitOK || !regexp.MustCompile(`hyperlinks +auto \(no \[links\] template: nothing is linked\) +default`).MatchString(out) ||
		!regexp.MustCompile(`links.stop +\(none\) +default`).MatchString(out) {
		t.Errorf("without templates: exit %d\n%s%s", code, out, errs)
	}
	p := writeConfig(t, "hyperlinks = \"auto\"\n[links]\nstop = \"https://example.org/stop/{stop}\"\nvehicle = \"https://example.org/v/{vehicle}\"\n")
	t.Setenv("ABFAHRT_CONFIG", p)
	code, out, errs = runCLI(t, "config")
	for _, want := range []string{`hyperlinks +auto \(on in this terminal\) +config`, `links.stop +https://example.org/stop/\{stop\} +config`, `links.vehicle +https://example.org/v/\{vehicle\} +config`} {
		if code != exitOK || !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("%s missing: exit %d\n%s%s", want, code, out, errs)
		}
	}
	t.Setenv("TMUX", "/tmp/tmux-1/default,1,0")
	if _, out, _ = runCLI(t, "config"); !regexp.MustCompile(`hyperlinks +auto \(off in this terminal\)`).MatchString(out) {
		t.Errorf("inside tmux:\n%s", out)
	}
}

func TestHyperlinksFlagRefused(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
	for _, args := range [][]string{{"--hyperlinks", "yes"}, {"--accessible", "--hyperlinks", "yes"}, {"serve", "--hyperlinks", "yes"}} {
		code, _, errs := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(errs, `--hyperlinks must be one of auto, always, never, got "yes"`) {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}
