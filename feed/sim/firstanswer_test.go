package sim

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// firstAnswerTimes are moments where the days a board depends on change:
// late evening (tomorrow's night lines come into reach), around midnight
// (yesterday's last trips still run), the small hours, the first day
// trips, daytime; on a weekday, a Saturday, a Sunday and the two nights
// the clocks change.
func firstAnswerTimes() []time.Time {
	var out []time.Time
	for _, day := range []time.Time{
		time.Date(2026, 9, 11, 0, 0, 0, 0, berlin),  // Friday
		time.Date(2026, 9, 12, 0, 0, 0, 0, berlin),  // Saturday
		time.Date(2026, 9, 13, 0, 0, 0, 0, berlin),  // Sunday
		time.Date(2026, 10, 25, 0, 0, 0, 0, berlin), // clocks go back
		time.Date(2027, 3, 28, 0, 0, 0, 0, berlin),  // clocks go forward
	} {
		for m := -120; m < 6*60; m += 20 { // 22:00 the evening before to 6:00
			out = append(out, day.Add(time.Duration(m)*time.Minute+13*time.Second))
		}
		for _, hm := range [][2]int{{7, 45}, {12, 0}, {17, 30}} {
			out = append(out, day.Add(time.Duration(hm[0])*time.Hour+time.Duration(hm[1])*time.Minute+13*time.Second))
		}
	}
	return out
}

// sharedPlans lets many services of one seed share each day's plan (it
// is the same whoever builds it), so that a test can start a fresh
// service for every request.
func sharedPlans(seed int64) func(y int, m time.Month, d int) *dayPlan {
	p := newPlanner(theNetwork(), seed)
	var mu sync.Mutex
	built := map[[3]int]*dayPlan{}
	return func(y int, m time.Month, d int) *dayPlan {
		k := [3]int{y, int(m), d}
		mu.Lock()
		defer mu.Unlock()
		if built[k] == nil {
			built[k] = p.buildDay(y, m, d)
		}
		return built[k]
	}
}

// Issue 15: a board's first answer after a start is computed from the day
// plans it needs (today's; yesterday's in the small hours; tomorrow's late
// at night), not from all three; it must be byte for byte the answer of a
// service that has all three built, at every time of day. Each request
// goes to a service that has built nothing yet.
func TestPassagesNeedOnlyTheirDays(t *testing.T) {
	targets := []string{
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=20", // the default board
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=1",
		"/mobility/v1/stop/passage/Arrivals?StopNumber=1008&Limit=10",
		"/mobility/v1/stop/passage/Departures?StopNumber=1240&Limit=100", // a suburb: the next 100 reach far
		"/mobility/v1/stop/passage/Arrivals?StopNumber=1240&Limit=100",
		"/mobility/v1/stoppoint/passage/Departures?StopPointCode=171101&Limit=5",
	}
	plans := sharedPlans(1)
	fresh := func(at time.Time) *Service {
		s := New(Options{Seed: 1, Clock: NewClock(at, 0)})
		s.plans.build = plans
		return s
	}
	skipped := 0
	for _, at := range firstAnswerTimes() {
		full := fresh(at)
		full.plans.around(at.Unix())
		for _, target := range targets {
			s := fresh(at)
			got := serve(s, "GET", target).Body.Bytes()
			want := serve(full, "GET", target).Body.Bytes()
			if !bytes.Equal(got, want) {
				t.Fatalf("%s at %s: the first answer differs from the one over all three days:\n got %s\nwant %s",
					target, at.Format(time.RFC3339), got, want)
			}
			skipped += 3 - len(s.plans.days)
		}
	}
	if skipped == 0 {
		t.Error("every answer built all three days")
	}
}

// The fast path is taken: at noon a board's first answer builds today's
// plan only; just after midnight it needs yesterday's too (its last trips
// still run); late in the evening the next 100 departures of a suburb
// reach into tomorrow.
func TestFirstAnswerBuildsOnlyTheDaysItNeeds(t *testing.T) {
	for _, c := range []struct {
		at     time.Time
		target string
		want   []int
	}{
		{time.Date(2026, 9, 11, 12, 0, 0, 0, berlin), "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=20", []int{20260911}},
		{time.Date(2026, 9, 11, 0, 5, 0, 0, berlin), "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=20", []int{20260910, 20260911}},
		{time.Date(2026, 9, 11, 22, 50, 0, 0, berlin), "/mobility/v1/stop/passage/Departures?StopNumber=1240&Limit=100", []int{20260911, 20260912}},
	} {
		s := New(Options{Seed: 1, Clock: NewClock(c.at, 0)})
		if rec := serve(s, "GET", c.target); rec.Code != 200 {
			t.Fatalf("status %d", rec.Code)
		}
		var built []int
		for key, e := range s.plans.days {
			if e.dp.Load() != nil {
				built = append(built, key)
			}
		}
		slices.Sort(built)
		if !slices.Equal(built, c.want) {
			t.Errorf("%s at %s built the plans of %v, want %v", c.target, c.at.Format("15:04"), built, c.want)
		}
	}
}

// Every event of a day's plan lies within the bounds passages judges the
// day by without building it: none before its first scheduled trip, none
// later than maxLate after the last scheduled arrival. Several seeds, every
// kind of day, the nights the clocks change.
func TestDayBounds(t *testing.T) {
	days := []time.Time{
		time.Date(2026, 9, 11, 0, 0, 0, 0, berlin),
		time.Date(2026, 9, 12, 0, 0, 0, 0, berlin),
		time.Date(2026, 9, 13, 0, 0, 0, 0, berlin),
		time.Date(2026, 10, 25, 0, 0, 0, 0, berlin),
		time.Date(2027, 3, 28, 0, 0, 0, 0, berlin),
	}
	seeds := []int64{1, 2, 3, 42}
	if testing.Short() {
		seeds = seeds[:1]
	}
	worst := int64(0)
	for _, seed := range seeds {
		p := newPlanner(theNetwork(), seed)
		for _, day := range days {
			y, m, d := day.Date()
			dp := p.day(y, m, d)
			first, last := p.bounds(y, m, d)
			for ti := range dp.trips {
				tr := &dp.trips[ti]
				if tr.cancelled {
					continue
				}
				k := int32(len(tr.dir.offsets))
				sched := tr.start + int64(tr.dir.offsets[k-1])
				for i := tr.off; i < tr.off+k; i++ {
					for _, at := range [2]int64{dp.arr[i], dp.dep[i]} {
						if at < first || at > last {
							t.Fatalf("seed %d, %s: line %s trip at %s has an event at %s outside %s..%s", seed, day.Format("2006-01-02"),
								tr.dir.line.name, time.Unix(tr.start, 0).In(berlin).Format("15:04"), time.Unix(at, 0).In(berlin).Format("01-02 15:04:05"),
								time.Unix(first, 0).In(berlin).Format("01-02 15:04"), time.Unix(last, 0).In(berlin).Format("01-02 15:04"))
						}
						worst = max(worst, at-sched)
					}
				}
			}
		}
	}
	t.Logf("latest event %d s after its trip's scheduled end (maxLate %d)", worst, maxLate)
}

// The per-stop-point event lists, made on first use, are every passage at
// the stop point, ordered by time and trip: as a whole-day index built up
// front would have them.
func TestPointEventsAreTheDaysPassages(t *testing.T) {
	p := newPlanner(theNetwork(), 1)
	dp := p.day(2026, 9, 11)
	n := p.net
	dep, arr := make([][]event, len(n.points)), make([][]event, len(n.points))
	for ti := range dp.trips {
		tr := &dp.trips[ti]
		if tr.cancelled {
			continue
		}
		k := len(tr.dir.points)
		for s, pi := range tr.dir.points {
			i := tr.off + int32(s)
			if dp.skip[i] {
				continue
			}
			if s < k-1 {
				dep[pi] = append(dep[pi], event{dp.dep[i], int32(ti), int32(s)})
			}
			if s > 0 {
				arr[pi] = append(arr[pi], event{dp.arr[i], int32(ti), int32(s)})
			}
		}
	}
	byTime := func(a, b event) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		return cmp.Compare(a.trip, b.trip)
	}
	total := 0
	for pi := range n.points {
		for _, c := range []struct {
			arrivals bool
			want     []event
		}{{false, dep[pi]}, {true, arr[pi]}} {
			slices.SortStableFunc(c.want, byTime)
			got := dp.events(pi, c.arrivals)
			if !slices.Equal(got, c.want) && len(got)+len(c.want) > 0 {
				t.Fatalf("stop point %d, arrivals %v: %d events, want %d (%s)", n.points[pi].code, c.arrivals, len(got), len(c.want), firstDiff(got, c.want))
			}
			if again := dp.events(pi, c.arrivals); len(again) > 0 && &again[0] != &got[0] {
				t.Fatalf("stop point %d: the list was made twice", n.points[pi].code)
			}
			total += len(got)
		}
	}
	if total < 50000 {
		t.Errorf("%d passages on a weekday, want a full day's", total)
	}
}

func firstDiff(a, b []event) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("first difference at %d: %+v, want %+v", i, a[i], b[i])
		}
	}
	return "one is a prefix of the other"
}

// The schedule takes the stops' distances along the track without making
// the track (it is made when a vehicle's position or a pattern asks):
// they are the distances of the track itself, to the bit.
func TestTrackStopsWithoutTheTrack(t *testing.T) {
	for _, dir := range theNetwork().dirs {
		pl, want := buildTrack(dir.waypoints, dir.keys, trackStep)
		if !slices.Equal(dir.stopAt, want) {
			t.Fatalf("line %s direction %d: stops at %v, the track has them at %v", dir.line.name, dir.no, dir.stopAt, want)
		}
		if got := dir.track(); !slices.Equal(got.cum, pl.cum) || !slices.Equal(got.pts, pl.pts) {
			t.Fatalf("line %s direction %d: the track made on first use differs", dir.line.name, dir.no)
		}
	}
}
