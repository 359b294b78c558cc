package kiosk

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// A hall display of large departures changes on the minute (its clock and
// its countdowns), when a departure becomes due or leaves, when a page of
// the alert or of the boards turns, when data gets stale, and with the
// answers. Its clock is not a tick every second: it is scheduled at the
// next instant one of those may happen (nextTurn), so that between them
// the program sleeps. Where the screen follows the clock more finely (rows
// of text at a small size, a walking time, the night screen, before the
// service's clock is known) it ticks every second as before.

// clockTick is the kiosk's clock scheduled by nextTurn; gen is its
// schedule: a tick of an older schedule (one an answer brought forward)
// is dropped.
type clockTick struct {
	gen int
	now time.Time
}

// Bounds of the scheduled clock: it fires turnLate after the instant
// (what turns at an instant turns just after it), at least turnLeast after
// the last tick, and with a watchdog (Options.Alive) at least every
// aliveEvery: the service manager's watchdog pings while the loop runs
// (every 15 s with the shipped unit's WatchdogSec=30s).
const (
	turnLate   = 10 * time.Millisecond
	turnLeast  = 10 * time.Millisecond
	aliveEvery = 5 * time.Second
)

// clock schedules the kiosk's next clock tick at nextTurn in frame f,
// unless one is scheduled at or before it.
func (m *Model) clock(f app.Frame) tea.Cmd {
	k, local := &m.Kiosk, f.Local
	at := m.nextTurn(f).Add(turnLate)
	if !k.tickAt.IsZero() && k.tickAt.After(local) && !k.tickAt.After(at) {
		return nil // the tick scheduled comes first
	}
	k.tickGen++
	k.tickAt = at
	gen, now := k.tickGen, m.Shared.Clock
	return tea.Tick(max(at.Sub(local), turnLeast), func(time.Time) tea.Msg { return clockTick{gen: gen, now: now()} })
}

// nextTurn is the first instant after the local clock's now at which the
// kiosk's screen or state may change without an answer, on the local
// clock; the next whole second where it follows the clock by the second.
// f is the frame of the update.
func (m *Model) nextTurn(f app.Frame) time.Time {
	sh, k := m.Shared, &m.Kiosk
	local, svcNow := f.Local, f.Now
	second := local.Truncate(time.Second).Add(time.Second) // on the second, as tea.Every ticks
	if k.Asleep || !sh.ClockKnown() || m.title || len(k.Boards) == 0 {
		return second
	}
	// The boards on screen, as kioskView takes them, and what of them may
	// turn (boardVisible: worked out for this instant, kept for the frame).
	first, n := k.shown(local), 1
	if cols := k.Columns(m.width, m.height); cols > 1 {
		first, n = k.page(f, cols), cols
	}
	if _, ok := m.visibleKey(f, first, n, m.width, m.height); !ok {
		return second // a frame built every second: no large rows
	}
	c := k.cache
	at := local.Add(time.Minute)
	if k.Options.Alive != nil {
		at = local.Add(aliveEvery)
	}
	earlier := func(t time.Time) {
		if t.Equal(local) {
			t = local.Add(time.Nanosecond) // it turns just after now
		}
		if t.After(local) && t.Before(at) {
			at = t
		}
	}
	svc := func(t time.Time) time.Time { return local.Add(t.Sub(svcNow)) }
	earlier(local.Truncate(time.Minute).Add(time.Minute))
	earlier(svc(svcNow.Truncate(time.Minute).Add(time.Minute)))
	for i := first; i < min(first+n, len(k.Boards)); i++ {
		b := &k.Boards[i]
		v, ok := c.vis[b]
		if !ok || b.Walk > 0 || v.rev != b.Revision || v.gen != k.arev || !v.until.After(svcNow) {
			return second
		}
		earlier(svc(v.until))
	}
	// Every board's freshness: the banner, blanking.
	for i := range k.Boards {
		p := k.Boards[i].Polls()
		if p.LastOK.IsZero() {
			earlier(k.since.Add(feeds.DelayedAfter * sh.Policy.Interval))
			continue
		}
		earlier(p.StaleAt(sh.Policy.Interval))
		earlier(p.LastOK.Add(k.Options.StaleAfter))
	}
	// Pages: the alert's, the boards' in turn; the burn-in shift.
	if k.alert.Title != "" || len(k.alert.Items) > 0 {
		page := TickerPage
		if sh.ReduceMotion {
			page = TickerPageReduced
		}
		earlier(nextMultiple(local, page))
	}
	if len(k.Boards) > n && k.Options.Rotate > 0 {
		n := int64(local.Sub(k.start)/k.Options.Rotate) + 1
		earlier(k.start.Add(time.Duration(n) * k.Options.Rotate))
	}
	earlier(nextMultiple(local, m.step()))
	earlier(k.hintUntil)
	earlier(k.switchUntil)
	if len(k.Options.Speak) > 0 && k.Options.SpeakEvery > 0 {
		if k.speech.next.IsZero() {
			return second
		}
		earlier(k.speech.next)
	}
	return at
}

// nextMultiple is the first instant after t that is a whole multiple of d
// since the Unix epoch (as the pages and the shift count them).
func nextMultiple(t time.Time, d time.Duration) time.Time {
	s := int64(d / time.Second)
	if s <= 0 {
		return t.Add(time.Second)
	}
	return time.Unix((t.Unix()/s+1)*s, 0)
}
