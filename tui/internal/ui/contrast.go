package ui

import (
	"math"
	"strconv"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Contrast floor (issue 23 item 3): text stays readable on the theme's
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

// Luminance is the WCAG relative luminance of a colour: "#RRGGBB" or an
// ANSI colour number 0–255 (xterm's default palette); ok is false for
// anything else.
func Luminance(c lipgloss.Color) (l float64, ok bool) {
	r, g, b, ok := rgb(c)
	if !ok {
		return 0, false
	}
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b), true
}

// Contrast is the WCAG contrast ratio of two colours (1 to 21); 0 when
// either is not a colour Luminance knows.
func Contrast(a, b lipgloss.Color) float64 {
	la, ok1 := Luminance(a)
	lb, ok2 := Luminance(b)
	if !ok1 || !ok2 {
		return 0
	}
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// xterm16 is xterm's default palette of the 16 ANSI colours.
var xterm16 = [16][3]uint8{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// rgb is the red, green and blue of a "#RRGGBB" or ANSI 0–255 colour.
func rgb(c lipgloss.Color) (r, g, b uint8, ok bool) {
	s := string(c)
	if len(s) == 7 && s[0] == '#' {
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return 0, 0, 0, false
		}
		return uint8(v >> 16), uint8(v >> 8), uint8(v), true
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil || n < 0 || n > 255:
		return 0, 0, 0, false
	case n < 16:
		p := xterm16[n]
		return p[0], p[1], p[2], true
	case n < 232:
		n -= 16
		lvl := func(i int) uint8 {
			if i == 0 {
				return 0
			}
			return uint8(55 + 40*i)
		}
		return lvl(n / 36), lvl(n / 6 % 6), lvl(n % 6), true
	}
	v := uint8(8 + 10*(n-232))
	return v, v, v, true
}

// holds reports whether c keeps floor against ground in 24-bit colour
// and as its nearest colour of the 256-colour palette.
func holds(c, ground lipgloss.Color, floor float64) bool {
	if Contrast(c, ground) < floor {
		return false
	}
	if v, ok := termenv.ANSI256.Color(string(c)).(termenv.ANSI256Color); ok {
		return Contrast(lipgloss.Color(strconv.Itoa(int(v))), ground) >= floor
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
