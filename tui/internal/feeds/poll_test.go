package feeds

import (
	"errors"
	"testing"
	"time"

	"abfahrt/feed"
)

// A board is marked stale only after two intervals without a good answer,
// not at the first failed poll; while it fails it keeps showing the last
// good departures, stale since the time of that data; the next good
// answer makes it live again.
func TestStaleOnlyAfterTwoIntervals(t *testing.T) {
	r := newRig(t)
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	if !e.Have || len(e.Data.Board.Events) != 1 {
		t.Fatal("the first answer is not the feed's data")
	}
	if at := e.Poll.StaleAt(interval); !at.Equal(t0.Add(2 * interval)) {
		t.Errorf("the data turns stale at %v, want two intervals after the answer, %v", at, t0.Add(2*interval))
	}

	r.src.err = errFailing
	r.poll(e, t0.Add(interval))
	if !e.Have || len(e.Data.Board.Events) != 1 || !e.Data.Board.Timestamp.Equal(t0) {
		t.Error("a failed poll drops the last good departures")
	}
	if !errors.Is(e.Poll.LastErr, errFailing) {
		t.Errorf("last error %v, want the failure", e.Poll.LastErr)
	}
	for _, tc := range []struct {
		at    time.Time
		stale bool
	}{
		{t0.Add(interval + time.Second), false},
		{t0.Add(2 * interval), false}, // the moment itself is not past it
		{t0.Add(2*interval + time.Millisecond), true},
		{t0.Add(10 * interval), true},
	} {
		r.sh.Local = tc.at
		since, stale := r.sh.Stale(&e.Poll)
		if stale != tc.stale {
			t.Errorf("%v after the last good answer: stale %v, want %v", tc.at.Sub(t0), stale, tc.stale)
		}
		if stale && !since.Equal(t0) {
			t.Errorf("stale since %v, want since the last good data at %v", since, t0)
		}
	}

	r.src.err, r.src.ts = nil, t0.Add(3*interval)
	r.poll(e, t0.Add(3*interval))
	if _, stale := r.sh.Stale(&e.Poll); stale || e.Poll.LastErr != nil {
		t.Errorf("a good answer leaves the board stale (%v) or failing (%v)", stale, e.Poll.LastErr)
	}
}

// A hub that serves its last good answer while its upstream is down says
// so (Warning 110, or an Age beyond two intervals): the board is stale at
// once, and the answer's standing timestamp never sets the service clock.
// An answer a cache kept for a few seconds is fresh and sets the clock to
// its timestamp plus its age.
func TestStaleAnswerNeverSetsTheClock(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ans   feed.Answer
		stale bool // the board is stale at once
		since time.Duration
	}{
		{"warning 110", feed.Answer{Stale: true}, true, -1},
		{"age of three intervals", feed.Answer{Age: 3 * interval, AgeKnown: true}, true, 3 * interval},
		{"warning 110 with its age", feed.Answer{Stale: true, Age: 2 * time.Minute, AgeKnown: true}, true, 2 * time.Minute},
		{"age of 10 s", feed.Answer{Age: 10 * time.Second, AgeKnown: true}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.sh.Svc = &ServiceClock{}
			e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
			at := t0.Add(2 * time.Hour)
			r.now, r.sh.Local = at, at
			msg := r.fetch(r.start(r.run(first).(TickMsg)))
			msg.ans = tc.ans
			r.receive(msg)
			if !e.Have {
				t.Fatal("the hub's answer is not shown")
			}
			since, stale := r.sh.Stale(&e.Poll)
			if stale != tc.stale {
				t.Errorf("stale %v, want %v", stale, tc.stale)
			}
			if stale && tc.since >= 0 && !since.Equal(at.Add(-tc.since)) {
				t.Errorf("stale since %v, want %v before the answer", at.Sub(since), tc.since)
			}
			if tc.stale {
				if r.sh.Svc.Known {
					t.Errorf("the standing timestamp %v set the service clock", t0)
				}
				return
			}
			if !r.sh.Svc.Known {
				t.Fatal("a fresh answer does not set the service clock")
			}
			if got, want := r.sh.Svc.At(at), t0.Add(tc.ans.Age); !got.Equal(want) {
				t.Errorf("service time %v at the answer, want its timestamp plus its age, %v", got, want)
			}
		})
	}
}

// A stop the service does not know (404 before any answer) is not asked
// again every interval: the poll stops until a manual refresh. A 404 of a
// stop that answered before is a passing failure: the poll goes on.
func TestNotFoundStopsPolling(t *testing.T) {
	r := newRig(t)
	r.src.err = &feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 9999"}
	e, first := r.sh.Reg.Acquire(Subject{Stop: 9999}, NewHolder(), 20)
	if cmd := r.receive(r.fetch(r.start(r.run(first).(TickMsg)))); cmd != nil {
		t.Error("an unknown stop is asked again")
	}
	if !e.Poll.Next.IsZero() || !errors.Is(e.Poll.LastErr, feed.ErrNotFound) {
		t.Errorf("next poll %v, last error %v: want none and not found", e.Poll.Next, e.Poll.LastErr)
	}
	// A manual refresh asks once more.
	cmd := e.Refresh()
	if cmd == nil {
		t.Fatal("a refresh of an unknown stop does not ask again")
	}
	r.fetch(r.start(r.run(cmd).(TickMsg)))
	if n := len(r.src.requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}

	r = newRig(t)
	e, first = r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	r.src.err = &feed.NotFoundError{Status: "no stop found"}
	r.now = t0.Add(interval)
	if cmd := r.receive(r.fetch(r.start(TickMsg{Key: e.Key, Gen: e.Poll.Gen}))); cmd == nil || e.Poll.Next.IsZero() {
		t.Error("a 404 of a stop that answered before stops its poll")
	}
}

// A failure before the first answer is retried at the interval, not
// backed off; a service that asks for a longer wait (Retry-After) gets it.
func TestRetryBeforeFirstAnswerAndRetryAfter(t *testing.T) {
	r := newRig(t)
	r.src.err = errFailing
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	at := t0
	for i := range 5 {
		if d := e.Poll.Next.Sub(at); d > interval*11/10 {
			t.Fatalf("retry in %v after %d failures before any answer, want about the interval", d, i+1)
		}
		at = e.Poll.Next
		r.poll(e, at)
	}
	r.src.err = &feed.HTTPError{Status: 429, URL: "https://x/", RetryAfter: 3 * time.Minute}
	at = e.Poll.Next
	r.poll(e, at)
	if d := e.Poll.Next.Sub(at); d != 3*time.Minute {
		t.Errorf("next poll in %v after Retry-After: 3m", d)
	}
}
