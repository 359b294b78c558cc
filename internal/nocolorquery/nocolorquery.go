// Package nocolorquery keeps Lip Gloss from asking the terminal for its
// background colour. Import it (blank) from every package that imports
// Bubble Tea.
//
// Bubble Tea v1 calls lipgloss.HasDarkBackground in its package init, and
// termenv answers it by writing an OSC 11 query and a cursor position
// report (DSR) to the terminal and reading the reply, waiting up to
// termenv.OSCTimeout (5 s) for a terminal that answers neither: serial
// consoles, some SSH clients, a kiosk's bare virtual console. abfahrt
// never needs the answer, because its themes are chosen by name (dark by
// default, --theme, the config file, NO_COLOR); so this package tells
// Lip Gloss the background up front and nothing asks the terminal.
// The colour profile (how many colours) comes from the environment
// (TERM, COLORTERM) and never queries.
//
// The init below runs before Bubble Tea's: the Go specification
// initialises packages in the order of their import paths, each as soon
// as its own imports are initialised, and "abfahrt/..." sorts before
// "github.com/...", while this package needs only Lip Gloss, which Bubble
// Tea imports too. TestNoColorQuery checks it on a real pseudo-terminal.
package nocolorquery

import "github.com/charmbracelet/lipgloss"

func init() {
	// Only AdaptiveColor reads this, and abfahrt's themes use none; the
	// value matches the default dark theme.
	lipgloss.SetHasDarkBackground(true)
}
