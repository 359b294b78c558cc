package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// newEnvWith is newEnv (loaded, first poll answered) with the options of
// o on top of the test defaults.
func newEnvWith(t testing.TB, w, h int, o app.Options) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	o.Source, o.SourceName, o.Now = e.src, "simulated Ulm network", func() time.Time { return e.now }
	e.m = New(o)
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.poll()
	return e
}

// sgr matches an SGR escape sequence and captures its parameters.
var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// colourCodes returns the SGR sequences of s that set a colour: 30–49
// (including 38 and 48 for 256 and 24-bit colour) and 90–107.
func colourCodes(s string) []string {
	var out []string
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			if (len(p) == 2 && (p[0] == '3' || p[0] == '4')) || (len(p) >= 2 && p[0] == '9') || (len(p) == 3 && p[:2] == "10") {
				out = append(out, m[0])
				break
			}
		}
	}
	return out
}

// TestMonoHasNoColour renders every face of the TUI with the mono theme on
// a 24-bit colour terminal: not one colour escape code, while bold and
// reverse video still carry the line badges, the cursor and the stale
// marker. The dark theme, rendered the same way, does use colour.
func TestMonoHasNoColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	faces := map[string]func(e *testEnv) string{
		"board": func(e *testEnv) string { return e.m.View() },
		"stale": func(e *testEnv) string {
			e.src.SetErr(errString("503"))
			e.poll()
			return e.m.View()
		},
		"search": func(e *testEnv) string {
			e.Key("/")
			e.Key("h")
			return e.m.View()
		},
		"help": func(e *testEnv) string { e.Key("?"); return e.m.View() },
		"kiosk": func(*testEnv) string {
			k := newKioskEnv(t, 160, 48, app.KioskOptions{LargeCountdown: true})
			k.k.Shared.Styles = ui.NewStyles(ui.MonoTheme(), ui.UlmLineColors())
			k.kpoll()
			k.src.SetErr(errString("503"))
			k.advance(time.Minute)
			k.kpoll()
			return k.View()
		},
	}
	for name, face := range faces {
		mono := face(newEnvWith(t, 120, 40, app.Options{Theme: ui.ThemeMono}))
		if codes := colourCodes(mono); len(codes) > 0 {
			t.Errorf("%s: mono emits colour codes %q", name, codes[:min(len(codes), 5)])
		}
		if name != "kiosk" && len(colourCodes(face(newEnvWith(t, 120, 40, app.Options{Theme: ui.ThemeDark})))) == 0 {
			t.Errorf("%s: the dark theme emits no colour at all; the test proves nothing", name)
		}
		if !strings.Contains(mono, "\x1b[1;7m") && !strings.Contains(mono, "\x1b[7;1m") && !strings.Contains(mono, "\x1b[7m") {
			t.Errorf("%s: mono should use reverse video for badges and markers", name)
		}
	}
}

// TestMonoGolden pins the mono board at 80×24 with its attributes (the
// ANSI profile keeps bold and reverse, and would show any colour).
func TestMonoGolden(t *testing.T) {
	lipgloss.SetColorProfile(termenv.ANSI)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	e := newEnvWith(t, 80, 24, app.Options{Theme: ui.ThemeMono})
	v := e.m.View()
	if codes := colourCodes(v); len(codes) > 0 {
		t.Fatalf("mono emits colour codes %q", codes)
	}
	golden.RequireEqual(t, []byte(v))
}
