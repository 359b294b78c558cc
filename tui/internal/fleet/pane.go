package fleet

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The fleet view under the pane contract (app.Pane); the board side shows
// it in its rectangle.
var _ app.Pane = (*Pane)(nil)

// Update handles msg: the fleet's keys (moving, sorting, filtering,
// opening a vehicle), a click on a row, its feed's news and the redraws.
func (f *Pane) Update(_ app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		cmd, ok := Keys.Run(msg, f)
		return cmd, app.Action{}, ok
	case tea.MouseMsg:
		i, ok := f.RowAt(msg.Y)
		if !ok {
			return nil, app.Action{}, true
		}
		return f.Pick(i), app.Action{Enter: true}, true
	case feeds.NewsMsg:
		if !f.Holds(msg.Entry) {
			return nil, app.Action{}, false
		}
		if msg.Answer == nil {
			f.Revision++
		} else {
			f.Fed()
		}
		return nil, app.Action{}, true
	case app.RedrawMsg:
		f.Revision++
	}
	return nil, app.Action{}, false
}

// Layout gives the view its rectangle.
func (f *Pane) Layout(r app.Rect) { f.SetSize(r.W, r.H) }

// Hints are the fleet's live keys.
func (f *Pane) Hints(fr app.Frame) ([]ui.Hint, bool) { return Keys.Hints(f, fr.Texts), false }

// NextChange marks the fleet shown as changing by the second (report ages).
func (f *Pane) NextChange(c *app.Changes) {
	if f.Shows() {
		c.EverySecond = true
	}
}

// Status is the fleet feed's poll state.
func (f *Pane) Status() *feeds.Poller { return f.Polls() }

// Shows reports whether the view shows: it holds its feed.
func (f *Pane) Shows() bool { return f.Feed != nil }
