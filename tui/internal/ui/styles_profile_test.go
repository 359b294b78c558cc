package ui

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// TestStylesConvertedOncePerProfile: on a 256- and a 16-colour terminal
// the styles, whose colours are converted to the palette when they are
// built, paint exactly what lipgloss paints from the theme's "#RRGGBB"
// colours, line badges (and their dark or light text) included; in 24-bit
// colour the colours stay as they are.
func TestStylesConvertedOncePerProfile(t *testing.T) {
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for _, p := range []termenv.Profile{termenv.ANSI256, termenv.ANSI, termenv.TrueColor} {
		lipgloss.SetColorProfile(p)
		for _, name := range ThemeNames() {
			th, _ := ThemeByName(name)
			if th.Mono || th.Console {
				continue // no colours, or ANSI colours and line colours fitted to the console (console_test.go)
			}
			st := NewStyles(th, UlmLineColors())
			s := lipgloss.NewStyle
			lines := UlmLineColors()
			if name == ThemeCVD {
				lines = lines.OkabeIto() // the cvd theme's badges (themes.go)
			}
			on := func(line string) lipgloss.Color {
				if isLight(lines[line]) {
					return th.BadgeDark
				}
				return th.BadgeLight
			}
			pairs := map[string][2]lipgloss.Style{
				"Text":  {st.Text, s().Foreground(th.Text)},
				"Late":  {st.Late, s().Foreground(th.Late).Bold(true)},
				"Bar":   {st.Bar, s().Foreground(th.Muted).Background(th.Bar)},
				"sel":   {st.HighlightRow(st.Due), s().Foreground(th.Text).Bold(true).Background(th.Selection)},
				"badge": {st.LineBadge("9"), s().Background(lipgloss.Color(lines["9"])).Foreground(on("9")).Bold(true)},
				"dark":  {st.LineBadge("11"), s().Background(lipgloss.Color(lines["11"])).Foreground(on("11")).Bold(true)},
				"mark":  {st.LineMark("2"), s().Foreground(lipgloss.Color(lines["2"]))},
			}
			for what, pair := range pairs {
				if got, want := pair[0].Render("x"), pair[1].Render("x"); got != want {
					t.Errorf("profile %d, theme %s, %s: %q, want %q", p, name, what, got, want)
				}
			}
			if p == termenv.TrueColor && st.Theme.Text != th.Text {
				t.Errorf("24-bit: Text became %q", st.Theme.Text)
			}
			if p == termenv.ANSI256 && st.Theme.Text == th.Text {
				t.Errorf("256 colours: Text still %q, converted on every Render", st.Theme.Text)
			}
		}
	}
}

// TestStylesConvertedForTheSessionsRenderer: an SSH session's styles are
// converted for its own renderer's profile, not the process's.
func TestStylesConvertedForTheSessionsRenderer(t *testing.T) {
	lipgloss.SetColorProfile(termenv.Ascii)
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.ANSI256)
	th := DarkTheme()
	st := NewStylesWith(r, th, UlmLineColors())
	if st.Theme.Text == th.Text {
		t.Errorf("Text still %q on a 256-colour session", st.Theme.Text)
	}
	if got, want := st.LineBadge("9").Render("x"), r.NewStyle().Background(lipgloss.Color("#E09DBC")).Foreground(th.BadgeDark).Bold(true).Render("x"); got != want {
		t.Errorf("badge %q, want %q", got, want)
	}
}
