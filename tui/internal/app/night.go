package app

import (
	"abfahrt/tui/internal/ui"
)

// nightMode switches the shared styles between day and night.
type nightMode struct {
	hours      Profile // only From and To
	day, night *ui.Styles
	on         bool
}

// newNightMode returns the night mode of o, nil without night hours.
func newNightMode(o Options, theme ui.Theme, lines ui.LineColors, day *ui.Styles) *nightMode {
	if !o.Night {
		return nil
	}
	return &nightMode{hours: Profile{From: o.NightFrom, To: o.NightTo}, day: day, night: ui.NewStylesWith(o.Renderer, theme.Dimmed(), lines)}
}

// FollowNight puts the styles of the hour in place; it reports whether
// they changed (the caller repaints).
func (sh *Shared) FollowNight() bool {
	n := sh.nightMode
	if n == nil || !sh.ClockKnown() {
		return false
	}
	on := n.hours.holds(sh.Now)
	if on == n.on {
		return false
	}
	n.on = on
	// A new pointer, not a copy into the old: the rows cached by their
	// styles (board.rowShows) are drawn again.
	if on {
		sh.Styles = n.night
	} else {
		sh.Styles = n.day
	}
	return true
}
