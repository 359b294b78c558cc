package ui

import (
	"strconv"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/colour"
)

// Contrast floor: text stays readable on the theme's
// background in every theme, by day and at night, and so does the sleep
// screen's clock on a black console. Contrast is WCAG's ratio of relative
// luminances: at least MinTextContrast (4.5:1) for text, and
// MinLargeContrast (3:1) for the kiosk's large sleep-screen clock
// (large text, in WCAG's terms). The night theme dims every colour, but
// never below the floor, and the sleep clock's colour, already dim, is
// not dimmed a second time.
const (
	MinTextContrast  = 4.5
	MinLargeContrast = 3.0
)

// Ground is the background a theme is drawn on: white for the light
// theme, black (the console's, the dark terminal's) for the others.
func (t Theme) Ground() lipgloss.Color {
	if t.Name == ThemeLight || t.Name == ThemeLight+"-night" {
		return "#FFFFFF"
	}
	return "#000000"
}

// TextColors are the theme's colours drawn as text on its background.
func (t *Theme) TextColors() []*lipgloss.Color {
	return []*lipgloss.Color{&t.Text, &t.Accent, &t.Muted, &t.OnTime, &t.Slight, &t.Late, &t.Early,
		&t.Cancelled, &t.Stale, &t.Error}
}

// holds reports whether c keeps floor against ground in 24-bit colour
// and as its nearest colour of the 256-colour palette.
func holds(c, ground lipgloss.Color, floor float64) bool {
	if colour.Contrast(c, ground) < floor {
		return false
	}
	if v, ok := termenv.ANSI256.Color(string(c)).(termenv.ANSI256Color); ok {
		return colour.Contrast(lipgloss.Color(strconv.Itoa(int(v))), ground) >= floor
	}
	return true
}

// scaleFloored is a "#RRGGBB" colour at level of its brightness, but no
// darker than keeps MinTextContrast against ground; others are kept.
func scaleFloored(c, ground lipgloss.Color, level float64) lipgloss.Color {
	if len(string(c)) != 7 {
		return c
	}
	for l := level; l < 1; l += 0.01 {
		if e := scaleColor(c, l); holds(e, ground, MinTextContrast) {
			return e
		}
	}
	return c
}

// delaysApart reports whether the three delay colours stay
// colour.MinDelayDeltaE apart for every deficiency (cvd.go), in 24-bit colour
// and as their nearest colours of the 256-colour palette.
func delaysApart(a, b, c lipgloss.Color) bool {
	near := func(x lipgloss.Color) lipgloss.Color {
		if v, ok := termenv.ANSI256.Color(string(x)).(termenv.ANSI256Color); ok {
			return lipgloss.Color(strconv.Itoa(int(v)))
		}
		return x
	}
	for _, set := range [][3]lipgloss.Color{{a, b, c}, {near(a), near(b), near(c)}} {
		for d := colour.Protanopia; d <= colour.Tritanopia; d++ {
			for _, p := range [][2]int{{0, 1}, {1, 2}, {0, 2}} {
				if e, ok := colour.DeltaE(d, set[p[0]], set[p[1]]); ok && e < colour.MinDelayDeltaE {
					return false
				}
			}
		}
	}
	return true
}

// dimFloored is c dimmed for the night (DimColor), but no darker (on a
// dark ground; no lighter on a light one) than keeps floor against
// ground: a "#RRGGBB" colour is dimmed less, an ANSI colour is kept.
func dimFloored(c, ground lipgloss.Color, floor float64) lipgloss.Color {
	d := DimColor(c)
	if holds(d, ground, floor) || !holds(c, ground, floor) {
		return d // held, or not even the day colour holds it (the day theme's fault)
	}
	if len(string(c)) != 7 {
		return c // an ANSI colour: the bright one stays
	}
	for level := nightLevel; level < 1; level += 0.01 {
		if e := scaleColor(c, level); holds(e, ground, floor) {
			return e
		}
	}
	return c
}
