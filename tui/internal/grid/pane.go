package grid

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The board side under the root's pane contract (app.Pane): the grid's
// boards, the merged, fleet and ladder views and the pin strip.
var _ app.Pane = (*Dispatch)(nil)

// Update handles msg: a key while the board side has the focus (the
// watched boards are written when it changed them), a click, its feeds'
// news, its state files' answers, the redraws and, after every message,
// each shown board's demand.
func (d *Dispatch) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if f.Focus != app.PaneBoard {
			return nil, app.Action{}, false
		}
		cmd, a, ok := d.key(f, msg)
		if !ok {
			return nil, app.Action{}, false
		}
		return tea.Batch(cmd, d.Boards.SaveCmd(d.Grid.Kept())), a, true
	case tea.MouseMsg:
		return d.view().Update(f, msg)
	case feeds.NewsMsg, app.RedrawMsg, app.BasedMsg:
		var cmds []tea.Cmd
		for _, v := range d.views() {
			cmd, _, _ := v.Update(f, msg)
			cmds = append(cmds, cmd)
		}
		return tea.Batch(cmds...), app.Action{}, false
	case app.SettleMsg:
		return d.declare(f), app.Action{}, false
	}
	return d.data(f, msg)
}

// view is the board side's view that shows.
func (d *Dispatch) view() app.Pane {
	switch d.Mode {
	case ModeMerged:
		return mergedView{d}
	case ModeFleet:
		return &d.Fleet
	case ModeLadder:
		return &d.Ladder
	case ModeGrid:
	}
	return boardsView{d}
}

// views are every view of the board side, shown or not: the feed news,
// the redraws and the rectangle reach each.
func (d *Dispatch) views() []app.Pane {
	return []app.Pane{boardsView{d}, mergedView{d}, &d.Fleet, &d.Ladder}
}

// Layout hands the board side its rectangle.
func (d *Dispatch) Layout(r app.Rect) { d.setSize(r.W, r.H, r.Focused) }

// Hints are the board side's live keys while it has the focus.
func (d *Dispatch) Hints(f app.Frame) ([]ui.Hint, bool) {
	if f.Focus != app.PaneBoard {
		return nil, false
	}
	return keys.Hints(d.newKeyCtx(f), f.Texts), false
}

// NextChange hands on the view's own changes (the fleet's by the second), else
// what the boards show (changes).
func (d *Dispatch) NextChange(c *app.Changes) {
	if c.EverySecond {
		return
	}
	if d.view().NextChange(c); c.EverySecond {
		return
	}
	c.Cells = d.changes(c.Frame, c.Turn, c.At)
}

// Shows is true: the board side is always on screen (or under the pane
// that covers it).
func (d *Dispatch) Shows() bool { return true }
