package tui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The clock of the interactive views (board, grid, merged list) does not
// wake the program every second: nothing on them changes that often. The
// header clocks show hours and minutes, countdowns and walking times turn
// a minute before an event, the status bar's ages move in 30 s steps, the
// stale marker appears at one deadline. nextChange computes, in one place,
// the next local time at which any of these turns, and the clock message
// is scheduled for that moment (planClock), so an idle board is woken a
// few times a minute instead of sixty. Every other message brings the
// clocks up to date first (catchUp): new data is drawn against the time
// it arrived, not against the last tick.

// Steps of what the views show.
const (
	// changeSlack is how long after a boundary the clock message comes:
	// countdowns and the stale rule compare strictly, so the moment itself
	// still shows the old text.
	changeSlack = time.Millisecond
	// minClockGap bounds how soon one clock message follows another.
	minClockGap = changeSlack
)

// clockPlan is the clock message scheduled: due is its local time, zero
// when none is pending; on once Init started the clock (a model driven by
// hand, as in the unit tests, gets its clock messages from its driver).
type clockPlan struct {
	due time.Time
	on  bool
}

// everySecond reports whether a view that changes by the second is on
// screen: the vehicle pane (report ages, the vehicle's position), the
// fleet view (report ages) or a flashing reminder. They keep the
// one-second clock.
func (m *Model) everySecond() bool {
	if m.vehicle.open || m.disp.mode == modeFleet {
		return true
	}
	if m.sh.rem != nil {
		for _, until := range m.sh.rem.flash {
			if !m.sh.local.After(until) {
				return true
			}
		}
	}
	return false
}

// nextChange returns the local time of the next visible change after the
// local time now: the next whole minute of the service's clock (the header
// clocks, night hours, profiles), the next minute turn of any event's time
// shown (countdowns, "now", hiding a departure, walking times: events'
// times have seconds), the next 30 s step of a feed's data age or time to
// its next poll (the status bar), a feed's stale deadline, a reminder's
// leave time, and the request rate's minute (ratemeter.go). Service
// times are converted to local time through the service clock's rate.
//
// The grid's cells show only the first rows of each board, and only the
// boards of one page: there it wakes for what they and the summary line
// show (gridPane.changes), not for every event of every feed, and for the
// status bar's steps of the focused board's feed only. The zoomed board,
// the merged list and the plain board wake for every event of every feed.
func (m *Model) nextChange(now time.Time) time.Time {
	if m.everySecond() {
		return now.Truncate(time.Second).Add(time.Second)
	}
	sh := m.sh
	next := now.Add(time.Minute + changeSlack) // a bound: the service's minute comes as soon
	take := func(t time.Time) {
		if t.After(now) && t.Before(next) {
			next = t
		}
	}
	// Service times: the minute of the clock, then every event's minute.
	svcNow := sh.svcAt(now)
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
	cells := m.gridCells()
	if cells {
		m.disp.grid.changes(turn, at)
	} else {
		walks := m.walks()
		for _, f := range sh.reg.entries {
			for i := range f.data.board.Events {
				e := &f.data.board.Events[i]
				turn(e.Due())
				w := e.When()
				turn(w)
				if w.IsZero() {
					continue
				}
				for _, d := range walks {
					turn(w.Add(-d))
				}
			}
		}
	}
	// Local times: the status bar's steps (of the one feed it shows, on
	// the grid's cells) and the stale deadlines.
	bar := m.disp.statusBoard().polls()
	for _, f := range sh.reg.entries {
		p := &f.poll
		steps := !cells || p == bar
		if !p.lastOK.IsZero() {
			if steps {
				take(nextStep(now, p.lastOK, barStep))
			}
			take(p.staleAt(sh.pol.interval).Add(changeSlack))
		}
		if !p.next.IsZero() && steps {
			take(nextStep(now, p.next, barStep))
		}
	}
	if sh.rem != nil {
		for i := range sh.rem.items {
			if r := &sh.rem.items[i]; !r.Fired {
				turn(r.leaveAt())
			}
		}
	}
	if t := m.disp.rate.nextTurn(now); !t.IsZero() {
		take(t)
	}
	take(sh.localAt(svcNext).Add(changeSlack))
	return next
}

// walks are the distinct walking times of the boards on screen.
func (m *Model) walks() []time.Duration {
	var out []time.Duration
	add := func(d time.Duration) {
		if d <= 0 {
			return
		}
		for _, w := range out {
			if w == d {
				return
			}
		}
		out = append(out, d)
	}
	for _, b := range m.disp.grid.all() {
		add(b.walk)
	}
	return out
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

// localAt returns the local time at which the service's clock shows s: the
// inverse of svcAt.
func (sh *feedState) localAt(s time.Time) time.Time {
	c := sh.svc
	if c == nil || !c.known {
		return s
	}
	if c.rate == 1 {
		return c.refL.Add(s.Sub(c.refS))
	}
	return c.refL.Add(time.Duration(float64(s.Sub(c.refS)) / c.rate))
}

// planClock schedules the clock message for the next visible change, unless
// one that comes as soon is pending, or a poll's tick comes first (a message
// too: the plan is made anew when it comes, so no timer outlives the polls).
// Called after every message once Init started the clock.
func (m *Model) planClock() tea.Cmd {
	sh := m.sh
	if !sh.plan.on {
		return nil
	}
	if !sh.plan.due.IsZero() && !sh.plan.due.After(sh.local) {
		sh.plan.due = time.Time{} // it came (or is in the queue: one more is harmless)
	}
	next := m.nextChange(sh.local)
	if poll, ok := m.nextPoll(); ok && !next.Before(poll) {
		return nil
	} else if !ok {
		next = minTime(next, sh.local.Add(sh.pol.interval))
	}
	if !sh.plan.due.IsZero() && !next.Before(sh.plan.due) {
		return nil
	}
	sh.plan.due = next
	return clockAt(sh.ctx, sh.clock, max(next.Sub(sh.clock()), minClockGap))
}

// nextPoll returns when the next poll's tick comes, if one is armed.
func (m *Model) nextPoll() (time.Time, bool) {
	var at time.Time
	for _, f := range m.sh.reg.entries {
		if n := f.poll.next; n.After(m.sh.local) && (at.IsZero() || n.Before(at)) {
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

// startClock starts the clock: from now on every message plans it.
func (m *Model) startClock() tea.Cmd {
	m.sh.plan.on = true
	return m.planClock()
}

// clockAt delivers a clockMsg after d, or nothing when ctx ends first (the
// program ended: a tick a minute away must not outlive it).
func clockAt(ctx context.Context, clock func() time.Time, d time.Duration) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return clockMsg{now: clock()}
		case <-ctx.Done():
			return nil
		}
	}
}

// catchUp brings the clocks up to date for a message other than the clock's
// (an answer, a key): what it changes is drawn at the time it came. It does
// what a clock message does when the local clock moved on.
func (m *Model) catchUp(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(clockMsg); ok || !m.sh.plan.on {
		return nil
	}
	now := m.sh.clock()
	if !now.After(m.sh.local) {
		return nil
	}
	return m.handleTick(clockMsg{now: now})
}

// gridCells reports whether the screen shows the grid's cells (with the
// summary line) rather than one board, a list or the vehicle pane.
func (m *Model) gridCells() bool {
	g := &m.disp.grid
	return m.disp.mode == modeGrid && !m.vehicle.open && g.zoomedBoard() == nil && len(g.boards) > 0
}

// changes hands what the grid's cells and summary line show, as it
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
func (g *gridPane) changes(turn, at func(time.Time)) {
	g.visibleCells(func(b *boardPane, shown int) {
		rows := b.rows()
		for n, r := range rows {
			e := &b.data.Events[r]
			if n < shown {
				turn(e.Due())
				if w := e.When(); b.walk > 0 && !w.IsZero() {
					turn(w.Add(-b.walk))
				}
			}
			if t := e.Due(); !t.IsZero() {
				at(t.Add(hideAfter))
			}
			if w := e.When(); b.hideMissed && b.walk > 0 && !w.IsZero() {
				at(w.Add(-b.walk))
			}
		}
		if len(rows) == 0 && b.have && b.filt.active() {
			for i := range b.data.Events { // the events the filters keep
				at(b.data.Events[i].Due())
			}
		}
	})
	for _, f := range g.watchedFeeds() {
		if !f.have {
			continue
		}
		for i := range f.data.board.Events {
			// Only a delay counts or can be the worst: an event on time or
			// early changes the summary line neither coming nor going.
			if e := &f.data.board.Events[i]; e.Realtime() && e.Deviation > 0 {
				at(e.Due().Add(hideAfter))
			}
		}
	}
}

// visibleCells calls fn with the board of each cell of the grid's current
// page and the number of rows the cell shows at most, as render lays
// them out.
func (g *gridPane) visibleCells(fn func(b *boardPane, shown int)) {
	body := g.height - 1
	if body <= 0 {
		return
	}
	cols, rows := gridShape(len(g.boards), g.width, body, g.sh.limit)
	per := max(cols*rows, 1)
	first := (g.focus / per) * per
	for r := range rows {
		shown := split(body, rows, r) - 1
		for c := range cols {
			if i := first + r*cols + c; i < len(g.boards) {
				fn(g.boards[i], shown)
			}
		}
	}
}
