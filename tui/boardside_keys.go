package tui

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/grid"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// dispatchKey handles a key when the board side has focus: the views
// (merged, fleet), pins, and the boards' keys. ok is false for keys it
// leaves to the root (quit, help, search, focus).
func (m *Model) dispatchKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	g := &m.keys
	if m.focus != app.PaneBoard || key.Matches(msg, g.Quit, g.Help, g.Search, g.Focus, g.FocusBack) {
		return nil, false
	}
	v := m.disp.Views()
	switch {
	case key.Matches(msg, v.Fleet):
		if m.disp.Mode == grid.ModeFleet {
			return m.setMode(grid.ModeGrid), true
		}
		return m.setMode(grid.ModeFleet), true
	case key.Matches(msg, v.Merged):
		if m.disp.Mode == grid.ModeMerged {
			return m.setMode(grid.ModeGrid), true
		}
		return m.setMode(grid.ModeMerged), true
	case key.Matches(msg, v.Pin):
		m.disp.TogglePin(m.sh)
		m.layout() // the strip may grow or shrink
		return tea.Batch(m.disp.Pins.SaveCmd(), m.disp.Pins.SyncFeeds()), true
	}
	switch m.disp.Mode {
	case grid.ModeMerged:
		if key.Matches(msg, v.Back) {
			return m.setMode(grid.ModeGrid), true
		}
		if key.Matches(msg, g.Refresh) {
			return m.disp.RefreshWatched(), true
		}
		return m.disp.Merged.Update(msg, &m.disp.Grid), true
	case grid.ModeFleet:
		switch {
		case key.Matches(msg, v.Back):
			return m.setMode(grid.ModeGrid), true
		case key.Matches(msg, g.Refresh):
			return m.disp.Fleet.Refresh(), true
		}
		return m.disp.Fleet.Update(msg), true
	case grid.ModeGrid:
	}
	return m.gridKey(msg), true
}

// gridKey handles a key on the boards: the grid's cells or the zoomed
// board (the plain board is the grid's open board, zoomed). Every board
// takes the same keys (boardPane.update); the cells take the row keys as
// focus moves and enter as zoom.
func (m *Model) gridKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.disp.Keys
	g := &m.disp.Grid
	b := g.Focused()
	if b == nil {
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Refresh):
		return b.Refresh()
	case key.Matches(msg, k.Remove):
		return m.removeBoard()
	case key.Matches(msg, k.Watch):
		return m.watchBoard()
	case key.Matches(msg, k.Clear):
		return b.ClearFilters()
	case key.Matches(msg, k.Back):
		return m.Unzoom()
	case key.Matches(msg, k.Num):
		n := board.Digit(msg)
		if g.Plain() {
			if p, ok := m.disp.Pins.At(n); ok {
				return m.Open(p.Target())
			}
		} else if n >= 1 && n <= g.Len() {
			g.Focus = n - 1
		}
		return nil
	}
	if g.Zoomed {
		return b.Update(msg, k) // rows, top/bottom, enter opens the vehicle
	}
	switch {
	case key.Matches(msg, k.Zoom):
		g.Zoomed = true
		m.layout()
	case key.Matches(msg, k.Left):
		g.MoveFocus(-1)
	case key.Matches(msg, k.Right):
		g.MoveFocus(1)
	case key.Matches(msg, k.Up):
		g.MoveFocus(-max(g.Columns(), 1))
	case key.Matches(msg, k.Down):
		g.MoveFocus(max(g.Columns(), 1))
	default:
		return b.Update(msg, k) // a, f, l, d, walking time, per line
	}
	return nil
}
