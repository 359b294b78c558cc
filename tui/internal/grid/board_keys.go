package grid

import (
	"abfahrt/feed"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
	"errors"

	tea "github.com/charmbracelet/bubbletea"
)

// keyState sums up the boards' state for their bindings; on is whether
// the board side takes keys.
func (d *Dispatch) KeyState(on bool, reminders bool, pinned bool) board.BoardKeyState {
	g := &d.Grid
	s := board.BoardKeyState{On: on && d.Mode == ModeGrid, Boards: g.Len(), Pinned: pinned}
	switch {
	case g.Plain():
		s.Mode, s.Strip = board.BoardPlain, d.Pins.stripCount()
	case g.Zoomed:
		s.Mode = board.BoardZoom
	}
	if b := g.Focused(); b != nil {
		rows := b.Rows()
		if c := b.CursorIn(rows); c >= 0 && c < len(rows) {
			s.RowVehicle = b.Data.Events[rows[c]].VehicleNumber != 0
		}
		s.Arrivals, s.Rows = b.Subj.Arrivals, len(rows)
		s.Platforms = len(b.Platforms()) > 1
		s.Filtered = b.Filt.Active() || b.Narrowed
		s.Walk, s.WholeStop = b.Walk > 0, b.Subj.Point == ""
		s.Remind = reminders && len(rows) > 0
		s.Unknown = !b.Have && errors.Is(b.Polls().LastErr, feed.ErrNotFound)
	}
	return s
}

// views returns the view keys of the view that shows.
func (d *Dispatch) Views() *ui.ViewKeys {
	switch d.Mode {
	case ModeMerged:
		return &d.Merged.Km.ViewKeys
	case ModeFleet:
		return &d.Fleet.Km.ViewKeys
	case ModeGrid:
	}
	return &d.Keys.ViewKeys
}

// refreshWatched polls the focused watched board's feed now (merged view).
func (d *Dispatch) RefreshWatched() tea.Cmd {
	g := &d.Grid
	if g.Focus >= 0 && g.Focus < g.Len() {
		return g.Boards[g.Focus].Refresh()
	}
	return nil
}
