package tui

// Mouse support: the gate and the modes are in
// tui/internal/termio; here a click or a wheel step finds its pane.

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/ui"
)

// filter is the program's message filter: the mouse gate and, in an SSH
// session, the input gate (termio), then the
// filter set with next (suspension, run.go).
func (p *Program) filter(m tea.Model, msg tea.Msg) tea.Msg {
	if mm, ok := msg.(tea.MouseMsg); ok && !p.mouse.Pass(tea.MouseEvent(mm)) {
		return nil
	}
	if msg = p.input.Admit(msg); msg == nil {
		return nil
	}
	if p.next != nil {
		return p.next(m, msg)
	}
	return msg
}

// mouseFrame is what the last frame drew that a click needs beyond the
// panes' own hits: how many lines the panes kept above the status bar
// and the key hint (a long notice takes some).
type mouseFrame struct{ lines int }

// drew notes that the panes took lines lines of the last frame.
func (f *mouseFrame) drew(lines int) {
	if f != nil {
		f.lines = lines
	}
}

// panes returns the lines the panes took in the last frame.
func (f *mouseFrame) panes() int {
	if f == nil {
		return 0
	}
	return f.lines
}

// handleMouse answers a mouse event at the pane under the pointer: the
// vehicle pane (beside the boards on a wide screen, or the whole screen
// while it has the focus) or the board side (the boards, the merged list,
// the fleet, the ladder or the exception queue). The pane under the
// pointer takes the focus. Nothing happens while an overlay is open, on
// the status bar and key hint, or without --mouse.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	ev := tea.MouseEvent(msg)
	if !m.mouseOn || m.overlay != ui.OverlayNone || !termio.UsefulMouse(ev) {
		return nil
	}
	x, y := ev.X, ev.Y
	if x < 0 || y < 0 || x >= m.width || y >= m.mouse.panes() {
		return nil
	}
	wheel := ev.Button != tea.MouseButtonLeft
	step := tea.KeyDown
	if ev.Button == tea.MouseButtonWheelUp {
		step = tea.KeyUp
	}
	if m.vehicle.Open {
		beside := m.width >= sideBySide
		bw := m.sideW // the board side's width beside the pane
		switch {
		case beside && x == bw:
			return nil // the gap between the two
		case (beside && x > bw) || (!beside && m.focus == app.PaneVehicle):
			m.focusPane(app.PaneVehicle)
			if wheel {
				return m.handleKey(tea.KeyMsg{Type: step}) // as if it were typed // the passages scroll
			}
			return nil
		}
	}
	m.focusPane(app.PaneBoard)
	if wheel {
		return m.handleKey(tea.KeyMsg{Type: step}) // as if it were typed
	}
	// A click on the board side: the first pane that shows and takes it
	// (the vehicle pane's clicks end above).
	for _, p := range m.panes() {
		if !p.Shows() {
			continue
		}
		cmd, a, ok := p.Update(m.fr, msg)
		if ok {
			return tea.Batch(cmd, m.act(a))
		}
	}
	return nil
}

// focusPane gives p the focus, laid out anew when it changes.
func (m *Model) focusPane(p app.PaneID) {
	if m.focus != p {
		m.focus = p
		m.layout()
	}
}
