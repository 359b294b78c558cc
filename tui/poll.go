package tui

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"abfahrt/feed"
)

// Polling bounds.
const (
	// DefaultInterval is the poll interval when Options.Interval is zero:
	// the update interval of the service's live data.
	DefaultInterval = 15 * time.Second
	// maxTimeout caps a request's timeout; it is also kept below the interval.
	maxTimeout = 10 * time.Second
	// maxBackoff caps the delay between retries after failures.
	maxBackoff = 2 * time.Minute
	// minInterval is the shortest poll interval accepted.
	minInterval = time.Second
)

// policy is the timing of polls: interval, request timeout, backoff and
// jitter. It holds the random source for jitter, used only from Update.
type policy struct {
	interval time.Duration
	timeout  time.Duration
	rnd      *rand.Rand
	// maxBack caps the backoff after failures (maxBackoff when zero).
	maxBack time.Duration
}

// newPolicy returns the policy for an interval (0 means DefaultInterval).
func newPolicy(interval time.Duration, seed uint64) policy {
	if interval <= 0 {
		interval = DefaultInterval
	}
	interval = max(interval, minInterval)
	return policy{
		interval: interval,
		timeout:  min(maxTimeout, interval*2/3),
		rnd:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// delay returns the time to the next poll after failures consecutive
// failures (0 after a success), honouring a Retry-After the service sent
// with err, with about ±10 % jitter so that many clients spread out.
func (p policy) delay(failures int, err error) time.Duration {
	limit := maxBackoff
	if p.maxBack > 0 {
		limit = p.maxBack
	}
	d := feed.NextDelay(p.interval, limit, failures)
	if ra, ok := feed.RetryAfter(err); ok && ra > d {
		return ra // the service asked for this much; no jitter below it
	}
	return feed.Jitter(d, p.rnd)
}

// staleDataAfter is how many intervals an answer's CurrentTimestamp may
// stand still before the data counts as stale.
const staleDataAfter = 2

// poller is the bookkeeping of one polled subject: at most one schedule
// (gen) and at most one request in flight (seq), by construction: the
// next tick is armed only when a response is accepted.
type poller struct {
	// gen is the schedule generation; a tick of an older gen is dropped.
	gen int
	// seq is the id of the request awaited, 0 when none is in flight.
	seq int
	// cancel ends the request in flight, if any.
	cancel context.CancelFunc
	// failures counts consecutive failed polls.
	failures int
	// next is when the armed tick fires (zero while a request is in flight).
	next time.Time
	// lastOK is when the last good answer arrived.
	lastOK time.Time
	// staleSince is when the first of the current run of failures
	// happened; zero while the data is fresh.
	staleSince time.Time
	// lastErr is the error of the last poll, nil after a success.
	lastErr error
	// dataTS is the newest CurrentTimestamp of the subject's answers and
	// dataAt the local time it came; moved records that it has advanced
	// at least once (a source whose timestamps never move is not judged).
	dataTS, dataAt time.Time
	moved          bool
	// prevTS is the CurrentTimestamp of the last answer that had one.
	prevTS time.Time
	// requests counts requests started, for the status bar and tests.
	requests int
	// ageUnknown says the data is stale since a time nobody said: a
	// stale answer (Warning 110) without an Age header, before any
	// answer whose age was known.
	ageUnknown bool
}

// staleAt is when the poller's data turns stale: delayedAfter intervals
// after the last good answer. One failed poll (or a few under a high
// error rate) does not mark data stale; data that has not been renewed
// for two intervals does, whatever the reason. Zero before any answer.
func (p *poller) staleAt(interval time.Duration) time.Time {
	if p.lastOK.IsZero() {
		return time.Time{}
	}
	return p.lastOK.Add(delayedAfter * interval)
}

// stale is the one staleness rule of every view: whether p's data is
// stale at the last clock tick, and since when (the time of the data
// shown, in the service's time).
func (sh *feedState) stale(p *poller) (since time.Time, ok bool) {
	at := p.staleAt(sh.pol.interval)
	if at.IsZero() || !sh.local.After(at) {
		return time.Time{}, false
	}
	return sh.svcAt(p.lastOK), true
}

// inFlight reports whether a request is awaited.
func (p *poller) inFlight() bool { return p.seq != 0 }

// schedules hands out schedule generations, unique in the process, so that
// a tick finds its poller by feed key and generation whichever view owns it.
var schedules atomic.Int64

// renew starts a new schedule generation: pending ticks of the old one are
// dropped; a request in flight stays.
func (p *poller) renew() { p.gen = int(schedules.Add(1)) }

// restart starts a new schedule: pending ticks of the old one are dropped
// and a request in flight is cancelled and its answer ignored.
func (p *poller) restart() {
	p.renew()
	p.abort()
}

// abort cancels the request in flight, if any.
func (p *poller) abort() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.seq = 0
	p.next = time.Time{}
}

// begin records a request started with id seq, returning the context the
// command must use. fresh bypasses the client's cache (a manual refresh).
func (p *poller) begin(parent context.Context, seq int, timeout time.Duration, fresh bool) (context.Context, context.CancelFunc) {
	p.abort()
	ctx, cancel := context.WithTimeout(parent, timeout)
	if fresh {
		ctx = feed.WithFresh(ctx)
	}
	p.seq, p.cancel, p.next = seq, cancel, time.Time{}
	p.requests++
	return ctx, cancel
}

// accept reports whether an answer with id seq is the one awaited, and if
// so marks the request finished.
func (p *poller) accept(seq int) bool {
	if seq == 0 || seq != p.seq {
		return false
	}
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.seq = 0
	return true
}

// settle records the outcome of an accepted answer at time at, whose
// CurrentTimestamp is ts (zero when unknown) and whose HTTP headers said
// ans, and returns the delay to the next poll.
//
// Staleness is judged by the age of the data too, not only by whether
// the request succeeded. Behind a hub or cache the headers say it: an
// answer with an Age is as old as that (lastOK is when its data was
// fresh, by the local clock), and one marked stale (Warning 110) or older
// than staleDataAfter intervals keeps the board stale, as a failed poll
// would, since the time its data was fresh; a stale answer of unknown age
// (no Age header) is stale since an unknown time (ageUnknown). Without
// headers, the timestamps tell: an answer no newer than one that came
// more than two intervals ago keeps lastOK at the arrival of that newer
// data and marks the data stale since then. An old timestamp that moved
// on from the previous answer's is a service whose clock was set back
// (restarted) and runs: live data again.
//
// Until the first good answer, a failure is retried at the interval, not
// backed off: a board that never had data must not wait minutes on a
// flaky service.
func (p *poller) settle(pol policy, err error, at, ts time.Time, ans feed.Answer) time.Duration {
	fresh := at // when the answer's data was fresh, by the local clock
	if ans.AgeKnown {
		fresh = at.Add(-ans.Age)
	}
	aged := err == nil && (ans.Stale || (ans.AgeKnown && ans.Age > staleDataAfter*pol.interval))
	old := !aged && !ts.IsZero() && !p.dataTS.IsZero() && !ts.After(p.dataTS) && p.moved &&
		at.Sub(p.dataAt) > staleDataAfter*pol.interval
	restarted := old && !p.prevTS.IsZero() && ts.After(p.prevTS)
	if err == nil && !ts.IsZero() && !aged {
		defer func() { p.prevTS = ts }()
	}
	neverOK := p.lastOK.IsZero()
	switch {
	case err != nil:
		p.failures++
		p.lastErr = err
		if p.staleSince.IsZero() {
			p.staleSince = at
		}
	case aged:
		p.failures, p.lastErr = 0, nil
		switch {
		case ans.AgeKnown:
			if fresh.After(p.lastOK) {
				p.lastOK = fresh
			}
			p.ageUnknown = false
		case p.lastOK.IsZero() || p.ageUnknown:
			// Stale since an unknown time: the views say "age unknown";
			// the time kept is old enough for every staleness rule.
			p.lastOK = at.Add(-staleDataAfter*pol.interval - time.Second)
			p.ageUnknown = true
		}
		if p.staleSince.IsZero() {
			p.staleSince = p.lastOK
		}
	case old && !restarted:
		p.failures, p.lastErr = 0, nil
		p.lastOK = p.dataAt
		if p.staleSince.IsZero() {
			p.staleSince = p.dataAt
		}
	default:
		p.failures, p.lastErr, p.staleSince, p.ageUnknown = 0, nil, time.Time{}, false
		p.lastOK = fresh
		if !ts.IsZero() && (p.dataTS.IsZero() || ts.After(p.dataTS) || restarted) {
			p.moved = p.moved || !p.dataTS.IsZero()
			p.dataTS, p.dataAt = ts, fresh
		}
	}
	failures := p.failures
	if neverOK && p.lastOK.IsZero() {
		failures = 0
	}
	d := pol.delay(failures, err)
	p.next = at.Add(d)
	return d
}
