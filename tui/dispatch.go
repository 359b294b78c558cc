package tui

import (
	"github.com/charmbracelet/bubbles/key"
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

// boardKey hands a key to the board side while it has the focus; ok is
// false for the keys the root routes (quit, help, search, focus).
func (m *Model) boardKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	g := &m.keys
	if m.focus != app.PaneBoard || key.Matches(msg, g.Quit, g.Help, g.Search, g.Palette, g.Focus, g.FocusBack) {
		return nil, false
	}
	cmd, a := m.disp.Key(msg, g)
	return tea.Batch(cmd, m.act(a)), true
}
