package board

import (
	"fmt"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// missed reports whether e cannot be reached any more with the board's
// walking time (never without one).
func (b *Pane) missed(e *model.Event) bool {
	if b.Walk <= 0 {
		return false
	}
	_, band, _ := ui.LeaveBand(e, b.Sh.Now, b.Walk)
	return band == ui.BandMissed
}

// adjustWalk changes the board's walking time by d, within 0 and MaxWalk;
// it returns what the status bar says.
func (b *Pane) adjustWalk(d time.Duration) string {
	b.Walk = min(max(b.Walk+d, 0), ui.MaxWalk)
	b.SetCursor(b.Cursor)
	return fmt.Sprintf(b.Sh.T.NoteWalk, b.Sh.T.WalkMinutes(b.Walk))
}

// toggleMissed hides or shows the missed rows; it returns what the status
// bar says.
func (b *Pane) toggleMissed() string {
	b.HideMissed = !b.HideMissed
	b.SetCursor(b.Cursor)
	if b.HideMissed {
		return b.Sh.T.NoteHide
	}
	return b.Sh.T.NoteShow
}

// walkNote is the header's note of the walking time, "" without one,
// with how many missed departures it hides ("walk 3 min · 5 missed
// hidden"; nothing when none is hidden: each fact is said once, the rows'
// ✗ says missed when H shows them).
// A grid cell (!count) leaves the count to its zoomed board: its
// column titles need the room.
func (b *Pane) walkNote(count bool) string {
	if b.Walk <= 0 {
		return ""
	}
	s := fmt.Sprintf(b.Sh.T.WalkHeader, b.Sh.T.WalkMinutes(b.Walk))
	if _, n := b.rowsHidden(); n > 0 && count {
		s += " · " + fmt.Sprintf(b.Sh.T.HidMissed, n)
	}
	return s
}

// walkDemand is the events a board hiding missed departures asks for:
// fill, or more when the missed ones it hides would leave rows of its
// height empty (a long walk at a busy stop can miss a whole answer), in
// the steps of app.LimitFor.
func (b *Pane) walkDemand(fill int) int {
	if !b.HideMissed || b.Walk <= 0 {
		return fill
	}
	_, n := b.rowsHidden()
	if need := max(b.height-boardChrome, 0) + n; n > 0 && need > fill {
		return app.LimitFor(need, fill)
	}
	return fill
}

// LeaveCol is the width of the board's leave column, 0 without a walking
// time.
func (b *Pane) LeaveCol() int {
	if b.Walk <= 0 {
		return 0
	}
	return b.Sh.T.LeaveWidth()
}

// CompactLeave is a grid cell row's leave text ("" without a walking
// time): part of the cell's cache key and its last column.
func (b *Pane) CompactLeave(e *model.Event) string {
	if b.Walk <= 0 {
		return ""
	}
	s, _ := b.Sh.T.LeaveText(e, b.Sh.Now, b.Walk)
	return s
}

// compactLeaveWidth is the cells the leave column takes in a grid cell.
func (b *Pane) compactLeaveWidth() int {
	if b.Walk <= 0 {
		return 0
	}
	return 1 + b.Sh.T.LeaveWidth()
}

// compactLeaveCell renders a grid cell row's leave column.
func (b *Pane) compactLeaveCell(e *model.Event) string {
	if b.Walk <= 0 {
		return ""
	}
	s, band := b.Sh.T.LeaveText(e, b.Sh.Now, b.Walk)
	return " " + b.Sh.St.Band(band).Render(ui.Pad(s, b.Sh.T.LeaveWidth()))
}

// WalkNote is the walking time with the count of hidden missed
// departures, as a board's header says it ("walk 3 min · 5 missed
// hidden"), "" without a walking time: the kiosk's header says it too.
func (b *Pane) WalkNote() string { return b.walkNote(true) }
