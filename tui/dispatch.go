package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
)

// act carries out what a pane asked for besides its command: a notice
// for the status bar, a target to open.
func (m *Model) act(a app.Action) tea.Cmd {
	app.AddNotice(m.sh, a.Notice)
	if a.Open != nil {
		return m.Open(*a.Open)
	}
	return nil
}
