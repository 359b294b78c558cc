package app

import (
	"abfahrt/tui/internal/ui"
)

// consoleFont reports whether to draw with the console font's glyphs.
func (o Options) FontIsConsole() bool { return o.ConsoleFont || o.Theme == ui.ThemeConsole }

// theme is the theme of o by name (dark for an unknown name, which the
// CLI refuses), with the console font when o asks for it.
func (o Options) pickTheme() ui.Theme {
	t, _ := ui.ThemeByName(o.Theme)
	t.ConsoleFont = t.ConsoleFont || o.ConsoleFont
	return t
}
