package grid

import (
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// Changes hands what the grid's cells and summary line show, as it
// changes with the clock, to turn (a service time whose minute turns
// change the screen) and at (a service time at which it changes once):
//
//   - of each cell of the current page, the countdown (and with a walking
//     time the leave text) of each row it shows: their minute turns,
//     which include "now" and, a minute later, the row leaving;
//   - the moment any row of a cell's board leaves (hideAfter after its
//     time; with missed departures hidden, its leave time): the rows
//     below move up, and the rows' common badge width may change;
//   - a cell without rows whose filters keep none says when they next
//     would (nextRun): the moment each event it could name passes;
//   - the summary line counts the late vehicles and names the worst delay
//     among the live events of every watched board not long past: the
//     moment a late one leaves that count (hideAfter after its time).
//
// The clock, the stale markers and the status bar are the caller's.
func (g *gridPane) Changes(f app.Frame, turn, at func(time.Time)) {
	g.visibleCells(f, func(b *board.Pane, shown int) {
		rows := b.Rows(f)
		for n, r := range rows {
			e := &b.Data.Events[r]
			if n < shown {
				turn(e.Due())
				if w := e.When(); b.Walk > 0 && !w.IsZero() {
					turn(w.Add(-b.Walk))
				}
			}
			if t := e.Due(); !t.IsZero() {
				at(t.Add(ui.HideAfter))
			}
			if w := e.When(); b.HideMissed && b.Walk > 0 && !w.IsZero() {
				at(w.Add(-b.Walk))
			}
		}
		if len(rows) == 0 && b.Have && b.Filters.Active() {
			for i := range b.Data.Events { // the events the filters keep
				at(b.Data.Events[i].Due())
			}
		}
	})
	for _, f := range g.watchedFeeds() {
		if !f.Have {
			continue
		}
		for i := range f.Data.Board.Events {
			// Only a delay counts or can be the worst: an event on time or
			// early changes the summary line neither coming nor going.
			if e := &f.Data.Board.Events[i]; e.Realtime() && e.Deviation > 0 {
				at(e.Due().Add(ui.HideAfter))
			}
		}
	}
}

// visibleCells calls fn with the board of each cell of the grid's current
// page and the number of rows the cell shows at most, as render lays
// them out in frame f.
func (g *gridPane) visibleCells(f app.Frame, fn func(b *board.Pane, shown int)) {
	body := g.height - 1
	if body <= 0 {
		return
	}
	cols, rows := gridShape(len(g.Boards), g.width, body, f.Limit)
	per := max(cols*rows, 1)
	first := (g.Focus / per) * per
	for r := range rows {
		shown := split(body, rows, r) - 1
		for c := range cols {
			if i := first + r*cols + c; i < len(g.Boards) {
				fn(g.Boards[i], shown)
			}
		}
	}
}
