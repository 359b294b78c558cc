package grid

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The board side's own views under the pane contract (app.Pane), beside
// the fleet and the ladder: the boards (the grid's cells, a zoomed board,
// the plain board under the pin strip) and the merged list. Both read the
// grid's boards, so they are made on the fly over the dispatcher (a value
// of the root model's: a pointer kept in a view would outlive its copy).
var (
	_ app.Pane = boardsView{}
	_ app.Pane = mergedView{}
)

// boardsView is the grid's boards.
type boardsView struct{ d *Dispatch }

// Update handles a click, the boards' feeds' news and the redraws; the
// keys are the dispatcher's (keys.go).
func (v boardsView) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	d := v.d
	switch msg := msg.(type) {
	case tea.MouseMsg:
		enter, open := d.clickBoards(f, msg.X, msg.Y)
		return nil, app.Action{Open: open, Enter: enter}, true
	case feeds.NewsMsg:
		if msg.Answer == nil {
			d.Grid.TouchFeed(msg.Entry)
		} else {
			d.Grid.Fed(msg.Entry, f)
		}
	case app.RedrawMsg, app.BasedMsg:
		for _, b := range d.Grid.All() {
			b.Touch() // every board is drawn again
		}
	}
	return nil, app.Action{}, false
}

// View draws the grid, under the pin strip when it shows the plain board.
func (v boardsView) View(f app.Frame) string {
	d := v.d
	if n := d.Pins.stripH; n > 0 {
		return d.Pins.strip(f, d.Grid.width, n) + "\n" + d.Grid.View(f)
	}
	return d.Grid.View(f)
}

// Layout gives the grid its rectangle.
func (v boardsView) Layout(r app.Rect) { v.d.Grid.SetSize(r.W, r.H, r.Focused) }

// Hints are the dispatcher's (keys.go).
func (v boardsView) Hints(app.Frame) ([]ui.Hint, bool) { return nil, false }

// NextChange: the dispatcher's changes hands on what the boards show.
func (v boardsView) NextChange(*app.Changes) {}

// Status is the focused board's poll state.
func (v boardsView) Status() *feeds.Poller { return v.d.focusedPolls() }

// Shows reports whether the grid shows.
func (v boardsView) Shows() bool { return v.d.Mode == ModeGrid }

// mergedView is the merged list of the grid's boards.
type mergedView struct{ d *Dispatch }

// Update handles a click on a row; the list owns no data (the boards'
// news reaches it through their revisions).
func (v mergedView) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	d := v.d
	if msg, ok := msg.(tea.MouseMsg); ok {
		i, ok := d.Merged.RowAt(msg.Y)
		if ok {
			d.Merged.SetCursor(d.Merged.Rows(f, &d.Grid), i)
		}
		return nil, app.Action{Enter: ok}, true
	}
	return nil, app.Action{}, false
}

// View draws the merged list.
func (v mergedView) View(f app.Frame) string { return v.d.Merged.View(f, &v.d.Grid) }

// Layout gives the list its rectangle.
func (v mergedView) Layout(r app.Rect) { v.d.Merged.SetSize(r.W, r.H) }

// Hints are the dispatcher's (merged_keys.go).
func (v mergedView) Hints(app.Frame) ([]ui.Hint, bool) { return nil, false }

// NextChange: the dispatcher's changes hands on what the boards show.
func (v mergedView) NextChange(*app.Changes) {}

// Status is the focused board's poll state.
func (v mergedView) Status() *feeds.Poller { return v.d.focusedPolls() }

// Shows reports whether the list shows.
func (v mergedView) Shows() bool { return v.d.Mode == ModeMerged }

// focusedPolls is the focused board's poll state, or a poller that never
// polled when no board is focused.
func (d *Dispatch) focusedPolls() *feeds.Poller {
	if b := d.Grid.Focused(); b != nil {
		return b.Polls()
	}
	return &feeds.Poller{}
}
