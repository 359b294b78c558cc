package tui

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/internal/lockbuf"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// Issue 26 item 6: with hyperlinks on, the board's stop name and its
// vehicles' numbers are written as OSC 8 links to the templates' URLs,
// read back from what the real program writes to its terminal; off
// (never, or auto inside tmux) nothing of it is written; and a link
// changes nothing else: the program's bytes without the links are the
// bytes of the same program without links, in mono and in colour.

var testLinks = app.Links{Stop: "https://example.org/stop/{stop}?n={name}", Vehicle: "https://example.org/vehicle/{vehicle}"}

// linkedRun runs the painted board with links l and theme on the fake
// source for a few seconds of its clock at 120×30 and returns every byte
// it wrote.
func linkedRun(t *testing.T, l app.Links, theme string) string {
	var got string
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
		defer cancel()
		var out lockbuf.Buffer
		start := time.Now()
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		o := app.Options{Source: testkit.NewFakeSource(), Now: func() time.Time { return testkit.T0.Add(time.Since(start)) },
			Theme: theme, Renderer: r, Links: l}
		p := newProgram(New(o), nil, &out, tea.WithContext(ctx), tea.WithoutSignalHandler())
		go p.Send(tea.WindowSizeMsg{Width: 120, Height: 30})
		_, _ = p.Run()
		time.Sleep(2 * feeds.DefaultInterval) // the ticks in flight end
		got = out.String()
	})
	return got
}

var osc8Seq = regexp.MustCompile("\x1b\\]8;([^;\x1b\a]*);([^\x1b\a]*)(\x1b\\\\|\a)")

func TestHyperlinksWritten(t *testing.T) {
	for _, theme := range []string{ui.ThemeMono, ui.ThemeDark} {
		t.Run(theme, func(t *testing.T) {
			got := linkedRun(t, testLinks, theme)
			stop := regexp.MustCompile("\x1b\\]8;;https://example\\.org/stop/1008\\?n=Hauptbahnhof\x1b\\\\(\x1b\\[[0-9;]*m)*Hauptbahnhof")
			if !stop.MatchString(got) {
				t.Errorf("the board's stop name is not linked to its URL:\n%q", cut(got, 600))
			}
			veh := regexp.MustCompile("\x1b\\]8;;https://example\\.org/vehicle/([0-9]+)\x1b\\\\(?:\x1b\\[[0-9;]*m)*([0-9]+)")
			ms := veh.FindAllStringSubmatch(got, -1)
			if len(ms) < 2 {
				t.Errorf("%d vehicle numbers linked, want the VEH column's:\n%q", len(ms), cut(got, 600))
			}
			for _, m := range ms {
				if m[1] != m[2] {
					t.Errorf("vehicle %s linked to the URL of vehicle %s", m[2], m[1])
				}
			}
			opens, closes := 0, 0
			for _, m := range osc8Seq.FindAllStringSubmatch(got, -1) {
				if m[3] != "\x1b\\" || m[1] != "" {
					t.Errorf("OSC 8 %q: not ended by ST or with parameters", m[0])
				}
				switch {
				case m[2] == "":
					closes++
				case !strings.HasPrefix(m[2], "https://example.org/stop/") && !strings.HasPrefix(m[2], "https://example.org/vehicle/"):
					t.Errorf("a link to %q", m[2])
				default:
					opens++
				}
			}
			if opens == 0 || closes == 0 || strings.Contains(got, "\a") {
				t.Errorf("%d links opened, %d closed; BEL in the output: %v", opens, closes, strings.Contains(got, "\a"))
			}
			// A template without {name} links the stop from the first
			// frame; with it, from when the name is known. That the links
			// change nothing else on the screen is
			// screen.TestLinksChangeNothingElseOnScreen's (the renderer
			// draws in the order that costs the fewest bytes, which
			// links change, so the bytes are not compared).
			got = linkedRun(t, app.Links{Stop: "https://example.org/stop/{stop}", Vehicle: testLinks.Vehicle}, theme)
			if !strings.Contains(got, "\x1b]8;;https://example.org/stop/1008\x1b\\") {
				t.Errorf("the stop is not linked by its number: %q", cut(got, 400))
			}
			plain := linkedRun(t, app.Links{}, theme)
			if osc8Seq.MatchString(plain) {
				t.Fatalf("no templates, but OSC 8 written: %q", cut(plain, 400))
			}
		})
	}
}

// never, and auto inside tmux (or on a terminal not known to show links),
// write no link, templates or not.
func TestHyperlinksOffWriteNothing(t *testing.T) {
	envs := map[string]map[string]string{
		"never in kitty":  {"TERM": "xterm-kitty"},
		"auto in tmux":    {"TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"},
		"auto in screen":  {"TERM": "screen-256color", "STY": "1.pts-0"},
		"auto on console": {"TERM": "linux"},
		"auto unknown":    {"TERM": "xterm-256color"},
	}
	for name, env := range envs {
		mode := app.HyperlinksAuto
		if strings.HasPrefix(name, "never") {
			mode = app.HyperlinksNever
		}
		l := testLinks.On(mode, func(k string) string { return env[k] })
		if got := linkedRun(t, l, ui.ThemeDark); strings.Contains(got, "\x1b]8;") || !strings.Contains(got, "Hauptbahnhof") {
			t.Errorf("%s: OSC 8 written (or no board): %q", name, cut(got, 400))
		}
	}
	if l := testLinks.On(app.HyperlinksAuto, func(k string) string { return map[string]string{"TERM": "xterm-kitty"}[k] }); l != testLinks {
		t.Error("auto in kitty links nothing")
	}
}

func cut(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// The other places a stop or vehicle is linked: each grid cell's title,
// the merged list's stops and vehicles, the fleet's vehicle numbers and
// the vehicle pane's title. Each link holds the text it names and no more.
func TestHyperlinksInEveryView(t *testing.T) {
	l := app.Links{Stop: "https://example.org/stop/{stop}", Vehicle: "https://example.org/vehicle/{vehicle}"}
	linked := func(view, kind string) map[string]string {
		out := map[string]string{}
		re := regexp.MustCompile("\x1b\\]8;;https://example\\.org/" + kind + "/([0-9]+)\x1b\\\\((?:\x1b\\[[0-9;]*m)*([^\x1b]*)(?:\x1b\\[[0-9;]*m)*)\x1b\\]8;;\x1b\\\\")
		for _, m := range re.FindAllStringSubmatch(view, -1) {
			out[m[1]] = m[3]
		}
		return out
	}
	e := newGridEnv(t, 160, 48, specsOver(4), func(o *app.Options) { o.Links = l })
	if got := linked(e.m.View(), "stop"); len(got) != 4 {
		t.Errorf("grid cells' titles linked: %v, want 4 stops", got)
	}
	e.Key("m")
	v := e.m.View()
	if len(linked(v, "stop")) < 2 || len(linked(v, "vehicle")) < 5 {
		t.Errorf("merged list: stops %v, vehicles %v", linked(v, "stop"), linked(v, "vehicle"))
	}
	for num, text := range linked(v, "vehicle") {
		if text != num {
			t.Errorf("merged list: vehicle %s's link holds %q", num, text)
		}
	}
	e.Key("m")
	e.Key("v")
	e.fleetPoll()
	got := linked(e.m.View(), "vehicle")
	if len(got) < 3 {
		t.Errorf("fleet: vehicles linked %v", got)
	}
	for num, text := range got {
		if text != num {
			t.Errorf("fleet: vehicle %s's link holds %q", num, text)
		}
	}

	ve := newEnvWith(t, 160, 40, app.Options{Links: l})
	ve.src.SetVehicle(testkit.Line2Trip(8, model.PhaseBetween))
	ve.openVehicle(44)
	ve.vehiclePoll()
	if got := linked(ve.m.View(), "vehicle"); got["44"] != "Tram 44" {
		t.Errorf("the vehicle pane's title: links %v, want 44 on \"Tram 44\"", got)
	}
}
