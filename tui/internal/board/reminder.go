package board

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/remind"
)

// remindMark is a row's reminder mark: "*" set, "!" rung; flash is true
// while the row flashes (on every other second).
func (b *Pane) remindMark(e *model.Event) (mark string, flash bool) {
	r := b.Sh.Rem.Get(remind.EventID(e))
	if r == nil {
		return " ", false
	}
	if !r.Fired {
		return "*", false
	}
	until, ok := b.Sh.Rem.Flash[r.ID()]
	// With reduced motion the row is highlighted steadily, not on and off.
	return "!", ok && !b.Sh.Local.After(until) && (b.Sh.ReduceMotion || b.Sh.Local.Unix()%2 == 0)
}

// toggleReminder sets or removes the reminder of the row under the
// cursor, and saves; it returns the save and what the status bar says.
func (b *Pane) toggleReminder() (tea.Cmd, string) {
	rows := b.Rows()
	if b.Sh.Rem == nil || b.Cursor >= len(rows) {
		return nil, ""
	}
	n := b.Sh.Rem.Toggle(b.Sh.T, b.Subj.Stop, b.Walk, &b.Data.Events[rows[b.Cursor]])
	b.Touch()
	return b.Sh.Rem.SaveCmd(b.Sh.Now), n
}

// RemindFirst is t on a grid cell, which has no cursor: it sets or
// removes the reminder of the cell's first row still ahead of its
// warning (or already reminded), and says which.
func (b *Pane) RemindFirst() (tea.Cmd, app.Action) {
	if b.Sh.Rem == nil {
		return nil, app.Action{}
	}
	for _, i := range b.Rows() {
		e := &b.Data.Events[i]
		if b.Sh.Rem.Has(remind.EventID(e)) || b.Sh.Rem.Ahead(e, b.Walk, b.Sh.Now) {
			n := b.Sh.Rem.Toggle(b.Sh.T, b.Subj.Stop, b.Walk, e)
			b.Touch()
			return b.Sh.Rem.SaveCmd(b.Sh.Now), app.Action{Notice: n}
		}
	}
	return nil, app.Action{Notice: b.Sh.T.RemindNone}
}
