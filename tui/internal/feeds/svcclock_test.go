package feeds

import (
	"testing"
	"time"
)

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want time.Time, tol time.Duration) {
	t.Helper()
	if d := got.Sub(want); d > tol || d < -tol {
		t.Errorf("%s: %v, want %v within %v (off by %v)", what, got, want, tol, d)
	}
}

// A service whose clock is 2 h 13 min ahead of the machine's (a
// simulation started at another time): after its first answer the feed
// asks again within seconds to learn the clock, and after a couple of
// answers the board's "now" is the service's time, ticking on between
// answers; the difference is logged once.
func TestServiceClockFollowsAnOffsetService(t *testing.T) {
	off := 2*time.Hour + 13*time.Minute
	r := newRig(t)
	r.sh.Svc = &ServiceClock{}
	var logged []time.Time
	r.sh.OnSkew = func(service, _ time.Time, _ float64) { logged = append(logged, service) }
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)

	r.src.ts = t0.Add(off).Add(-200 * time.Millisecond).Truncate(time.Second) // stamped before it left, in whole seconds
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	if d := e.Poll.Next.Sub(t0); d != probeDelay {
		t.Errorf("the next poll of a service on its own clock is in %v, want %v", d, probeDelay)
	}
	near(t, "service time after the first answer", r.sh.Now, t0.Add(off), 2*time.Second)
	at := e.Poll.Next
	for range 2 {
		r.src.ts = at.Add(off).Add(-200 * time.Millisecond).Truncate(time.Second)
		r.poll(e, at)
		at = e.Poll.Next
	}
	for i := range 5 {
		l := at.Add(time.Duration(i) * 10 * time.Second)
		if cmd := r.sh.Tick(l); cmd != nil {
			cmd()
		}
		near(t, "service time between answers", r.sh.Now, l.Add(off), 2*time.Second)
		if d := r.sh.Skew - off; d > 2*time.Second || d < -2*time.Second {
			t.Errorf("the clocks differ by %v, want %v", r.sh.Skew, off)
		}
	}
	if len(logged) != 1 {
		t.Errorf("the difference was logged %d times, want once", len(logged))
	}
}

// A service on the machine's clock is never probed: its feed polls at the
// interval from the first answer on.
func TestServiceOnLocalClockIsNotProbed(t *testing.T) {
	r := newRig(t)
	r.sh.Svc = &ServiceClock{}
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	if d := e.Poll.Next.Sub(t0); d < interval*9/10 {
		t.Errorf("next poll in %v, want about the interval %v", d, interval)
	}
	if r.sh.Skew != 0 {
		t.Errorf("the clocks differ by %v", r.sh.Skew)
	}
}

// A cache that keeps serving one copy of a board (the same
// CurrentTimestamp, no Age header) for minutes is not a clock standing
// still: the service's time goes on at the real rate, not set back to
// the copy's timestamp. The board is marked stale once the copy is more
// than two intervals old, since the time its data came.
func TestRepeatedTimestampIsNoClock(t *testing.T) {
	off := 2*time.Hour + 13*time.Minute
	r := newRig(t)
	r.sh.Svc = &ServiceClock{}
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.src.ts = t0.Add(off)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	r.src.ts = t0.Add(off + 15*time.Second)
	r.poll(e, t0.Add(15*time.Second))
	for s := 30 * time.Second; s <= 4*time.Minute; s += 15 * time.Second {
		at := t0.Add(s)
		r.poll(e, at) // the cache's copy of the answer of 15 s
		r.sh.Tick(at)
		near(t, "service time "+s.String()+" in", r.sh.Now, at.Add(off), 2*time.Second)
		since, stale := r.sh.Stale(&e.Poll)
		if want := at.Sub(t0.Add(15*time.Second)) > 2*interval; stale != want {
			t.Errorf("%v in, a copy of the answer of 15 s: stale %v, want %v", s, stale, want)
		}
		if stale {
			near(t, "stale since", since, t0.Add(off+15*time.Second), 2*time.Second)
		}
	}
}

// A simulation at speed 10 (its own start time, ten service seconds a
// second): the feed probes twice, 4 s apart, and about 8 s after the
// start the board's clock runs ten times as fast between answers; then
// the feed is back at its interval.
func TestServiceClockLearnsASimulationsSpeed(t *testing.T) {
	start := t0.Add(-40 * 24 * time.Hour)
	svc := func(l time.Time) time.Time { return start.Add(10 * l.Sub(t0)) }
	r := newRig(t)
	r.sh.Svc = &ServiceClock{}
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.src.ts = svc(t0).Truncate(time.Second)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	at := t0
	for i := range 2 {
		if d := e.Poll.Next.Sub(at); d != probeDelay {
			t.Fatalf("probe %d comes after %v, want %v", i+1, d, probeDelay)
		}
		at = e.Poll.Next
		r.src.ts = svc(at.Add(-100 * time.Millisecond)).Truncate(time.Second)
		r.poll(e, at)
	}
	if d := e.Poll.Next.Sub(at); d < interval*9/10 {
		t.Errorf("after the rate is known the feed polls again in %v, want about the interval", d)
	}
	if rate := r.sh.Svc.Rate; rate < 9 || rate > 11 {
		t.Fatalf("rate %v %v after the start, want about 10", rate, at.Sub(t0))
	}
	later := at.Add(10 * time.Second)
	r.sh.Tick(later)
	near(t, "service time 10 s after the last answer", r.sh.Now, svc(later), 15*time.Second)
}

// The feed that probes the service's clock is released (the user opens
// another stop a second after the start, on a simulation at its own
// clock): the next feed probes in its stead, so the clock is still
// learnt within seconds.
func TestProbingGoesOnAfterTheProberIsReleased(t *testing.T) {
	off := 2*time.Hour + 13*time.Minute
	r := newRig(t)
	r.sh.Svc = &ServiceClock{}
	h := NewHolder()
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, h, 20)
	r.src.ts = t0.Add(off)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	if d := e.Poll.Next.Sub(t0); d != probeDelay {
		t.Fatalf("the first feed's next poll is in %v, want the probe's %v", d, probeDelay)
	}
	r.sh.Reg.Release(e, h)
	at := t0.Add(time.Second)
	r.now, r.sh.Local = at, at
	e2, first := r.sh.Reg.Acquire(Subject{Stop: 1350}, h, 20)
	r.src.ts = at.Add(off)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	if d := e2.Poll.Next.Sub(at); d != probeDelay {
		t.Errorf("the next feed polls again in %v, want the probe's %v", d.Round(time.Millisecond), probeDelay)
	}
}
