package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// consoleModel shows its model with the console's glyphs only
// (ConsoleText of every View). Run and NewProgram wrap the root model in
// it when Options.consoleFont.
type consoleModel struct {
	tea.Model
	last *consoleFrame
}

// consoleFrame is the last View and its console text: an unchanged frame
// is not converted again.
type consoleFrame struct{ in, out string }

// forFont wraps m for the console font when o asks for it.
func forFont(o app.Options, m tea.Model) tea.Model {
	if !o.FontIsConsole() {
		return m
	}
	return consoleModel{Model: m, last: &consoleFrame{}}
}

// Update updates the wrapped model and keeps it wrapped.
func (c consoleModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := c.Model.Update(msg)
	c.Model = m
	return c, cmd
}

// View is the wrapped model's view in the console's glyphs.
func (c consoleModel) View() string {
	v := c.Model.View()
	if v != c.last.in {
		c.last.in, c.last.out = v, ui.ConsoleText(v)
	}
	return c.last.out
}
