package board

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// A board under the root's pane contract (app.Pane), as it shows alone
// (the plain board): its keys, a click on a row, its feed's news and the
// redraws reach it through Update. The grid holds its boards the same way
// and lifts their keys into its own map, with the mode it shows them in.
var _ app.Pane = (*Pane)(nil)

// Update handles msg: a key while the board side has the focus (the
// board's keys, Keys), a click on a row (it selects the row: enter then
// opens its vehicle), its feed's news and the redraws.
func (b *Pane) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if f.Focus != app.PaneBoard {
			return nil, app.Action{}, false
		}
		c := Ctx{Board: b, State: b.KeyState(f, BoardPlain), Frame: f}
		cmd, ok := Keys.Run(msg, &c)
		return cmd, c.Act, ok
	case tea.MouseMsg:
		row, ok := b.Cache.RowAt(msg.Y)
		if ok {
			b.SetCursor(f, row)
		}
		return nil, app.Action{Enter: ok}, ok
	case feeds.NewsMsg:
		if b.Feed == nil || msg.Entry != b.Feed {
			return nil, app.Action{}, false
		}
		if msg.Answer == nil {
			b.Touch() // a poll started: the stale mark and the status bar
		} else {
			b.Fed(f)
		}
		return nil, app.Action{}, true
	case app.RedrawMsg, app.BasedMsg:
		b.Touch()
	}
	return nil, app.Action{}, false
}

// Hints are the board's live keys while the board side has the focus.
func (b *Pane) Hints(f app.Frame) ([]ui.Hint, bool) {
	if f.Focus != app.PaneBoard {
		return nil, false
	}
	return Keys.Hints(&Ctx{Board: b, State: b.KeyState(f, BoardPlain), Frame: f}, f.Texts), false
}

// NextChange hands the service times at which the board's rows change to
// c: each row (shown in c.Frame) has its countdown turn with the minutes
// of its departure, and with a walking time the leave time's too.
func (b *Pane) NextChange(c *app.Changes) {
	for _, i := range b.Rows(c.Frame) {
		e := &b.Data.Events[i]
		c.Turn(e.Due())
		if w := e.When(); !w.IsZero() {
			c.Turn(w)
			if b.Walk > 0 {
				c.Turn(w.Add(-b.Walk))
			}
		}
	}
}

// Status is the board's feed's poll state, for the status bar.
func (b *Pane) Status() *feeds.Poller { return b.Polls() }

// Shows reports whether the board shows: it holds its feed while it does.
func (b *Pane) Shows() bool { return b.Feed != nil }
