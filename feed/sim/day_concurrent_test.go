package sim

import (
	"sync"
	"testing"
	"time"
)

// Issue 15: the three plans around a time are built at the same time, and
// requests that arrive together (the first poll, the alert, a warm-up)
// share one build of each day: every caller gets the very same plans, and
// a later call builds nothing new.
func TestAroundBuildsEachDayOnceConcurrently(t *testing.T) {
	p := newPlanner(theNetwork(), 1)
	now := time.Date(2026, 9, 11, 12, 0, 0, 0, berlin).Unix()
	const callers = 6
	var (
		wg  sync.WaitGroup
		got [callers][3]*dayPlan
	)
	for i := range callers {
		wg.Go(func() { got[i] = p.around(now) })
	}
	wg.Wait()
	for i := range callers {
		for d := range 3 {
			if got[i][d] == nil || got[i][d] != got[0][d] {
				t.Fatalf("caller %d got another plan of day %d", i, d)
			}
		}
	}
	if got[0][0].key != 20260910 || got[0][1].key != 20260911 || got[0][2].key != 20260912 {
		t.Errorf("days %d %d %d, want 20260910 20260911 20260912", got[0][0].key, got[0][1].key, got[0][2].key)
	}
	if again := p.around(now); again != got[0] {
		t.Error("a second call built the plans again")
	}
	if n := len(p.days); n != 3 {
		t.Errorf("%d days in the cache, want 3", n)
	}
}

// Warm builds the plans of the simulated now, so that the first answer
// finds them built.
func TestWarmBuildsThePlansAroundNow(t *testing.T) {
	clock := NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, berlin), 1)
	s := New(Options{Seed: 1, Clock: clock})
	s.Warm()
	y, m, d := clock.Now().In(berlin).Date()
	for i := -1; i <= 1; i++ {
		if _, _, built := s.plans.entry(y, m, d+i); !built {
			t.Errorf("day %+d not built by Warm", i)
		}
	}
}
