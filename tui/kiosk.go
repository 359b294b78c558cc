package tui

import "time"

// KioskOptions configure kiosk mode: an unattended station display.
type KioskOptions struct {
	// Enabled turns kiosk mode on.
	Enabled bool
	// Rotate is how long each board shows before the next (default 20s).
	Rotate time.Duration
	// HoursFrom and HoursTo are the operating hours as minutes of the day
	// in Ulm; equal means always on, HoursTo < HoursFrom runs past midnight.
	HoursFrom, HoursTo int
	// QuitKey is the key chord that ends the kiosk ("ctrl+q"); empty means
	// only a signal from outside ends it.
	QuitKey string
	// LargeCountdown shows the next departure's countdown in big digits.
	LargeCountdown bool
	// StaleAfter blanks departures whose data is older (default 10m).
	StaleAfter time.Duration
}
