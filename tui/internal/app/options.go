package app

import (
	"slices"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// FontIsConsole reports whether to draw with the console font's glyphs.
func (o Options) FontIsConsole() bool { return o.ConsoleFont || o.Theme == ui.ThemeConsole }

// theme is the theme of o by name (dark for an unknown name, which the
// CLI refuses), with the console font when o asks for it.
func (o Options) pickTheme() ui.Theme {
	t, _ := ui.ThemeByName(o.Theme)
	t.ConsoleFont = t.ConsoleFont || o.ConsoleFont
	return t
}

// KioskOptions configure kiosk mode: an unattended station display.
type KioskOptions struct {
	// Enabled turns kiosk mode on.
	Enabled bool
	// Rotate is how long each board shows before the next (default 20s).
	Rotate time.Duration
	// HoursFrom and HoursTo are the operating hours as minutes of the day
	// in Ulm; equal means always on, HoursTo < HoursFrom runs past midnight.
	HoursFrom, HoursTo int
	// QuitKey is the key chord that ends the kiosk; empty is the default,
	// DefaultQuitKey.
	QuitKey string
	// QuitLocked locks the kiosk completely (quit_key = ""): no key ends
	// it, only a signal from outside, and no key says how to leave.
	QuitLocked bool
	// LargeCountdown shows the next departure's countdown in big digits.
	LargeCountdown bool
	// StaleAfter blanks departures whose data is older (default 10m).
	StaleAfter time.Duration
	// HideMissed leaves out the departures that cannot be reached any more
	// with a board's walking time (walk.go); boards without one show all.
	HideMissed bool
	// Speak is the command that speaks the shown board's next departures
	// (its arguments; the sentence on its standard input); nil keeps the
	// kiosk silent. It runs in the background with SpeakTimeout, never
	// holding up the screen (kiosk/speak.go).
	Speak []string
	// SpeakEvery speaks every this long (0: only on SpeakKey).
	SpeakEvery time.Duration
	// SpeakKey speaks at once, also when the keys are locked
	// (DefaultSpeakKey when Speak is set and this is "").
	SpeakKey string
	// SpeakFailed, if set, is told when speaking fails (for --log), once
	// until it works again.
	SpeakFailed func(error)
	// Alive, if set, is called from the kiosk's Update with every message
	// (at least the clock's, once a second): the service manager's
	// watchdog pings only while it is called, so a wedged Update loop
	// gets the kiosk restarted (cmd/abfahrt/systemd.go).
	Alive func()
}

// DefaultSpeakKey speaks the departures of a kiosk with a speak command.
const DefaultSpeakKey = "s"

// DefaultQuitKey ends a kiosk whose quit key is not configured.
const DefaultQuitKey = "ctrl+q"

// Quit returns the key chord that ends the kiosk, "" when it is locked.
func (o KioskOptions) Quit() string {
	switch {
	case o.QuitLocked:
		return ""
	case o.QuitKey == "":
		return DefaultQuitKey
	}
	return o.QuitKey
}

// SameAlert reports whether two alerts say the same.
func SameAlert(a, b model.Alert) bool {
	return a.Title == b.Title && slices.Equal(a.Items, b.Items)
}

// TitleOn reports whether the program sets the window title: asked for,
// or by default outside kiosk mode.
func (o Options) TitleOn() bool { return o.Title == "on" || (o.Title == "" && !o.Kiosk.Enabled) }
