package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
)

// panes are the root's panes, top first: the vehicle pane, the exception
// queue over the board side, the board side. Keys go to the first that
// takes them, everything else to each (app.Pane).
func (m *Model) panes() []app.Pane {
	return []app.Pane{&m.vehicle, &m.queue, &m.disp}
}

// frame is what the panes read of this moment (app.Frame).
func (m *Model) frame() app.Frame {
	f := m.sh.Frame(m.focus)
	f.Verdict = m.own.verdict
	return f
}

// act carries out what a pane asked for besides its command: a notice
// for the status bar, to be laid out again or closed, a target to open,
// enter as if typed.
func (m *Model) act(a app.Action) tea.Cmd {
	app.AddNotice(m.sh, a.Notice)
	if a.Verdict != nil {
		m.own.verdict = *a.Verdict
	}
	if a.Relayout {
		m.layout()
	}
	if a.Close {
		m.closeVehicle()
	}
	switch {
	case a.Open != nil:
		return m.Open(*a.Open)
	case a.Enter:
		return m.handleKey(tea.KeyMsg{Type: tea.KeyEnter})
	}
	return nil
}
