package tui

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"

	tea "github.com/charmbracelet/bubbletea"
)

// restoreBoards opens the grid with the boards read from boards.json at
// start, unless the user has changed the watched set meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written.
func (m *Model) restoreBoards(msg grid.BoardsMsg) tea.Cmd {
	d := &m.disp
	app.AddNotice(m.sh, app.StateNotice(m.sh.Dt, msg.Problem, grid.BoardsFile, len(msg.Specs), msg.Total))
	if msg.Problem != nil && msg.Problem.KeptAs == "" {
		d.Boards.ReadOnly = true
		return nil
	}
	if !d.Boards.Changed {
		d.Boards.Base, d.Boards.Known = msg.Specs, true
	}
	if len(msg.Specs) == 0 || d.Boards.Changed || d.Grid.Len() > 0 {
		return nil
	}
	var cmds []tea.Cmd
	for _, s := range msg.Specs[:min(len(msg.Specs), app.MaxBoards)] {
		cmds = append(cmds, d.Grid.Add(s))
	}
	d.Grid.Focus = 0
	// One watched board opens as the normal board (the grid's zoom), not
	// a grid of one compact cell; the open board closes.
	d.Grid.CloseOpen()
	d.Grid.Zoomed = d.Grid.Len() == 1
	d.Boards.Saved = d.Grid.Specs()
	cmds = append(cmds, m.disp.SyncStrip())
	m.layout()
	return tea.Batch(cmds...)
}
