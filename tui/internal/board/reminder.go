package board

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/remind"
)

// remindMark is a row's reminder mark: "*" set, "!" rung; flash is true
// while the row flashes (on every other second of the local clock local).
func remindMark(svc *app.Services, local time.Time, e *model.Event) (mark string, flash bool) {
	r := svc.Reminders.Get(remind.EventID(e))
	if r == nil {
		return " ", false
	}
	if !r.Fired {
		return "*", false
	}
	until, ok := svc.Reminders.Flash[r.ID()]
	// With reduced motion the row is highlighted steadily, not on and off.
	return "!", ok && !local.After(until) && (svc.ReduceMotion || local.Unix()%2 == 0)
}

// remind is t: it sets or removes the reminder of the row under the
// cursor on a board shown alone; a grid cell (!zoomed), which has no
// cursor, takes its first row still ahead of its warning (or already
// reminded), at frame f's clock. It returns the save and what the status
// bar says.
func (b *Pane) remind(f app.Frame, zoomed bool) (tea.Cmd, app.Action) {
	rows := b.Rows(f)
	if b.Services.Reminders == nil {
		return nil, app.Action{}
	}
	var e *model.Event
	if zoomed {
		if b.Cursor >= len(rows) {
			return nil, app.Action{}
		}
		e = &b.Data.Events[rows[b.Cursor]]
	}
	for _, i := range rows {
		if e != nil {
			break
		}
		if c := &b.Data.Events[i]; b.Services.Reminders.Has(remind.EventID(c)) || b.Services.Reminders.Ahead(c, b.Walk, f.Now) {
			e = c
		}
	}
	if e == nil {
		return nil, app.Action{Notice: f.Texts.RemindNone}
	}
	n := b.Services.Reminders.Toggle(f.Texts, b.Subject.Stop, b.Walk, e)
	b.Touch()
	return b.Services.Reminders.SaveCmd(f.Now), app.Action{Notice: n}
}
