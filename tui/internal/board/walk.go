package board

import (
	"fmt"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// walking is a board's walking time to its stop and whether it hides
// the departures that walk misses: the leave column, its bands and the
// notes about them. A board holds one.
type walking struct {
	// Walk is the walking time to the stop (0: no leave column, no
	// bands); HideMissed drops the rows that cannot be caught: on by
	// default, so a board with a walking time opens on what can still be
	// caught; H shows them.
	Walk       time.Duration
	HideMissed bool
}

// missed reports whether e cannot be reached any more at now with the
// walking time (never without one).
func (w walking) missed(e *model.Event, now time.Time) bool {
	if w.Walk <= 0 {
		return false
	}
	_, band, _ := ui.LeaveBand(e, now, w.Walk)
	return band == ui.BandMissed
}

// adjust changes the walking time by d, within 0 and MaxWalk; it returns
// what the status bar says.
func (w *walking) adjust(tx *ui.Texts, d time.Duration) string {
	w.Walk = min(max(w.Walk+d, 0), ui.MaxWalk)
	return fmt.Sprintf(tx.NoteWalk, tx.WalkMinutes(w.Walk))
}

// toggleMissed hides or shows the missed rows; it returns what the status
// bar says.
func (w *walking) toggleMissed(tx *ui.Texts) string {
	w.HideMissed = !w.HideMissed
	if w.HideMissed {
		return tx.NoteHide
	}
	return tx.NoteShow
}

// note is the header's note of the walking time, "" without one, with
// how many missed departures it hides ("walk 3 min · 5 missed hidden";
// nothing when none is hidden: each fact is said once, the rows' ✗ says
// missed when H shows them). A grid cell passes hidden 0: it leaves the
// count to its zoomed board, its column titles need the room.
func (w walking) note(tx *ui.Texts, hidden int) string {
	if w.Walk <= 0 {
		return ""
	}
	s := fmt.Sprintf(tx.WalkHeader, tx.WalkMinutes(w.Walk))
	if hidden > 0 {
		s += " · " + fmt.Sprintf(tx.HidMissed, hidden)
	}
	return s
}

// demand is the events a board hiding missed departures asks for: fill,
// or more when the hidden missed ones would leave some of its room rows
// empty (a long walk at a busy stop can miss a whole answer), in the
// steps of app.LimitFor.
func (w walking) demand(fill, room, hidden int) int {
	if !w.HideMissed || w.Walk <= 0 {
		return fill
	}
	if need := max(room, 0) + hidden; hidden > 0 && need > fill {
		return app.LimitFor(need, fill)
	}
	return fill
}

// leaveText is a row's leave text ("" without a walking time).
func (w walking) leaveText(tx *ui.Texts, e *model.Event, now time.Time) string {
	if w.Walk <= 0 {
		return ""
	}
	s, _ := tx.LeaveText(e, now, w.Walk)
	return s
}

// cellWidth is the cells the leave column takes in a grid cell.
func (w walking) cellWidth(tx *ui.Texts) int {
	if w.Walk <= 0 {
		return 0
	}
	return 1 + tx.LeaveWidth()
}

// cell renders a grid cell row's leave column.
func (w walking) cell(st *ui.Styles, tx *ui.Texts, e *model.Event, now time.Time) string {
	if w.Walk <= 0 {
		return ""
	}
	s, band := tx.LeaveText(e, now, w.Walk)
	return " " + st.Band(band).Render(ui.Pad(s, tx.LeaveWidth()))
}

// LeaveCol is the width of the board's leave column in tx's words, 0
// without a walking time.
func (b *Pane) LeaveCol(tx *ui.Texts) int {
	if b.Walk <= 0 {
		return 0
	}
	return tx.LeaveWidth()
}

// WalkNote is the walking time with the count of hidden missed
// departures, as a board's header says it ("walk 3 min · 5 missed
// hidden") in frame f, "" without a walking time: the kiosk's header
// says it too.
func (b *Pane) WalkNote(f app.Frame) string {
	_, n := b.rowsHidden(f)
	return b.walking.note(f.Texts, n)
}
