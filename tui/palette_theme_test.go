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
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"abfahrt/internal/lockbuf"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/search"
)

// typeKeys types s into the model, a key a rune.
func (e *testEnv) typeKeys(s string) {
	e.t.Helper()
	for _, r := range s {
		e.Key(string(r))
	}
}

// choose opens the palette, types q and presses enter on the first result.
func (e *testEnv) choose(q string) {
	e.t.Helper()
	e.Key(":")
	e.typeKeys(q)
	e.runAll(e.Key("enter"))
}

// fgSeq is the SGR parameters that set the foreground to hex in profile
// p, as lipgloss writes them for the styles.
func fgSeq(p termenv.Profile, hex string) string {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	m := sgr.FindStringSubmatch(r.NewStyle().Foreground(lipgloss.Color(hex)).Render("x"))
	if m == nil {
		return "?"
	}
	return m[1]
}

// paints reports whether s sets the foreground as the parameters fg say
// (fgSeq), in an SGR sequence of its own or among others.
func paints(s, fg string) bool {
	return regexp.MustCompile(`[\[;]` + regexp.QuoteMeta(fg) + `[;m]`).MatchString(s)
}

// fgSeqs are the foregrounds of every colour of theme th in profile p.
func fgSeqs(p termenv.Profile, th ui.Theme) map[string]bool {
	out := map[string]bool{}
	for _, c := range []lipgloss.Color{th.Text, th.Accent, th.Muted, th.OnTime, th.Slight, th.Late, th.Early, th.Cancelled,
		th.Stale, th.Error, th.Border, th.BorderFocused, th.Selection, th.Bar, th.LineDefault, th.BadgeDark, th.BadgeLight,
		th.Banner, th.BannerText, th.Dim} {
		out[fgSeq(p, string(c))] = true
	}
	return out
}

// typeIn types s into the program's input, a key at a time (runes read
// at once would be one key message).
func typeIn(w io.Writer, s string) {
	for _, r := range s {
		_, _ = w.Write([]byte(string(r)))
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
}

// Issue 26 item 8: choosing a theme in the palette restyles every pane
// on the next frame: the grid of four boards and the vehicle pane beside
// it, a zoomed board's cached rows, the status line; in 24-bit and 256
// colours; the status line says it is for this session.
func TestPaletteThemeRestylesEveryPane(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
		t.Run(map[termenv.Profile]string{termenv.TrueColor: "24-bit", termenv.ANSI256: "256"}[p], func(t *testing.T) {
			lipgloss.SetColorProfile(p)
			t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
			dark, light := ui.DarkTheme(), ui.LightTheme()
			// The dark theme's colours that the light one (rounded to the
			// profile's palette) does not have too.
			var darkOnly []lipgloss.Color
			lightSeqs := fgSeqs(p, light)
			for _, c := range []lipgloss.Color{dark.Text, dark.Muted, dark.OnTime, dark.Accent, dark.BorderFocused} {
				if !lightSeqs[fgSeq(p, string(c))] {
					darkOnly = append(darkOnly, c)
				}
			}
			if len(darkOnly) < 3 {
				t.Fatalf("only %d of the dark theme's colours differ from light's in %v", len(darkOnly), p)
			}
			has := func(v string, c lipgloss.Color) bool { return paints(v, fgSeq(p, string(c))) }

			e := newGridEnv(t, 160, 48, specsOver(4), nil)
			trips, vp, pat := testkit.Line2Trip(3, model.PhaseBetween)
			e.src.SetVehicle(trips, vp, pat)
			e.runNow(app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: 44}))
			e.vehiclePoll()
			before := e.View()
			for _, want := range []string{"Ehinger Tor", "Theater", "Rathaus Ulm", "Science Park II"} {
				if !strings.Contains(before, want) {
					t.Fatalf("the grid of 4 and the vehicle pane do not show %q:\n%s", want, before)
				}
			}
			for _, c := range darkOnly {
				if !has(before, c) {
					t.Fatalf("the dark theme's %s (%s) is not drawn before the switch; the test proves nothing", c, fgSeq(p, string(c)))
				}
			}
			e.choose("light")
			after := e.View()
			for _, c := range darkOnly {
				if has(after, c) {
					t.Errorf("after choosing light the dark theme's %s is still drawn", c)
				}
			}
			if !has(after, light.Text) || !has(after, light.OnTime) {
				t.Errorf("the light theme's text and on-time colours are not drawn:\n%q", after)
			}
			if !strings.Contains(after, "theme light (this session)") {
				t.Errorf("the status line does not say the theme changed for the session:\n%s", after)
			}
			if e.m.sh.ThemeName != ui.ThemeLight {
				t.Errorf("theme in use %q", e.m.sh.ThemeName)
			}

			// A zoomed board: every row drawn before (and cached)
			// repaints in the new theme.
			z := newEnv(t, 120, 40, true)
			z.View()
			z.choose("cvd")
			rows := paintedRows(z.View())
			if len(rows) < 5 {
				t.Fatalf("%d rows drawn", len(rows))
			}
			cvd := ui.CVDTheme()
			onTime := 0
			for i, r := range rows {
				if has(r, dark.OnTime) || has(r, dark.Slight) {
					t.Errorf("row %d keeps the dark theme's delay colour: %q", i, r)
				}
				if has(r, cvd.OnTime) {
					onTime++
				}
			}
			if onTime == 0 {
				t.Errorf("no row is drawn in cvd's on-time colour %s", cvd.OnTime)
			}

			// Mono: not one colour anywhere.
			e.choose("mono")
			if codes := colourCodes(e.View()); len(codes) > 0 {
				t.Errorf("after choosing mono the frame sets colours %q", codes[:min(len(codes), 5)])
			}
		})
	}
}

// The bytes the real program paints: before the switch the dark theme's
// on-time colour, after `:` cvd enter the cvd theme's and not the dark
// one's any more; after mono no colour is set at all. In 24-bit and 256
// colours (the session's renderer decides, as over SSH).
func TestPaletteThemeSwitchPaintsNewColours(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			var out lockbuf.Buffer
			in, w := io.Pipe()
			src := testkit.NewFakeSource()
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(p)
			var marks [2]int
			prog := newProgram(New(app.Options{Source: src, Now: func() time.Time { return testkit.T0 }, Renderer: r}), in, &out,
				tea.WithContext(ctx), tea.WithoutSignalHandler())
			go func() {
				prog.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
				time.Sleep(5 * time.Second)
				typeIn(w, ":cvd")
				marks[0] = len(out.String())
				_, _ = w.Write([]byte("\r"))
				time.Sleep(time.Second)
				typeIn(w, ":mono")
				marks[1] = len(out.String())
				_, _ = w.Write([]byte("\r"))
				time.Sleep(time.Second)
				_ = w.Close()
			}()
			_, _ = prog.Run()
			time.Sleep(2 * feeds.DefaultInterval)
			got := out.String()
			before, cvd, mono := got[:marks[0]], got[marks[0]:marks[1]], got[marks[1]:]
			// A delay colour of each theme that the other (rounded to the
			// profile's palette) does not have.
			only := func(a, b ui.Theme) string {
				other := fgSeqs(p, b)
				for _, c := range []lipgloss.Color{a.OnTime, a.Late, a.Slight} {
					if f := fgSeq(p, string(c)); !other[f] {
						return f
					}
				}
				t.Fatalf("%v: every delay colour of %s is one of %s's", p, a.Name, b.Name)
				return ""
			}
			darkOn, cvdOn := only(ui.DarkTheme(), ui.CVDTheme()), only(ui.CVDTheme(), ui.DarkTheme())
			if !paints(before, darkOn) || paints(before, cvdOn) {
				t.Fatalf("%v: before the switch want dark's delay colour %q and not cvd's %q", p, darkOn, cvdOn)
			}
			if !paints(cvd, cvdOn) || paints(cvd, darkOn) {
				t.Errorf("%v: after `:cvd` enter want cvd's delay colour %q and not dark's %q: %q", p, cvdOn, darkOn, cvd)
			}
			if !strings.Contains(cvd, "theme cvd (this session)") {
				t.Errorf("%v: the status line does not say the theme changed", p)
			}
			if strings.Contains(mono, "38;") || strings.Contains(mono, "48;") {
				t.Errorf("%v: after `:mono` enter colours are still set: %q", p, mono)
			}
		})
	}
}

// The palette's themes: one entry per theme with abfahrt config's line,
// the one in use marked; an empty query lists every action first; typing
// "theme" finds the themes; German labels, and "thema" finds them too.
func TestPaletteThemeEntries(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	e := newEnv(t, 120, 40, true)
	e.Key(":")
	res := e.m.search.results
	seenTheme := false
	themes := 0
	for _, r := range res {
		if r.Entry.Kind == search.KindTheme {
			seenTheme = true
			themes++
		} else if seenTheme {
			t.Errorf("a %s (%s) after a theme for an empty query", kindLabel(e.m.sh.Texts, r.Entry.Kind), r.Entry.Title)
		}
	}
	if themes != 6 {
		t.Errorf("%d themes offered in 24-bit colour, want 6 (all but console)", themes)
	}
	e.typeKeys("theme")
	v := ansi.Strip(e.View())
	for _, want := range []string{"theme    dark", "in use · the default, for a", "cvd", "colour-blind safe"} {
		if !strings.Contains(v, want) {
			t.Errorf("typing theme does not list %q:\n%s", want, v)
		}
	}
	if k := e.m.search.results[0].Entry.Kind; k != search.KindTheme {
		t.Errorf("the first result for theme is a %s", kindLabel(e.m.sh.Texts, k))
	}

	de := newEnvWith(t, 120, 40, app.Options{Lang: "de"})
	de.Key(":")
	de.typeKeys("thema")
	v = ansi.Strip(de.View())
	for _, want := range []string{"Farben   cvd", "aktiv · der Standard", "farbenblind-sicher"} {
		if !strings.Contains(v, want) {
			t.Errorf("German: typing thema does not list %q:\n%s", want, v)
		}
	}
	de.runAll(de.Key("enter"))
	if v := ansi.Strip(de.View()); !strings.Contains(v, "Farbschema cvd (diese Sitzung)") {
		t.Errorf("German status line after the switch:\n%s", v)
	}
}

// Layouts in the palette: with a config of two layouts, choosing one
// shows its boards at once and says so; the choice holds when the hours
// of the layout of the hour end; "by the hour" gives the boards back to
// the hours. No layouts configured: no layout entries.
func TestPaletteLayouts(t *testing.T) {
	noon := app.Profile{Name: "noon", From: 12 * 60, To: 12*60 + 40, Boards: []app.BoardSpec{{Stop: 1350}}}
	evening := app.Profile{Name: "evening", From: 17 * 60, To: 20 * 60, Boards: []app.BoardSpec{{Stop: 1240}, {Stop: 1010}}}
	e := newGridEnv(t, 160, 48, []app.BoardSpec{{Stop: 1008}}, func(o *app.Options) { o.Profiles = []app.Profile{noon, evening} })
	if e.m.prof.Profile != 0 {
		t.Fatalf("at 12:34 the noon layout should show, profile %d", e.m.prof.Profile)
	}
	e.Key(":")
	e.typeKeys("layout")
	v := e.View()
	for _, want := range []string{"layout   noon", "in use · 12:00-12:40", "evening", "17:00-20:00"} {
		if !strings.Contains(v, want) {
			t.Errorf("the palette does not list %q:\n%s", want, v)
		}
	}
	e.Key("esc")
	e.choose("evening")
	e.pollFeeds()
	v = e.View()
	if !strings.Contains(v, "Theater") || !strings.Contains(v, "Rathaus Ulm") || strings.Contains(v, "Ehinger Tor") {
		t.Errorf("choosing evening does not show its boards:\n%s", v)
	}
	if !strings.Contains(v, "layout evening (chosen: it stays until you choose again)") {
		t.Errorf("the status line does not say the layout was chosen:\n%s", v)
	}
	e.advance(7 * time.Minute) // 12:41: the noon hours end; the choice holds
	e.pollFeeds()
	if v := e.View(); e.m.prof.Profile != 1 || !strings.HasPrefix(v, " 2 boards ·") || !strings.Contains(v, "1 Theater") {
		t.Errorf("after the noon hours the chosen layout did not hold: profile %d:\n%s", e.m.prof.Profile, v)
	}
	e.choose("by the hour")
	e.pollFeeds()
	if title := firstLine(e.View()); e.m.prof.Profile != -1 || !strings.HasPrefix(title, " 1 Hauptbahnhof ·") {
		t.Errorf("by the hour: profile %d, title %q; want the start board alone", e.m.prof.Profile, title)
	}
	if v := e.View(); !strings.Contains(v, "layouts follow their hours again") {
		t.Errorf("by the hour said nothing:\n%s", v)
	}

	plain := newEnv(t, 120, 40, true)
	plain.Key(":")
	for _, r := range plain.m.search.results {
		if r.Entry.Kind == search.KindLayout {
			t.Errorf("no layouts configured, yet the palette offers %q", r.Entry.Title)
		}
	}
}

// The night theme coming on repaints the cached rows too, also those
// whose text stays (a departure shown by its clock time): the styles are
// swapped by pointer, and the rows are cached by it.
func TestNightRepaintsCachedRows(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	e := newEnvWith(t, 120, 40, app.Options{Night: true, NightFrom: 12*60 + 35, NightTo: 13 * 60})
	e.View()
	day := fgSeq(termenv.TrueColor, string(ui.DarkTheme().Text))
	if !paints(e.View(), day) || ui.DarkTheme().Dimmed().Text == ui.DarkTheme().Text {
		t.Fatal("the day's text colour is not drawn before the night, or the night's is the same")
	}
	e.advance(4 * time.Second) // 12:35:00
	if n := e.m.sh.Styles.Theme.Name; n != "dark-night" {
		t.Fatalf("theme %q at 12:35", n)
	}
	for i, r := range paintedRows(e.View()) {
		if paints(r, day) {
			t.Errorf("row %d keeps the day's text colour at night: %q", i, r)
		}
	}
}
