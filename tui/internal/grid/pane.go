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
		cmd, a, ok := d.key(msg)
		if !ok {
			return nil, app.Action{}, false
		}
		return tea.Batch(cmd, d.Boards.SaveCmd(d.Grid.Kept())), a, true
	case tea.MouseMsg:
		enter, open, cmd := d.click(msg.X, msg.Y)
		return cmd, app.Action{Open: open, Enter: enter}, true
	case feeds.NewsMsg:
		return d.news(msg), app.Action{}, false
	case app.RedrawMsg:
		d.touch()
		d.Fleet.Rev++
		d.Ladder.Touch()
		return nil, app.Action{}, false
	case app.BasedMsg:
		d.touch()
		return d.Ladder.Based(), app.Action{}, false
	case app.SettleMsg:
		return d.declare(), app.Action{}, false
	}
	return d.data(msg)
}

// news hands a feed's news to the views that show it.
func (d *Dispatch) news(n feeds.NewsMsg) tea.Cmd {
	f := n.Entry
	if n.Answer == nil {
		d.Grid.TouchFeed(f)
		if d.Fleet.Holds(f) {
			d.Fleet.Rev++
		}
		if d.Ladder.Holds(f) {
			d.Ladder.Touch()
		}
		return nil
	}
	d.Grid.Fed(f)
	if d.Fleet.Holds(f) {
		d.Fleet.Fed()
	}
	if d.Ladder.Holds(f) {
		return d.Ladder.Fed(f)
	}
	return nil
}

// touch marks every board changed.
func (d *Dispatch) touch() {
	for _, b := range d.Grid.All() {
		b.Touch()
	}
}

// Layout hands the board side its rectangle.
func (d *Dispatch) Layout(r app.Rect) { d.setSize(r.W, r.H, r.Focused) }

// Hints are the board side's live keys while it has the focus.
func (d *Dispatch) Hints(f app.Frame) ([]ui.Hint, bool) {
	if f.Focus != app.PaneBoard {
		return nil, false
	}
	return keys.Hints(d.newKeyCtx(), f.T), false
}

// NextChange: the fleet view changes by the second (report ages); the
// others by what they show (changes).
func (d *Dispatch) NextChange(c *app.Changes) {
	if c.EverySecond {
		return
	}
	if d.Mode == ModeFleet {
		c.EverySecond = true
		return
	}
	c.Cells = d.changes(c.Turn, c.At)
}

// Shows is true: the board side is always on screen (or under the pane
// that covers it).
func (d *Dispatch) Shows() bool { return true }
