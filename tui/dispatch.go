package tui

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// setMode switches the main view; the fleet polls only while it shows.
func (m *Model) setMode(to grid.DispMode) tea.Cmd {
	from := m.disp.Mode
	if from == to {
		return nil
	}
	m.disp.Mode = to
	var cmds []tea.Cmd
	if from == grid.ModeFleet {
		m.disp.Fleet.Close()
	}
	if to == grid.ModeFleet {
		cmds = append(cmds, m.disp.Fleet.Open())
	}
	cmds = append(cmds, m.disp.SyncStrip())
	m.layout()
	return tea.Batch(cmds...)
}

// OpenBoard shows target t on the grid's open board, zoomed.
func (m *Model) OpenBoard(t app.Target) tea.Cmd {
	cmd := m.disp.Grid.OpenBoard(t)
	return tea.Batch(cmd, m.setMode(grid.ModeGrid), m.disp.SyncStrip())
}

// watchBoard watches the open board (`w`) and shows the grid.
func (m *Model) watchBoard() tea.Cmd {
	if n := m.disp.Grid.WatchOpen(); n != "" {
		m.sh.Notice = n
	}
	cmd := m.disp.SyncStrip()
	m.layout()
	return cmd
}

// removeBoard is `x`: the first asks, the second removes the focused
// watched board. When none is left, the last open board (or the start
// board) opens again.
func (m *Model) removeBoard() tea.Cmd {
	g := &m.disp.Grid
	ask, ok := g.AskRemove()
	if !ok {
		m.sh.Notice = ask
		return nil
	}
	g.Remove()
	var cmd tea.Cmd
	if g.Len() == 0 {
		cmd = g.OpenSpec(g.Home)
	}
	m.layout()
	return tea.Batch(cmd, m.disp.SyncStrip())
}

// Unzoom goes back from the zoomed board to the grid (esc).
func (m *Model) Unzoom() tea.Cmd {
	m.disp.Grid.Unzoom()
	cmd := m.disp.SyncStrip()
	m.layout()
	return cmd
}

// dispatchData routes the dispatcher's results: grid feeds, the fleet,
// pins. ok is false for messages it does not own.
func (m *Model) dispatchData(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case grid.PinsMsg:
		cmd := m.disp.Pins.Loaded(msg)
		m.layout()
		return cmd, true
	case grid.PinsSavedMsg:
		if msg.Err != nil {
			m.sh.Notice = fmt.Sprintf(m.sh.Dt.PinsNotSaved, ui.OneLine(msg.Err.Error()))
		} else if n := app.StateNotice(m.sh.Dt, msg.Problem, grid.PinsFile, 0, 0); n != "" {
			m.sh.Notice = n
		}
		return m.disp.Pins.Saved(msg), true
	case grid.BoardsMsg:
		return m.restoreBoards(msg), true
	case grid.BoardsSavedMsg:
		if msg.Err != nil {
			m.sh.Notice = fmt.Sprintf(m.sh.Dt.BoardsNotSaved, ui.OneLine(msg.Err.Error()))
		} else if n := app.StateNotice(m.sh.Dt, msg.Problem, grid.BoardsFile, 0, 0); n != "" {
			m.sh.Notice = n
		}
		return m.disp.Boards.Written(msg), true
	}
	return nil, false
}
