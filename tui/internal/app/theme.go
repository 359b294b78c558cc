package app

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/ui"
)

// The theme switch of the command palette. Each model
// has its own Shared and so its own styles: an SSH session switching its
// theme changes no other session's. The switch is for the session: the
// config's theme is the user's setting and is not written.

// look is what the styles are made of besides the theme: the renderer
// (its colour profile), the line colours and the console font.
type look struct {
	r           *lipgloss.Renderer
	lines       ui.LineColors
	consoleFont bool
	noColour    bool
}

// ColourProfile is the colour the terminal shows: the renderer's
// profile, but none under NO_COLOR (Options.NoColour), where the mono
// theme draws its attributes on a profile raised to ANSI.
func (sh *Shared) ColourProfile() termenv.Profile {
	switch {
	case sh.look.noColour:
		return termenv.Ascii
	case sh.look.r != nil:
		return sh.look.r.ColorProfile()
	}
	return lipgloss.ColorProfile()
}

// ConsoleFont reports whether the terminal is the Linux console.
func (sh *Shared) ConsoleFont() bool { return sh.look.consoleFont }

// SetTheme puts the styles of the theme called name in place, in its
// night variant during the night hours; false for an unknown name. The
// styles are new (a new pointer), so every cache keyed by them misses;
// the caller touches the panes whose caches are keyed otherwise.
func (sh *Shared) SetTheme(name string) bool {
	t, ok := ui.ThemeByName(name)
	if !ok {
		return false
	}
	t.ConsoleFont = t.ConsoleFont || sh.look.consoleFont
	day := ui.NewStylesWith(sh.look.r, t, sh.look.lines)
	sh.ThemeName, sh.Styles = name, day
	if n := sh.nightMode; n != nil {
		n.day, n.night = day, ui.NewStylesWith(sh.look.r, t.Dimmed(), sh.look.lines)
		if n.on {
			sh.Styles = n.night
		}
	}
	return true
}
