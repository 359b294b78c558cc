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

// Warm builds the plans of the simulated now that a board's first answer
// needs, so that the first answer finds them built, and no more; a
// vehicle's trip builds the other days around now.
func TestWarmBuildsThePlansAroundNow(t *testing.T) {
	clock := NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, berlin), 1)
	s := New(Options{Seed: 1, Clock: clock})
	s.Warm()
	y, m, d := clock.Now().In(berlin).Date()
	for i := -1; i <= 1; i++ {
		if _, _, built := s.plans.entry(y, m, d+i); built != (i == 0) {
			t.Errorf("day %+d built %v after Warm, want %v", i, built, i == 0)
		}
	}
	if rec := serve(s, "GET", "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=20"); rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	if _, _, built := s.plans.entry(y, m, d+1); built {
		t.Error("the board's answer at 7:30 built tomorrow's plan")
	}
	if rec := serve(s, "GET", "/mobility/v1/vehicle/trip/Trip?VehicleNumber=41"); rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	for i := -1; i <= 1; i++ {
		if _, _, built := s.plans.entry(y, m, d+i); !built {
			t.Errorf("day %+d not built after a vehicle's trip", i)
		}
	}
}

// Just after midnight the first answer needs yesterday's plan as well
// (its last trips still run): Warm builds both.
func TestWarmAfterMidnightBuildsYesterdayToo(t *testing.T) {
	s := New(Options{Seed: 1, Clock: NewClock(time.Date(2026, 9, 11, 0, 10, 0, 0, berlin), 0)})
	s.Warm()
	for d, want := range map[int]bool{10: true, 11: true, 12: false} {
		if _, _, built := s.plans.entry(2026, 9, d); built != want {
			t.Errorf("2026-09-%d built %v after Warm, want %v", d, built, want)
		}
	}
}
