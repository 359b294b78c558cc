package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// The night theme: between Options.NightFrom and NightTo (minutes of the
// day on the service's clock) the board and the kiosk draw in a dimmer
// variant of their theme (every colour at nightLevel of its brightness;
// the console theme's bright ANSI colours become their normal ones; mono
// is unchanged), so a display in a dark hall or bedroom does not glare.

// nightLevel is the brightness of the night theme's colours.
const nightLevel = 0.55

// Dimmed returns the theme with every colour darkened to nightLevel, but
// text no darker than the contrast floor (contrast.go) allows; Dim, the
// sleep clock's colour, is dim already and is not dimmed again.
func (t Theme) Dimmed() Theme {
	if t.Mono {
		return t
	}
	ground := t.Ground()
	day := [3]lipgloss.Color{t.OnTime, t.Slight, t.Late}
	for _, c := range t.TextColors() {
		*c = dimFloored(*c, ground, MinTextContrast)
	}
	// The delay colours are dimmed only as far as a colour-blind rider
	// still tells them apart (cvd.go): the floor brings them together.
	if !t.Console && !delaysApart(t.OnTime, t.Slight, t.Late) { // a palette's colours are the user's
		for level := nightLevel; level < 1; level += 0.05 {
			c := [3]lipgloss.Color{}
			for i := range day {
				c[i] = scaleFloored(day[i], ground, level)
			}
			if delaysApart(c[0], c[1], c[2]) {
				t.OnTime, t.Slight, t.Late = c[0], c[1], c[2]
				break
			}
			t.OnTime, t.Slight, t.Late = day[0], day[1], day[2]
		}
	}
	for _, c := range []*lipgloss.Color{&t.Border, &t.BorderFocused, &t.Selection, &t.Bar, &t.LineDefault,
		&t.BadgeDark, &t.BadgeLight, &t.Banner, &t.BannerText} {
		*c = DimColor(*c)
	}
	t.Name += "-night"
	return t
}

// consoleNight is the night colour of each ANSI colour the console theme
// uses bright: its normal variant (the console has nothing between), and
// the normal light grey of muted text the dark grey.
var consoleNight = map[lipgloss.Color]lipgloss.Color{
	"15": "7", "7": "8", "9": "1", "10": "2", "11": "3", "12": "4", "13": "5", "14": "6",
}

// DimColor darkens a "#RRGGBB" colour and turns a bright ANSI colour
// into its normal one; others are kept.
func DimColor(c lipgloss.Color) lipgloss.Color {
	if n, ok := consoleNight[c]; ok {
		return n
	}
	s := string(c)
	if len(s) != 7 || !strings.HasPrefix(s, "#") {
		return c
	}
	return scaleColor(c, nightLevel)
}

// scaleColor is a "#RRGGBB" colour at level of its brightness.
func scaleColor(c lipgloss.Color, level float64) lipgloss.Color {
	v, err := strconv.ParseUint(string(c)[1:], 16, 32)
	if err != nil {
		return c
	}
	ch := func(shift uint) uint64 { return uint64(float64((v>>shift)&0xFF) * level) }
	return lipgloss.Color(fmt.Sprintf("#%02X%02X%02X", ch(16), ch(8), ch(0)))
}
