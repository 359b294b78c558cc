package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// dispatchKey handles a key when the board side has focus: the views
// (merged, fleet), pins, and the boards' keys. ok is false for keys it
// leaves to the root (quit, help, search, focus).
func (m *Model) dispatchKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.sh.keys
	if m.focus != paneBoard || key.Matches(msg, k.Quit, k.Help, k.Search, k.Focus, k.FocusBack) {
		return nil, false
	}
	switch {
	case key.Matches(msg, k.disp.Fleet):
		if m.disp.mode == modeFleet {
			return m.setMode(modeGrid), true
		}
		return m.setMode(modeFleet), true
	case key.Matches(msg, k.disp.Merged):
		if m.disp.mode == modeMerged {
			return m.setMode(modeGrid), true
		}
		return m.setMode(modeMerged), true
	case key.Matches(msg, k.disp.Pin):
		m.togglePin()
		return tea.Batch(m.disp.pins.saveCmd(), m.disp.pins.syncFeeds()), true
	}
	switch m.disp.mode {
	case modeMerged:
		if key.Matches(msg, k.disp.Back) {
			return m.setMode(modeGrid), true
		}
		if key.Matches(msg, k.Refresh) {
			return m.refreshWatched(), true
		}
		return m.disp.merged.update(msg, &m.disp.grid), true
	case modeFleet:
		switch {
		case key.Matches(msg, k.disp.Back):
			return m.setMode(modeGrid), true
		case key.Matches(msg, k.Refresh):
			return m.disp.fleet.refresh(), true
		}
		return m.disp.fleet.update(msg), true
	case modeGrid:
	}
	return m.gridKey(msg), true
}

// refreshWatched polls the focused watched board's feed now (merged view).
func (m *Model) refreshWatched() tea.Cmd {
	g := &m.disp.grid
	if g.focus >= 0 && g.focus < g.len() {
		return g.boards[g.focus].refresh()
	}
	return nil
}

// gridKey handles a key on the boards: the grid's cells or the zoomed
// board (the plain board is the grid's open board, zoomed). Every board
// takes the same keys (boardPane.update); the cells take the row keys as
// focus moves and enter as zoom.
func (m *Model) gridKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.sh.keys
	g := &m.disp.grid
	b := g.focused()
	if b == nil {
		return nil
	}
	switch {
	case key.Matches(msg, k.Refresh):
		return b.refresh()
	case key.Matches(msg, k.disp.Remove):
		return m.removeBoard()
	case key.Matches(msg, k.disp.Watch):
		return m.watchBoard()
	case key.Matches(msg, k.Clear):
		b.clearFilters()
		return nil
	case key.Matches(msg, k.disp.Back):
		return m.unzoom()
	case key.Matches(msg, k.disp.Num):
		n := digit(msg)
		if g.plain() {
			if p, ok := m.disp.pins.at(n); ok {
				return m.open(p.target())
			}
		} else if n >= 1 && n <= g.len() {
			g.focus = n - 1
		}
		return nil
	}
	if g.zoomed {
		return b.update(msg) // rows, top/bottom, enter opens the vehicle
	}
	switch {
	case key.Matches(msg, k.disp.Zoom):
		g.zoomed = true
		m.layout()
	case key.Matches(msg, k.disp.Left):
		g.moveFocus(-1)
	case key.Matches(msg, k.disp.Right):
		g.moveFocus(1)
	case key.Matches(msg, k.Up):
		g.moveFocus(-max(g.cols, 1))
	case key.Matches(msg, k.Down):
		g.moveFocus(max(g.cols, 1))
	default:
		return b.update(msg) // a, f, l, d, walking time, per line
	}
	return nil
}

// digit returns the number of a digit key, 0 for any other key.
func digit(msg tea.KeyMsg) int {
	s := msg.String()
	if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
		return int(s[0] - '0')
	}
	return 0
}
