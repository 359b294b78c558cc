package feeds

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The service's clock. Everything the board shows or compares with "now"
// (countdowns, ages, the header and kiosk clocks, operating hours) runs on
// the service's time, not the machine's: a station PC with a wrong clock
// and a simulation started at another time or running faster than real
// time must still show what the service means. serviceClock estimates it
// from each answer's CurrentTimestamp against the local time the answer
// arrived: an offset, and a rate where the service clearly runs faster
// than real time (the simulation's --speed). Between answers it advances
// locally, so countdowns still tick every second.
//
// The estimate is robust to what a network does to timestamps: an answer
// that was delayed (latency, a cached answer) reads as a service clock
// that is behind, so among the samples that agree the least delayed wins;
// a single wrong timestamp is outvoted by the samples around it; and a
// real jump of the service's clock (a restarted simulation) is followed
// once two answers in a row agree on it.

// Tuning of the service clock.
const (
	// clockSamples bounds the answers remembered.
	clockSamples = 8
	// sampleSpacing merges answers that arrive within this of the first of
	// them (a grid polls many boards at once) into one sample, the least
	// delayed; well below the shortest poll interval, so that successive
	// polls stay apart.
	sampleSpacing = 2 * time.Second
	// minRateSpan is the shortest local span between two samples that may
	// suggest a rate: shorter spans are dominated by latency and by the
	// timestamps' whole seconds.
	minRateSpan = 8 * time.Second
	// probeDelay is how soon a feed asks again while the service's clock
	// differs from the machine's and its rate is not yet known (see
	// wantsProbe): long enough that a service at speed 10 leaves the
	// real-time model's tolerance between two probes, so that two probes
	// and the first answer give the rate about 8 s after the start, not
	// after three regular intervals.
	probeDelay = 4 * time.Second
	// maxProbes bounds the probes of a run, whatever the timestamps do.
	maxProbes = 6
	// fastRate is the least rate taken as "the service runs faster"; below
	// it the clock runs at real time and only the offset is estimated.
	fastRate = 1.5
	// maxRate bounds the rates believed: a faster "clock" is a wrong
	// timestamp.
	maxRate = 1000
	// clockTolerance is how far, in real time, a sample may lie from a
	// model and still agree with it (latency, cached answers, whole
	// seconds); scaled by the rate in service time.
	clockTolerance = 30 * time.Second
	// skewNotice is the difference between the machine's clock and the
	// service's from which the status bar says so.
	skewNotice = time.Minute
)

// clockSample is one answer: the service's time and the local arrival
// time; group is the arrival of the first answer merged into it.
type clockSample struct{ local, svc, group time.Time }

// ServiceClock is the estimate; the zero value knows nothing and passes
// the local time through. Only the root's Update touches it.
type ServiceClock struct {
	Samples []clockSample // oldest first, at least sampleSpacing apart
	Known   bool
	RefL    time.Time // a local time
	RefS    time.Time // the service's time at refL
	Rate    float64   // service seconds per local second
}

// At returns the service's time at local time t.
func (c *ServiceClock) At(t time.Time) time.Time {
	if c == nil || !c.Known {
		return t
	}
	return c.RefS.Add(scale(t.Sub(c.RefL), c.Rate))
}

// Observe adds an answer with the service's time svc that arrived at local
// time t, and fits the clock anew. Zero times (an answer without a
// timestamp) are ignored.
func (c *ServiceClock) Observe(svc, t time.Time) {
	if svc.IsZero() || t.IsZero() {
		return
	}
	s := clockSample{local: t, svc: svc, group: t}
	n := len(c.Samples)
	switch {
	case n > 0 && t.Before(c.Samples[n-1].local.Add(-sampleSpacing)):
		c.Samples = c.Samples[:0] // the local clock went back: start over
		c.Samples = append(c.Samples, s)
	case n > 0 && t.Sub(c.Samples[n-1].group) < sampleSpacing:
		last := c.Samples[n-1]
		if svc.Sub(last.svc) > t.Sub(last.local) { // less delayed than the one kept
			s.group = last.group
			c.Samples[n-1] = s
		}
	default:
		c.Samples = append(c.Samples, s)
		if len(c.Samples) > clockSamples {
			c.Samples = append(c.Samples[:0], c.Samples[len(c.Samples)-clockSamples:]...)
		}
	}
	c.fit()
}

// clockModel is a candidate: the service's time runs at rate from anchor.
type clockModel struct {
	anchor clockSample
	rate   float64
}

// residual is how far sample s lies from the model, in service time.
func (m clockModel) residual(s clockSample) time.Duration {
	want := m.anchor.svc.Add(scale(s.local.Sub(m.anchor.local), m.rate))
	return AbsDur(s.svc.Sub(want))
}

// tolerance is the model's tolerance in service time.
func (m clockModel) tolerance() time.Duration { return scale(clockTolerance, max(1, m.rate)) }

// supports returns the samples that agree with the model, as a bit set.
func (m clockModel) supports(ss []clockSample) (set uint32, n int) {
	tol := m.tolerance()
	for i, s := range ss {
		if m.residual(s) <= tol {
			set |= 1 << i
			n++
		}
	}
	return set, n
}

// fit chooses the model most samples agree with: real time through one
// sample, or a faster rate through two samples that at least one more
// confirms. Ties go to the older samples (one new timestamp does not move
// a settled clock), unless the two newest agree with each other and not
// with the settled clock: then the older samples are dropped.
func (c *ServiceClock) fit() {
	ss := c.Samples
	if len(ss) == 0 {
		return
	}
	best, set, _ := c.choose(ss)
	if k := len(ss); k >= 3 && set&(1<<(k-1)) == 0 && set&(1<<(k-2)) == 0 {
		newest := ss[k-2:]
		if _, _, m := c.choose(newest); m == 2 {
			c.Samples = append(c.Samples[:0], newest...)
			ss = c.Samples
			best, set, _ = c.choose(ss)
		}
	}
	// Refine: the rate over the longest span the model's samples cover,
	// then the least delayed of them as the offset.
	first, last := -1, -1
	for i := range ss {
		if set&(1<<i) != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if best.rate != 1 && last > first {
		a, b := ss[first], ss[last]
		if dl := b.local.Sub(a.local); dl >= minRateSpan {
			// A refinement that leaves the fast rates (a delayed answer at
			// either end) keeps the rate chosen.
			if r := float64(b.svc.Sub(a.svc)) / float64(dl); r >= fastRate && r <= maxRate {
				best.rate = r
			}
		}
	}
	ref := ss[last].local
	var off time.Time
	for i, s := range ss {
		if set&(1<<i) == 0 {
			continue
		}
		at := s.svc.Add(scale(ref.Sub(s.local), best.rate))
		if off.IsZero() || at.After(off) {
			off = at
		}
	}
	c.Known, c.RefL, c.RefS, c.Rate = true, ref, off, best.rate
}

// choose returns the candidate model with the most samples agreeing, its
// supporting set and their number.
func (c *ServiceClock) choose(ss []clockSample) (best clockModel, set uint32, n int) {
	n = -1
	try := func(m clockModel, need int) {
		s, k := m.supports(ss)
		if k >= need && k > n {
			best, set, n = m, s, k
		}
	}
	for i := range ss {
		try(clockModel{anchor: ss[i], rate: 1}, 1)
	}
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			dl := ss[j].local.Sub(ss[i].local)
			if dl < minRateSpan {
				continue
			}
			if r := float64(ss[j].svc.Sub(ss[i].svc)) / float64(dl); r >= fastRate && r <= maxRate {
				try(clockModel{anchor: ss[i], rate: r}, 3)
			}
		}
	}
	return best, set, n
}

// scale multiplies a duration by a rate.
func scale(d time.Duration, rate float64) time.Duration {
	if rate == 1 {
		return d
	}
	return time.Duration(float64(d) * rate)
}

// AbsDur is |d|.
func AbsDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// unsettled reports whether the clock should be asked again soon: it
// knows the service's time from fewer than three answers or from answers
// spanning less than minRateSpan (so it cannot yet tell a service that
// runs faster than real time), and the newest answer's time differs from
// the machine's by more than skewNotice (a service on its own clock: a
// simulation started at another time or running faster). A service on
// the machine's clock is never probed.
func (c *ServiceClock) unsettled() bool {
	if c == nil || !c.Known || len(c.Samples) == 0 {
		return false
	}
	n := len(c.Samples)
	if n >= 3 && c.Samples[n-1].local.Sub(c.Samples[0].local) >= minRateSpan {
		return false
	}
	last := c.Samples[n-1]
	return AbsDur(last.svc.Sub(last.local)) > skewNotice
}

// held reports whether p is the poller of a feed the registry still
// holds: a prober whose feed was released leaves the probing to the next.
func (sh *State) held(p *Poller) bool {
	if sh.Reg == nil {
		return false
	}
	for _, e := range sh.Reg.Entries {
		if &e.Poll == p {
			return true
		}
	}
	return false
}

// probe returns the delay to p's next poll after a good answer that was
// due in d: probeDelay while the service clock is unsettled, for one
// feed at a time and at most maxProbes times a run, else d.
func (sh *State) probe(p *Poller, d time.Duration) time.Duration {
	if sh.Svc == nil || !sh.Svc.unsettled() || sh.probes >= maxProbes || d <= probeDelay {
		return d
	}
	if sh.prober != nil && sh.prober != p && sh.held(sh.prober) {
		return d // one feed probes; the others keep their interval
	}
	sh.prober = p
	sh.probes++
	return probeDelay
}

// SvcAt returns the service's time at local time t.
func (sh *State) SvcAt(t time.Time) time.Time {
	if sh.Svc == nil {
		return t
	}
	return sh.Svc.At(t)
}

// ClockKnown reports whether the service's time is known: in-process, or
// estimated from at least one answer.
func (sh *State) ClockKnown() bool { return sh.Svc == nil || sh.Svc.Known }

// Observe feeds an answer's CurrentTimestamp, which arrived at local time
// at, to the service clock, and moves now to the new estimate.
func (sh *State) Observe(ts, at time.Time) {
	if sh.Svc == nil || ts.IsZero() || at.IsZero() {
		return
	}
	sh.Svc.Observe(ts, at)
	sh.Now = sh.Svc.At(sh.Local)
}

// Tick sets the clocks to local time t and returns the command that logs
// a change of the difference between the machine's clock and the
// service's, if there is one: when they start or stop differing by more
// than skewNotice, when the service's rate changes, or when the
// difference moves by more than skewNotice from what the rate explains.
func (sh *State) Tick(t time.Time) tea.Cmd {
	sh.Local = t
	sh.Now = sh.SvcAt(t)
	skew := sh.Now.Sub(t).Round(time.Second)
	if AbsDur(skew) <= skewNotice {
		skew = 0
	}
	sh.Skew = skew
	rate := 1.0
	if sh.Svc != nil && sh.Svc.Known {
		rate = sh.Svc.Rate
	}
	l := &sh.skewLog
	predicted := l.skew + scale(t.Sub(l.at), l.rate-1)
	switch {
	case (skew == 0) != (l.skew == 0):
	case skew == 0:
		return nil
	case AbsDur(skew-predicted) <= skewNotice && AbsDur(time.Duration((rate-l.rate)*float64(time.Second))) <= time.Second/20:
		return nil
	}
	sh.skewLog = skewLog{at: t, skew: skew, rate: rate}
	if sh.OnSkew == nil {
		return nil
	}
	f, service := sh.OnSkew, t.Add(skew)
	return func() tea.Msg {
		f(service, t, rate)
		return nil
	}
}

// skewLog is the difference between the clocks as last logged.
type skewLog struct {
	at   time.Time
	skew time.Duration
	rate float64
}

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
	// ChangeSlack is how long after a boundary the clock message comes:
	// countdowns and the stale rule compare strictly, so the moment itself
	// still shows the old text.
	ChangeSlack = time.Millisecond
	// MinClockGap bounds how soon one clock message follows another.
	MinClockGap = ChangeSlack
)

// LocalAt returns the local time at which the service's clock shows s: the
// inverse of svcAt.
func (sh *State) LocalAt(s time.Time) time.Time {
	c := sh.Svc
	if c == nil || !c.Known {
		return s
	}
	if c.Rate == 1 {
		return c.RefL.Add(s.Sub(c.RefS))
	}
	return c.RefL.Add(time.Duration(float64(s.Sub(c.RefS)) / c.Rate))
}
