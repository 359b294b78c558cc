package grid

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// Key handles a key while the board side has the focus: the views
// (merged, fleet), pins and the boards' keys; g are the root's global
// keys, of which the board side answers refresh. The root routes the
// other globals (quit, help, search, focus) before it asks the board side.
func (d *Dispatch) Key(msg tea.KeyMsg, g *ui.GlobalKeys) (tea.Cmd, app.Action) {
	v := d.Views()
	switch {
	case key.Matches(msg, v.Fleet):
		if d.Mode == ModeFleet {
			return d.SetMode(ModeGrid), app.Action{}
		}
		return d.SetMode(ModeFleet), app.Action{}
	case key.Matches(msg, v.Merged):
		if d.Mode == ModeMerged {
			return d.SetMode(ModeGrid), app.Action{}
		}
		return d.SetMode(ModeMerged), app.Action{}
	case key.Matches(msg, v.Pin):
		n := d.togglePin()
		d.relayout() // the strip may grow or shrink
		return tea.Batch(d.Pins.SaveCmd(), d.Pins.SyncFeeds()), app.Action{Notice: n}
	}
	switch d.Mode {
	case ModeMerged:
		switch {
		case key.Matches(msg, v.Back):
			return d.SetMode(ModeGrid), app.Action{}
		case key.Matches(msg, g.Refresh):
			return d.RefreshWatched(), app.Action{}
		}
		return d.Merged.Update(msg, &d.Grid), app.Action{}
	case ModeFleet:
		switch {
		case key.Matches(msg, v.Back):
			return d.SetMode(ModeGrid), app.Action{}
		case key.Matches(msg, g.Refresh):
			return d.Fleet.Refresh(), app.Action{}
		}
		return d.Fleet.Update(msg), app.Action{}
	case ModeLadder:
		switch {
		case key.Matches(msg, v.Back):
			return d.SetMode(ModeGrid), app.Action{}
		case key.Matches(msg, g.Refresh):
			return d.Ladder.Refresh(), app.Action{}
		}
		return d.Ladder.Update(msg), app.Action{}
	case ModeGrid:
	}
	return d.gridKey(msg, g)
}

// gridKey handles a key on the boards: the grid's cells or the zoomed
// board (the plain board is the grid's open board, zoomed). Every board
// takes the same keys (board.Pane.Update); the cells take the row keys as
// focus moves and enter as zoom.
func (d *Dispatch) gridKey(msg tea.KeyMsg, gk *ui.GlobalKeys) (tea.Cmd, app.Action) {
	k := &d.Keys
	g := &d.Grid
	b := g.Focused()
	if b == nil {
		return nil, app.Action{}
	}
	switch {
	case key.Matches(msg, gk.Refresh):
		return b.Refresh(), app.Action{}
	case key.Matches(msg, k.Remove):
		return d.removeBoard()
	case key.Matches(msg, k.Watch):
		return d.watchBoard()
	case key.Matches(msg, k.Clear):
		return b.ClearFilters(), app.Action{}
	case key.Matches(msg, k.Back):
		return d.Unzoom(), app.Action{}
	case key.Matches(msg, k.Num):
		n := board.Digit(msg)
		if g.Plain() {
			if p, ok := d.Pins.At(n); ok {
				t := p.Target()
				return nil, app.Action{Open: &t}
			}
		} else if n >= 1 && n <= g.Len() {
			g.Focus = n - 1
		}
		return nil, app.Action{}
	}
	if g.Zoomed {
		return b.Update(msg, k) // rows, top/bottom, enter opens the vehicle
	}
	switch {
	case key.Matches(msg, k.Zoom):
		g.Zoomed = true
		d.relayout()
	case key.Matches(msg, k.Left):
		g.MoveFocus(-1)
	case key.Matches(msg, k.Right):
		g.MoveFocus(1)
	case key.Matches(msg, k.Up):
		g.MoveFocus(-max(g.Columns(), 1))
	case key.Matches(msg, k.Down):
		g.MoveFocus(max(g.Columns(), 1))
	case key.Matches(msg, k.Remind):
		return b.RemindFirst() // a cell has no cursor: its first departure ahead
	default:
		return b.Update(msg, k) // a, f, l, d, walking time, per line
	}
	return nil, app.Action{}
}

// SetMode switches the main view; the fleet polls only while it shows.
func (d *Dispatch) SetMode(to DispMode) tea.Cmd {
	from := d.Mode
	if from == to {
		return nil
	}
	d.Mode = to
	var cmds []tea.Cmd
	if from == ModeFleet {
		d.Fleet.Close()
	}
	if to == ModeFleet {
		cmds = append(cmds, d.Fleet.Open())
	}
	if from == ModeLadder {
		d.Ladder.Close() // its feeds end; OpenLadder opens it
	}
	cmds = append(cmds, d.SyncStrip())
	d.relayout()
	return tea.Batch(cmds...)
}

// OpenLadder shows line's ladder.
func (d *Dispatch) OpenLadder(line string) tea.Cmd {
	cmd := d.SetMode(ModeLadder)
	return tea.Batch(cmd, d.Ladder.Open(line))
}

// OpenBoard shows target t on the grid's open board, zoomed.
func (d *Dispatch) OpenBoard(t app.Target) tea.Cmd {
	cmd := d.Grid.OpenBoard(t)
	return tea.Batch(cmd, d.SetMode(ModeGrid), d.SyncStrip())
}

// watchBoard watches the open board (`w`) and shows the grid.
func (d *Dispatch) watchBoard() (tea.Cmd, app.Action) {
	n := d.Grid.WatchOpen()
	cmd := d.SyncStrip()
	d.relayout()
	return cmd, app.Action{Notice: n}
}

// removeBoard is `x`: the first asks, the second removes the focused
// watched board. When none is left, the last open board (or the start
// board) opens again.
func (d *Dispatch) removeBoard() (tea.Cmd, app.Action) {
	g := &d.Grid
	ask, ok := g.AskRemove()
	if !ok {
		return nil, app.Action{Notice: ask}
	}
	g.Remove()
	var cmd tea.Cmd
	if g.Len() == 0 {
		cmd = g.OpenSpec(g.Home)
	}
	d.relayout()
	return tea.Batch(cmd, d.SyncStrip()), app.Action{}
}

// Unzoom goes back from the zoomed board to the grid (esc).
func (d *Dispatch) Unzoom() tea.Cmd {
	d.Grid.Unzoom()
	cmd := d.SyncStrip()
	d.relayout()
	return cmd
}

// Data takes the board side's results that are not feed answers: the
// pins and the watched boards loaded and saved. ok is false for messages
// it does not own.
func (d *Dispatch) Data(msg tea.Msg) (cmd tea.Cmd, act app.Action, ok bool) {
	dt := d.Grid.sh.Dt
	switch msg := msg.(type) {
	case PinsMsg:
		cmd := d.Pins.Loaded(msg)
		d.relayout()
		return cmd, app.Action{}, true
	case PinsSavedMsg:
		if msg.Err != nil {
			act.Notice = fmt.Sprintf(dt.PinsNotSaved, ui.OneLine(msg.Err.Error()))
		} else {
			act.Notice = app.StateNotice(dt, msg.Problem, PinsFile, 0, 0)
		}
		return d.Pins.Saved(msg), act, true
	case BoardsMsg:
		cmd, act := d.restoreBoards(msg)
		return cmd, act, true
	case BoardsSavedMsg:
		if msg.Err != nil {
			act.Notice = fmt.Sprintf(dt.BoardsNotSaved, ui.OneLine(msg.Err.Error()))
		} else {
			act.Notice = app.StateNotice(dt, msg.Problem, BoardsFile, 0, 0)
		}
		return d.Boards.Written(msg), act, true
	}
	return nil, app.Action{}, false
}

// restoreBoards opens the grid with the boards read from boards.json at
// start, unless the user has changed the watched set meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written.
func (d *Dispatch) restoreBoards(msg BoardsMsg) (tea.Cmd, app.Action) {
	act := app.Action{Notice: app.StateNotice(d.Grid.sh.Dt, msg.Problem, BoardsFile, len(msg.Specs), msg.Total)}
	if msg.Problem != nil && msg.Problem.KeptAs == "" {
		d.Boards.ReadOnly = true
		return nil, act
	}
	if !d.Boards.Changed {
		d.Boards.Base, d.Boards.Known = msg.Specs, true
	}
	if len(msg.Specs) == 0 || d.Boards.Changed || d.Grid.Len() > 0 {
		return nil, act
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
	cmds = append(cmds, d.SyncStrip())
	d.relayout()
	if act.Notice == "" {
		// A plain start opened what the user kept: say where it came from.
		act.Notice = d.Grid.sh.Dt.RestoredOne
		if d.Grid.Len() > 1 {
			act.Notice = fmt.Sprintf(d.Grid.sh.Dt.RestoredMany, d.Grid.Len())
		}
	}
	return tea.Batch(cmds...), act
}
