package feeds

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
	// MaxBackoff caps the delay between retries after failures.
	MaxBackoff = 2 * time.Minute
	// minInterval is the shortest poll interval accepted.
	minInterval = time.Second
)

// policy is the timing of polls: interval, request timeout, backoff and
// jitter. It holds the random source for jitter, used only from Update.
type policy struct {
	Interval time.Duration
	Timeout  time.Duration
	rnd      *rand.Rand
	// MaxBack caps the backoff after failures (maxBackoff when zero).
	MaxBack time.Duration
}

// NewPolicy returns the policy for an interval (0 means DefaultInterval).
func NewPolicy(interval time.Duration, seed uint64) policy {
	if interval <= 0 {
		interval = DefaultInterval
	}
	interval = max(interval, minInterval)
	return policy{
		Interval: interval,
		Timeout:  min(maxTimeout, interval*2/3),
		rnd:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// Delay returns the time to the next poll after failures consecutive
// failures (0 after a success), honouring a Retry-After the service sent
// with err, with about ±10 % jitter so that many clients spread out.
func (p policy) Delay(failures int, err error) time.Duration {
	limit := MaxBackoff
	if p.MaxBack > 0 {
		limit = p.MaxBack
	}
	d := feed.NextDelay(p.Interval, limit, failures)
	if ra, ok := feed.RetryAfter(err); ok && ra > d {
		return ra // the service asked for this much; no jitter below it
	}
	return feed.Jitter(d, p.rnd)
}

// staleDataAfter is how many intervals an answer's CurrentTimestamp may
// stand still before the data counts as stale.
const staleDataAfter = 2

// Poller is the bookkeeping of one polled subject: at most one schedule
// (gen) and at most one request in flight (seq), by construction: the
// next tick is armed only when a response is accepted.
type Poller struct {
	// Gen is the schedule generation; a tick of an older gen is dropped.
	Gen int
	// Seq is the id of the request awaited, 0 when none is in flight.
	Seq int
	// cancel ends the request in flight, if any.
	cancel context.CancelFunc
	// Failures counts consecutive failed polls.
	Failures int
	// Good counts consecutive good answers with fresh data (0 after a
	// failure or a stale answer): the kiosk's banner goes after two.
	Good int
	// Next is when the armed tick fires (zero while a request is in flight).
	Next time.Time
	// LastOK is when the last good answer arrived.
	LastOK time.Time
	// StaleSince is when the first of the current run of failures
	// happened; zero while the data is fresh.
	StaleSince time.Time
	// LastErr is the error of the last poll, nil after a success.
	LastErr error
	// dataTS is the newest CurrentTimestamp of the subject's answers and
	// dataAt the local time it came; moved records that it has advanced
	// at least once (a source whose timestamps never move is not judged).
	dataTS, dataAt time.Time
	moved          bool
	// prevTS is the CurrentTimestamp of the last answer that had one.
	prevTS time.Time
	// requests counts requests started, for the status bar and tests.
	requests int
	// AgeUnknown says the data is stale since a time nobody said: a
	// stale answer (Warning 110) without an Age header, before any
	// answer whose age was known.
	AgeUnknown bool
}

// StaleAt is when the poller's data turns stale: delayedAfter intervals
// after the last good answer. One failed poll (or a few under a high
// error rate) does not mark data stale; data that has not been renewed
// for two intervals does, whatever the reason. Zero before any answer.
func (p *Poller) StaleAt(interval time.Duration) time.Time {
	if p.LastOK.IsZero() {
		return time.Time{}
	}
	return p.LastOK.Add(DelayedAfter * interval)
}

// Stale is the one staleness rule of every view: whether p's data is
// stale at the last clock tick, and since when (the time of the data
// shown, in the service's time).
func (sh *State) Stale(p *Poller) (since time.Time, ok bool) {
	return StaleSince(p, sh.Local, sh.Policy.Interval, sh.Svc)
}

// StaleSince is the staleness rule (State.Stale) at local time local, for
// polls every interval, with svc the service's clock (nil when it is
// in-process): a frame's clock asks it.
func StaleSince(p *Poller, local time.Time, interval time.Duration, svc *ServiceClock) (since time.Time, ok bool) {
	at := p.StaleAt(interval)
	if at.IsZero() || !local.After(at) {
		return time.Time{}, false
	}
	if svc == nil {
		return p.LastOK, true
	}
	return svc.At(p.LastOK), true
}

// InFlight reports whether a request is awaited.
func (p *Poller) InFlight() bool { return p.Seq != 0 }

// schedules hands out schedule generations, unique in the process, so that
// a tick finds its poller by feed key and generation whichever view owns it.
var schedules atomic.Int64

// renew starts a new schedule generation: pending ticks of the old one are
// dropped; a request in flight stays.
func (p *Poller) renew() { p.Gen = int(schedules.Add(1)) }

// restart starts a new schedule: pending ticks of the old one are dropped
// and a request in flight is cancelled and its answer ignored.
func (p *Poller) restart() {
	p.renew()
	p.abort()
}

// abort cancels the request in flight, if any.
func (p *Poller) abort() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.Seq = 0
	p.Next = time.Time{}
}

// begin records a request started with id seq, returning the context the
// command must use. fresh bypasses the client's cache (a manual refresh).
func (p *Poller) begin(parent context.Context, seq int, timeout time.Duration, fresh bool) (context.Context, context.CancelFunc) {
	p.abort()
	ctx, cancel := context.WithTimeout(parent, timeout)
	if fresh {
		ctx = feed.WithFresh(ctx)
	}
	p.Seq, p.cancel, p.Next = seq, cancel, time.Time{}
	p.requests++
	return ctx, cancel
}

// accept reports whether an answer with id seq is the one awaited, and if
// so marks the request finished.
func (p *Poller) accept(seq int) bool {
	if seq == 0 || seq != p.Seq {
		return false
	}
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.Seq = 0
	return true
}

// Settle records the outcome of an accepted answer at time at, whose
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
func (p *Poller) Settle(pol policy, err error, at, ts time.Time, ans feed.Answer) time.Duration {
	fresh := at // when the answer's data was fresh, by the local clock
	if ans.AgeKnown {
		fresh = at.Add(-ans.Age)
	}
	aged := err == nil && (ans.Stale || (ans.AgeKnown && ans.Age > staleDataAfter*pol.Interval))
	old := !aged && !ts.IsZero() && !p.dataTS.IsZero() && !ts.After(p.dataTS) && p.moved &&
		at.Sub(p.dataAt) > staleDataAfter*pol.Interval
	restarted := old && !p.prevTS.IsZero() && ts.After(p.prevTS)
	if err == nil && !ts.IsZero() && !aged {
		defer func() { p.prevTS = ts }()
	}
	neverOK := p.LastOK.IsZero()
	switch {
	case err != nil:
		p.Failures++
		p.Good = 0
		p.LastErr = err
		if p.StaleSince.IsZero() {
			p.StaleSince = at
		}
	case aged:
		p.Failures, p.LastErr, p.Good = 0, nil, 0
		switch {
		case ans.AgeKnown:
			if fresh.After(p.LastOK) {
				p.LastOK = fresh
			}
			p.AgeUnknown = false
		case p.LastOK.IsZero() || p.AgeUnknown:
			// Stale since an unknown time: the views say "age unknown";
			// the time kept is old enough for every staleness rule.
			p.LastOK = at.Add(-staleDataAfter*pol.Interval - time.Second)
			p.AgeUnknown = true
		}
		if p.StaleSince.IsZero() {
			p.StaleSince = p.LastOK
		}
	case old && !restarted:
		p.Failures, p.LastErr, p.Good = 0, nil, 0
		p.LastOK = p.dataAt
		if p.StaleSince.IsZero() {
			p.StaleSince = p.dataAt
		}
	default:
		p.Failures, p.LastErr, p.StaleSince, p.AgeUnknown = 0, nil, time.Time{}, false
		p.Good++
		p.LastOK = fresh
		if !ts.IsZero() && (p.dataTS.IsZero() || ts.After(p.dataTS) || restarted) {
			p.moved = p.moved || !p.dataTS.IsZero()
			p.dataTS, p.dataAt = ts, fresh
		}
	}
	failures := p.Failures
	if neverOK && p.LastOK.IsZero() {
		failures = 0
	}
	d := pol.Delay(failures, err)
	p.Next = at.Add(d)
	return d
}

// Kiosk defaults.
const (
	// DefaultKioskRotate is the time each board shows when Rotate is zero.
	DefaultKioskRotate = 20 * time.Second
	// MinKioskRotate is the shortest time a board may show (the CLI
	// refuses less).
	MinKioskRotate = 3 * time.Second
	// DefaultKioskStaleAfter is the age after which departures are blanked
	// when StaleAfter is zero.
	DefaultKioskStaleAfter = 10 * time.Minute
	// DelayedAfter is how many poll intervals old the last good data may be
	// before the "data delayed" banner shows.
	DelayedAfter = 2
)
