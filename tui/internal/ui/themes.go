package ui

import (
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/colour"
)

// Themes for who reads the board: the terminal's own palette, and a
// palette safe for colour vision deficiencies.
const (
	// ThemeANSI ("ansi") draws with the terminal's own 16 palette colours
	// only (SGR 30–37 and 90–97, backgrounds 40–47): the user's palette,
	// perhaps tuned for their colour vision, decides what they look like.
	ThemeANSI = "ansi"
	// ThemeCVD ("cvd") is safe for colour vision deficiencies: the
	// Okabe–Ito palette (Okabe and Ito 2008, "Color Universal Design")
	// for the delays and the line badges.
	ThemeCVD = "cvd"
)

// ANSITheme is the console's 16 palette colours with every glyph: the
// terminal's own palette decides what they look like.
func ANSITheme() Theme {
	t := ConsoleTheme()
	t.Name, t.ConsoleFont = ThemeANSI, false
	return t
}

// CVDTheme is the dark theme with Okabe–Ito colours where colour carries
// meaning: on time sky blue, slightly late yellow, late vermillion, early
// bluish green; line badges in the Okabe–Ito colour nearest their own.
func CVDTheme() Theme {
	t := DarkTheme()
	t.Name = ThemeCVD
	t.OnTime, t.Slight, t.Late = "#56B4E9", "#F0E442", "#D55E00"
	t.Early, t.Cancelled, t.Error = "#009E73", "#D55E00", "#D55E00"
	t.Accent, t.Stale, t.BorderFocused = "#F0E442", "#E69F00", "#F0E442"
	return t
}

// OkabeIto is the table with each line's colour replaced by the Okabe–Ito
// colour nearest to it (CIELAB), so that a line keeps its hue family.
func (lc LineColors) OkabeIto() LineColors {
	out := make(LineColors, len(lc))
	for name, hex := range lc {
		out[name] = colour.NearestOkabeIto(hex)
	}
	return out
}

// ThemeLine is one line about the theme called name in the language of
// t: abfahrt config's line in English.
func (t *Texts) ThemeLine(name string) string {
	if s, ok := t.ThemesAbout[name]; ok {
		return s
	}
	return catalog.ThemeAbout[name]
}

// PaletteThemes are the themes the command palette offers on a terminal
// of colour profile p, in ThemeNames' order; console: it is the Linux
// console. Without colour only mono; with 16 colours the themes drawn
// in the terminal's own palette (a 24-bit theme there would be rounded
// to 16 colours, and cvd would lose its Okabe–Ito colours): console on
// the Linux console, else ansi; with 256 or 24-bit colour every theme
// but console, which is for the Linux console only.
func PaletteThemes(p termenv.Profile, console bool) []string {
	var out []string
	for _, name := range ThemeNames() {
		ok := false
		switch p {
		case termenv.Ascii:
			ok = name == ThemeMono
		case termenv.ANSI:
			ok = name == ThemeMono || (console && name == ThemeConsole) || (!console && name == ThemeANSI)
		default:
			ok = name != ThemeConsole || console
		}
		if ok {
			out = append(out, name)
		}
	}
	return out
}
