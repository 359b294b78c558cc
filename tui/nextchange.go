package tui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// nextChange returns the local time of the next visible change after the
// local time now: the next whole minute of the service's clock (the header
// clocks, night hours, profiles), what the board side shows
// (grid.Dispatch.Changes: countdowns, "now", hiding a departure, walking
// times; on the grid's cells only what the cells and the summary line
// show), a reminder's leave time, the next 30 s step of a feed's data age
// or time to its next poll (the status bar: of the focused board's feed
// only on the grid's cells), a feed's stale deadline, and the request
// rate's minute (feeds.RateMeter). Service times are converted to local
// time through the service clock's rate.
func (m *Model) nextChange(now time.Time) time.Time {
	sh := m.sh
	next := now.Add(time.Minute + feeds.ChangeSlack) // a bound: the service's minute comes as soon
	take := func(t time.Time) {
		if t.After(now) && t.Before(next) {
			next = t
		}
	}
	// Service times: the minute of the clock, then every event's minute.
	svcNow := sh.SvcAt(now)
	svcNext := svcNow.Truncate(time.Minute).Add(time.Minute)
	turn := func(anchor time.Time) {
		// Beyond the hour a row shows the clock time, which does not turn.
		if anchor.IsZero() || anchor.Sub(svcNow) > time.Hour+time.Minute {
			return
		}
		if t := nextStep(svcNow, anchor, time.Minute); t.Before(svcNext) {
			svcNext = t
		}
	}
	// at takes a service time at which something changes: a row leaving,
	// a count changing.
	at := func(t time.Time) {
		if t.After(svcNow) && t.Before(svcNext) {
			svcNext = t
		}
	}
	// A flashing reminder, or a pane that changes by the second, keeps
	// the one-second clock.
	c := app.Changes{Frame: m.frame(), Turn: turn, At: at, EverySecond: sh.Reminders.Flashing(sh.Local)}
	for _, p := range m.panes() {
		p.NextChange(&c)
	}
	if c.EverySecond {
		return now.Truncate(time.Second).Add(time.Second)
	}
	cells := c.Cells
	sh.Reminders.Changes(turn)
	// Local times: the status bar's steps (of the one feed it shows, on
	// the grid's cells) and the stale deadlines.
	bar := m.statusPolls()
	for _, f := range sh.Reg.Entries {
		p := &f.Poll
		steps := !cells || p == bar
		if !p.LastOK.IsZero() {
			if steps {
				take(nextStep(now, p.LastOK, ui.BarStep))
			}
			take(p.StaleAt(sh.Policy.Interval).Add(feeds.ChangeSlack))
		}
		if !p.Next.IsZero() && steps {
			take(nextStep(now, p.Next, ui.BarStep))
		}
	}
	if t := m.disp.Rate.NextTurn(now); !t.IsZero() {
		take(t)
	}
	take(sh.LocalAt(svcNext).Add(feeds.ChangeSlack))
	return next
}

// nextStep returns the first time after now that lies a whole number of
// steps from anchor.
func nextStep(now, anchor time.Time, step time.Duration) time.Time {
	d := anchor.Sub(now) % step
	if d <= 0 {
		d += step
	}
	return now.Add(d)
}

// planClock schedules the clock message for the next visible change, unless
// one that comes as soon is pending, or a poll's tick comes first (a message
// too: the plan is made anew when it comes, so no timer outlives the polls).
// Called after every message once Init started the clock.
func (m *Model) planClock() tea.Cmd {
	sh, plan := m.sh, &m.own.plan
	if !plan.On {
		return nil
	}
	if !plan.Due.IsZero() && !plan.Due.After(sh.Local) {
		plan.Due = time.Time{} // it came (or is in the queue: one more is harmless)
	}
	next := m.nextChange(sh.Local)
	if poll, ok := nextPoll(sh.Reg, sh.Local); ok && !next.Before(poll) {
		return nil
	} else if !ok {
		next = minTime(next, sh.Local.Add(sh.Policy.Interval))
	}
	if !plan.Due.IsZero() && !next.Before(plan.Due) {
		return nil
	}
	plan.Due = next
	return clockAt(sh.Ctx, sh.Clock, max(next.Sub(sh.Clock()), feeds.MinClockGap))
}

// nextPoll returns when the next poll's tick after local comes, if one
// is armed.
func nextPoll(reg *feeds.Registry, local time.Time) (time.Time, bool) {
	var at time.Time
	for _, f := range reg.Entries {
		if n := f.Poll.Next; n.After(local) && (at.IsZero() || n.Before(at)) {
			at = n
		}
	}
	return at, !at.IsZero()
}

// minTime is the earlier of a and b.
func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// clockAt delivers a clockMsg after d, or nothing when ctx ends first (the
// program ended: a tick a minute away must not outlive it).
func clockAt(ctx context.Context, clock func() time.Time, d time.Duration) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return app.ClockMsg{Now: clock()}
		case <-ctx.Done():
			return nil
		}
	}
}

// catchUp brings the clocks up to date for a message other than the clock's
// (an answer, a key): what it changes is drawn at the time it came. It does
// what a clock message does when the local clock moved on.
func (m *Model) catchUp(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(app.ClockMsg); ok || !m.own.plan.On {
		return nil
	}
	now := m.sh.Clock()
	if !now.After(m.sh.Local) {
		return nil
	}
	return m.handleTick(app.ClockMsg{Now: now})
}
