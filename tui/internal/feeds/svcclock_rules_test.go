package feeds

import (
	"testing"
	"time"
)

// The service clock's rules (these tests lived in the root package).

var (
	c0      = time.Date(2026, 11, 22, 20, 6, 0, 0, time.UTC)
	jitters = []time.Duration{80 * time.Millisecond, 900 * time.Millisecond, 20 * time.Millisecond, 2 * time.Second}
)

// feedClock observes a service whose clock is off by offset and runs at
// rate, polled every 15 s from local time c0 for n answers, each delayed
// by a latency from lat (cycled) and truncated to whole seconds as on the
// wire. It returns the clock and the local time of the last answer.
func feedClock(c *ServiceClock, c0 time.Time, offset time.Duration, rate float64, n int, lat []time.Duration) time.Time {
	svcAt := func(l time.Time) time.Time {
		return c0.Add(offset).Add(time.Duration(float64(l.Sub(c0)) * rate))
	}
	var last time.Time
	for i := range n {
		sent := c0.Add(time.Duration(i) * 15 * time.Second)
		arrived := sent.Add(lat[i%len(lat)])
		c.Observe(svcAt(sent).Truncate(time.Second), arrived)
		last = arrived
	}
	return last
}

func within(t *testing.T, what string, got, want time.Time, tol time.Duration) {
	t.Helper()
	if d := got.Sub(want); d > tol || d < -tol {
		t.Errorf("%s: %v, want %v within %v (off by %v)", what, got, want, tol, d)
	}
}

// A service days ahead of the machine, at real time, through latency:
// the clock shows the service's time, ticking at real time.
func TestServiceClockOffset(t *testing.T) {
	var c ServiceClock
	off := 73*time.Hour + 25*time.Minute
	last := feedClock(&c, c0, off, 1, 6, jitters)
	later := last.Add(40 * time.Second)
	within(t, "service time", c.At(later), later.Add(off), 2*time.Second)
	if c.Rate != 1 {
		t.Errorf("rate %v for a service at real time, want 1", c.Rate)
	}
}

// A simulation at speed 10: after three answers the clock runs ten times
// as fast between answers.
func TestServiceClockRate(t *testing.T) {
	var c ServiceClock
	off := -50 * 24 * time.Hour
	last := feedClock(&c, c0, off, 10, 3, jitters)
	truth := func(l time.Time) time.Time { return c0.Add(off).Add(10 * l.Sub(c0)) }
	later := last.Add(14 * time.Second)
	within(t, "service time 14 s after the third answer", c.At(later), truth(later), 30*time.Second)
	last = feedClock(&c, c0, off, 10, 8, jitters)
	later = last.Add(14 * time.Second)
	within(t, "service time 14 s after the eighth answer", c.At(later), truth(later), 20*time.Second)
}

// One wrong timestamp among good ones does not move the clock; a real
// jump (a restarted service) is followed after two answers agree on it.
func TestServiceClockOutlierAndJump(t *testing.T) {
	var c ServiceClock
	last := feedClock(&c, c0, time.Hour, 1, 5, jitters)
	bad := last.Add(15 * time.Second)
	c.Observe(bad.Add(400*24*time.Hour), bad)
	within(t, "after one wrong timestamp", c.At(bad), bad.Add(time.Hour), 3*time.Second)
	good := bad.Add(15 * time.Second)
	c.Observe(good.Add(time.Hour), good)
	within(t, "after the next good one", c.At(good), good.Add(time.Hour), 3*time.Second)

	j1 := good.Add(15 * time.Second)
	c.Observe(j1.Add(-2*time.Hour), j1)
	within(t, "after the first answer of a jump", c.At(j1), j1.Add(time.Hour), 3*time.Second)
	j2 := j1.Add(15 * time.Second)
	c.Observe(j2.Add(-2*time.Hour), j2)
	within(t, "after the second answer of a jump", c.At(j2), j2.Add(-2*time.Hour), 3*time.Second)
}

// Answers that arrive together (a grid's boards) count once, as the least
// delayed of them, so the rate still comes from answers far apart.
func TestServiceClockBurstsMerge(t *testing.T) {
	var c ServiceClock
	for i := range 4 {
		base := c0.Add(time.Duration(i) * 15 * time.Second)
		for j := range 12 {
			l := base.Add(time.Duration(j) * 30 * time.Millisecond)
			c.Observe(c0.Add(10*l.Sub(c0)).Truncate(time.Second), l)
		}
	}
	if len(c.Samples) != 4 {
		t.Errorf("%d samples kept from 4 bursts, want 4", len(c.Samples))
	}
	if c.Rate < 9 || c.Rate > 11 {
		t.Errorf("rate %v, want about 10", c.Rate)
	}
}

// Polls every 5 s with ±10 % jitter (--interval 5s) on a simulation at
// speed 10: successive answers stay separate samples, and the rate is
// known after four of them (they once merged into one, and the clock ran
// at real time for good).
func TestServiceClockRateAtShortIntervals(t *testing.T) {
	var c ServiceClock
	ms := time.Millisecond
	gaps := []time.Duration{4600 * ms, 5300 * ms, 4700 * ms, 4900 * ms, 5400 * ms, 4550 * ms}
	l := c0
	truth := func(l time.Time) time.Time { return c0.Add(10 * l.Sub(c0)) }
	for i, g := range gaps {
		l = l.Add(g)
		c.Observe(truth(l.Add(-30*time.Millisecond)).Truncate(time.Second), l)
		if i >= 3 && (c.Rate < 9 || c.Rate > 11) {
			t.Fatalf("after %d answers %v apart: rate %v, want about 10", i+1, gaps[:i+1], c.Rate)
		}
	}
	later := l.Add(4 * time.Second)
	within(t, "service time between polls", c.At(later), truth(later), 15*time.Second)
}
