package tui

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// consoleFaces renders every face of the TUI with options o (the console
// theme, or another theme with the console font): the board, a stale
// board, search, help, the grid, merged and fleet views, the vehicle pane
// with its map and sparkline, the pins, and the kiosk with its large
// countdown, "data delayed" banner and alert ticker. Each face is
// returned as View gives it (raw) and as the program shows it, through
// forFont (shown).
func consoleFaces(t *testing.T, o app.Options) map[string][2]string {
	t.Helper()
	faces := map[string]func() tea.Model{
		"board": func() tea.Model { return newGridEnv(t, 120, 40, nil, opts(o)).m },
		"stale": func() tea.Model {
			e := newGridEnv(t, 120, 40, nil, opts(o))
			e.src.SetErr(errString("503"))
			e.advance(time.Minute)
			e.poll()
			return e.m
		},
		"search": func() tea.Model {
			e := newGridEnv(t, 120, 40, nil, opts(o))
			e.Key("/")
			e.Key("h")
			return e.m
		},
		"help": func() tea.Model {
			e := newGridEnv(t, 120, 40, nil, opts(o))
			e.Key("?")
			return e.m
		},
		"grid":   func() tea.Model { return newGridEnv(t, 160, 48, specsOver(4), opts(o)).m },
		"merged": func() tea.Model { e := newGridEnv(t, 120, 40, specsOver(4), opts(o)); e.Key("m"); return e.m },
		"fleet": func() tea.Model {
			e := newGridEnv(t, 120, 40, specsOver(2), opts(o))
			e.Key("v")
			e.fleetPoll()
			return e.m
		},
		"vehicle": func() tea.Model { return consoleVehicleEnv(t, o, 160, 48).m },
		"vehicle-small": func() tea.Model {
			return consoleVehicleEnv(t, o, 80, 24).m
		},
		"pins": func() tea.Model {
			dir := t.TempDir()
			e := newGridEnv(t, 120, 40, []app.BoardSpec{{Stop: 1350}}, func(p *app.Options) { opts(o)(p); p.StateDir = dir })
			e.pinAndSave()
			e2 := newGridEnv(t, 120, 40, nil, func(p *app.Options) { opts(o)(p); p.StateDir = dir })
			return e2.m
		},
		"kiosk": func() tea.Model {
			ko := o
			ko.Kiosk = app.KioskOptions{Enabled: true, LargeCountdown: true}
			e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
			ko.Source, ko.SourceName, ko.Now = e.src, "simulated Ulm network", func() time.Time { return e.now }
			k := kiosk.NewModel(ko)
			e.k = &k
			e.send(tea.WindowSizeMsg{Width: 160, Height: 48})
			e.send(e.src.Base)
			e.kpoll()
			e.kalert()
			e.src.SetErr(errString("503"))
			e.advance(time.Minute)
			e.kpoll()
			return *e.k
		},
	}
	out := make(map[string][2]string, len(faces))
	for name, face := range faces {
		m := face()
		out[name] = [2]string{m.View(), forFont(o, m).View()}
	}
	return out
}

// opts puts the theme and font of o on a test's options.
func opts(o app.Options) func(*app.Options) {
	return func(p *app.Options) { p.Theme, p.ConsoleFont = o.Theme, o.ConsoleFont }
}

// consoleVehicleEnv is the vehicle pane of tram 44 between two stops,
// polled three times so the sparkline has values.
func consoleVehicleEnv(t *testing.T, o app.Options, w, h int) *testEnv {
	t.Helper()
	e := newGridEnv(t, w, h, nil, opts(o))
	e.src.SetVehicle(testkit.Line2Trip(8, model.PhaseBetween))
	e.openVehicle(44)
	e.vehiclePoll()
	return e
}

// TestConsoleViewsUseTheConsoleFont: with the console theme, and with any
// theme and the console font (TERM=linux with --theme), every face of the
// TUI shows only glyphs the Linux console's font has; every other glyph a
// view draws has a chosen stand-in (no "?" for the TUI's own symbols);
// stand-ins keep every line's width; the map is drawn in half blocks,
// never braille.
func TestConsoleViewsUseTheConsoleFont(t *testing.T) {
	lipgloss.SetColorProfile(termenv.ANSI)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for _, o := range []app.Options{{Theme: ui.ThemeConsole}, {Theme: ui.ThemeHighContrast, ConsoleFont: true}, {Theme: ui.ThemeMono, ConsoleFont: true}} {
		for name, f := range consoleFaces(t, o) {
			raw, shown := f[0], f[1]
			what := fmt.Sprintf("%s/%s", o.Theme, name)
			if raw == "" {
				t.Errorf("%s: empty view", what)
				continue
			}
			unsafe := map[rune]bool{}
			for _, r := range raw {
				if r >= 0x2800 && r <= 0x28FF {
					t.Errorf("%s: braille %q drawn with the console font", what, r)
				}
				if !ui.ConsoleSafe(r) {
					if _, ok := ui.ConsoleFallback[r]; !ok {
						unsafe[r] = true
					}
				}
			}
			if len(unsafe) > 0 {
				t.Errorf("%s: glyphs without a console stand-in: %q", what, sortedRunes(unsafe))
			}
			for _, r := range shown {
				if !ui.ConsoleSafe(r) {
					t.Errorf("%s: shows %q (U+%04X), which the console font lacks", what, r, r)
					break
				}
			}
			rawLines, shownLines := strings.Split(raw, "\n"), strings.Split(shown, "\n")
			if len(rawLines) != len(shownLines) {
				t.Fatalf("%s: %d lines shown, %d drawn", what, len(shownLines), len(rawLines))
			}
			for i := range rawLines {
				if a, b := ansi.StringWidth(rawLines[i]), ansi.StringWidth(shownLines[i]); a != b {
					t.Errorf("%s: line %d is %d cells wide shown, %d drawn:\n%s", what, i, b, a, shownLines[i])
				}
			}
			if strings.HasPrefix(name, "vehicle") && !strings.ContainsAny(ansi.Strip(shown), "▒█") {
				t.Errorf("%s: no half blocks: the map is missing\n%s", what, ansi.Strip(shown))
			}
		}
	}
}

func sortedRunes(set map[rune]bool) string {
	rs := make([]rune, 0, len(set))
	for r := range set {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	return string(rs)
}

// TestConsoleThemeColours: on the console's 16-colour profile the console
// theme writes only the 16 ANSI colours, and backgrounds only from the
// first 8 (the console draws a bright background as the dark one, so
// white text on it would vanish); the signals are bright green, yellow
// and red, still distinct.
func TestConsoleThemeColours(t *testing.T) {
	lipgloss.SetColorProfile(termenv.ANSI)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for name, f := range consoleFaces(t, app.Options{Theme: ui.ThemeConsole}) {
		for _, m := range sgr.FindAllStringSubmatch(f[1], -1) {
			for _, p := range strings.Split(m[1], ";") {
				switch {
				case p == "38" || p == "48":
					t.Errorf("%s: extended colour %q", name, m[0])
				case len(p) == 3 && p[:2] == "10":
					t.Errorf("%s: bright background %q", name, m[0])
				}
			}
		}
	}
	th := ui.ConsoleTheme()
	if th.OnTime == th.Slight || th.Slight == th.Late || th.OnTime == th.Late {
		t.Errorf("delays not distinguishable: on time %s, slight %s, late %s", th.OnTime, th.Slight, th.Late)
	}
	for hex, want := range map[string]string{"#E52129": "1", "#3EAD56": "2", "#085EA4": "4", "#B2116C": "5"} {
		bg, fg, mark, ok := ui.ConsoleLineColor(hex)
		if !ok || string(bg) != want || fg == "" || mark == "0" || mark == "8" {
			t.Errorf("line colour %s: badge %s text %s mark %s, want badge %s", hex, bg, fg, mark, want)
		}
	}
}

// BenchmarkConsoleView: the console font's cost per frame, a board at
// 120×40 whose view changed (every glyph looked at) and unchanged (the
// last frame reused).
func BenchmarkConsoleView(b *testing.B) {
	e := newGridEnv(b, 120, 40, nil, opts(app.Options{Theme: ui.ThemeConsole}))
	frame := e.m.View()
	b.Run("changed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = ui.ConsoleText(frame)
		}
	})
	b.Run("unchanged", func(b *testing.B) {
		c := consoleModel{Model: e.m, last: &consoleFrame{}}
		b.ReportAllocs()
		for b.Loop() {
			_ = c.View()
		}
	})
	b.Run("view-alone", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = e.m.View()
		}
	})
}
