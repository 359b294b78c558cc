package app

import (
	"strings"
	"testing"

	"abfahrt/tui/internal/ui"
)

func TestHyperlinksForTerminals(t *testing.T) {
	for _, c := range []struct {
		mode string
		env  map[string]string
		want bool
	}{
		{HyperlinksAlways, map[string]string{"TMUX": "x", "TERM": "linux"}, true},
		{HyperlinksNever, map[string]string{"TERM": "xterm-kitty"}, false},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-kitty"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-ghostty"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "foot"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "alacritty"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "WT_SESSION": "abc"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "VTE_VERSION": "7600"}, true},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color", "VTE_VERSION": "4803"}, false},
		{HyperlinksAuto, map[string]string{"TERM": "xterm-256color"}, false}, // unknown
		{HyperlinksAuto, map[string]string{"TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"}, false},
		{HyperlinksAuto, map[string]string{"TERM": "screen", "TERM_PROGRAM": "iTerm.app"}, false},
		{HyperlinksAuto, map[string]string{"TERM": "linux"}, false},
		{HyperlinksAuto, map[string]string{"TERM": "dumb"}, false},
		{HyperlinksAuto, map[string]string{}, false},
		{"", map[string]string{"TERM": "foot"}, true}, // "" is auto
	} {
		if got := HyperlinksFor(c.mode, func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("HyperlinksFor(%q, %v) = %v, want %v", c.mode, c.env, got, c.want)
		}
	}
}

func TestLinkURLs(t *testing.T) {
	l := Links{Stop: "https://example.org/s/{stop}?q={name}&x={", Vehicle: "https://example.org/v/{vehicle}/{vehicle}"}
	if got, want := l.StopURL(1008, "Ulm Hbf/Süd;\x1b]8;;x\a?&="), "https://example.org/s/1008?q=Ulm%20Hbf%2FS%C3%BCd%3B%1B%5D8%3B%3Bx%07%3F%26%3D&x={"; got != want {
		t.Errorf("StopURL = %q, want %q", got, want)
	}
	if got := l.StopURL(1008, ""); got != "" {
		t.Errorf("a URL with the name before it is known: %q", got)
	}
	if got := (Links{Stop: "https://x/{stop}"}).StopURL(1008, ""); got != "https://x/1008" {
		t.Errorf("a URL without the name: %q", got)
	}
	if got := l.VehicleURL(44); got != "https://example.org/v/44/44" {
		t.Errorf("VehicleURL = %q", got)
	}
	if l.VehicleURL(0) != "" || l.StopURL(0, "x") != "" || (Links{}).StopURL(1008, "x") != "" || (Links{}).VehicleURL(4) != "" {
		t.Error("a link without a number or template")
	}
	long := Links{Stop: "https://example.org/{name}"}
	if got := long.StopURL(1, strings.Repeat("ä", 400)); got != "" {
		t.Errorf("a URL over 2048 bytes: %d bytes", len(got))
	}
	if got := Link("", "text"); got != "text" {
		t.Errorf("Link without a URL = %q", got)
	}
	if got := Link("https://x/1", "t"); got != "\x1b]8;;https://x/1\x1b\\t\x1b]8;;\x1b\\" {
		t.Errorf("Link = %q", got)
	}
	paint := func(s ...string) string { return "[" + strings.Join(s, "") + "]" }
	if got := LinkPadLeft(paint, "https://x/4", "44", 5); got != "[   ]"+Link("https://x/4", "[44]") {
		t.Errorf("LinkPadLeft = %q", got)
	}
	if got := LinkPad(paint, "https://x/s", "Hbf", 5); got != Link("https://x/s", "[Hbf]")+"[  ]" {
		t.Errorf("LinkPad = %q", got)
	}
	if got := LinkPadLeft(paint, "", "44", 3); got != "[ 44]" {
		t.Errorf("LinkPadLeft without a URL = %q", got)
	}
}

func TestCheckLinkTemplate(t *testing.T) {
	for tmpl, want := range map[string]string{
		"":                                             "",
		"https://example.org/stop/{stop}":              "",
		"HTTPS://example.org/stop/{stop}":              "",
		"geo:0,0?q={name}":                             "an http:// or https:// URL",
		"javascript:alert({stop})":                     "an http:// or https:// URL",
		"file:///home/{stop}":                          "an http:// or https:// URL",
		"https:///{stop}":                              "an http:// or https:// URL",
		"https://example.org/{name}/{stop}":            "",
		"https://example.org/stop/{vehicle}":           "unknown placeholder {vehicle}; it may use {stop}, {name}",
		"https://example.org/stop/":                    "names none of {stop}, {name}",
		"https://example.org/{stop":                    "without its '}'",
		"example.org/{stop}":                           "an http:// or https:// URL",
		"1http://x/{stop}":                             "an http:// or https:// URL",
		"https://example.org/\x1b]8;{stop}":            "printable ASCII",
		"https://example.org/\a{stop}":                 "printable ASCII",
		"https://example.org/a b/{stop}":               "printable ASCII",
		"https://example.org/ü/{stop}":                 "printable ASCII",
		"https://example.org/\u009b/{stop}":            "printable ASCII",
		"https://x/{stop}" + strings.Repeat("a", 1100): "at most 1024",
	} {
		err := CheckLinkTemplate(tmpl, StopPlaceholders)
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", tmpl, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: error %v, want one saying %q", tmpl, err, want)
		}
	}
	if err := CheckLinkTemplate("https://x/{vehicle}", VehiclePlaceholders); err != nil {
		t.Error(err)
	}
}

// A linked text cut to fit keeps its link's end (the "…" of the cut name
// is linked with it), so the link cannot run on over what follows.
func TestLinkCutKeepsItsEnd(t *testing.T) {
	s := ui.Fit(" "+Link("https://x/1008", "\x1b[1mHauptbahnhof\x1b[m")+" · Departures", 8)
	if want := " \x1b]8;;https://x/1008\x1b\\\x1b[1mHauptb…\x1b[m\x1b]8;;\x1b\\"; s != want {
		t.Errorf("Fit = %q, want %q", s, want)
	}
}
