package tui

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

// Dimmed returns the theme with every colour darkened to nightLevel.
func (t Theme) Dimmed() Theme {
	if t.Mono {
		return t
	}
	d := func(c *lipgloss.Color) { *c = dimColor(*c) }
	for _, c := range []*lipgloss.Color{&t.Text, &t.Accent, &t.Muted, &t.OnTime, &t.Slight, &t.Late, &t.Early,
		&t.Cancelled, &t.Stale, &t.Error, &t.Border, &t.BorderFocused, &t.Selection, &t.Bar, &t.LineDefault,
		&t.BadgeDark, &t.BadgeLight, &t.Banner, &t.BannerText, &t.Dim} {
		d(c)
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

// dimColor darkens a "#RRGGBB" colour and turns a bright ANSI colour
// into its normal one; others are kept.
func dimColor(c lipgloss.Color) lipgloss.Color {
	if n, ok := consoleNight[c]; ok {
		return n
	}
	s := string(c)
	if len(s) != 7 || !strings.HasPrefix(s, "#") {
		return c
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return c
	}
	ch := func(shift uint) uint64 { return uint64(float64((v>>shift)&0xFF) * nightLevel) }
	return lipgloss.Color(fmt.Sprintf("#%02X%02X%02X", ch(16), ch(8), ch(0)))
}

// nightMode switches the shared styles between day and night.
type nightMode struct {
	hours      Profile // only From and To
	day, night *Styles
	on         bool
}

// newNightMode returns the night mode of o, nil without night hours.
func newNightMode(o Options, theme Theme, lines LineColors, day *Styles) *nightMode {
	if !o.Night {
		return nil
	}
	return &nightMode{hours: Profile{From: o.NightFrom, To: o.NightTo}, day: day, night: newStylesWith(o.Renderer, theme.Dimmed(), lines)}
}

// followNight puts the styles of the hour in place; it reports whether
// they changed (the caller repaints).
func (sh *shared) followNight() bool {
	n := sh.nightMode
	if n == nil || !sh.clockKnown() {
		return false
	}
	on := n.hours.holds(sh.now)
	if on == n.on {
		return false
	}
	n.on = on
	if on {
		*sh.st = *n.night
	} else {
		*sh.st = *n.day
	}
	return true
}
