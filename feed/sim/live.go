package sim

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// Vehicle activity rules, in seconds.
const (
	maxLayover   = 40 * 60 // longer gaps between trips: back to the depot
	pullOut      = 10 * 60 // active this long before the first trip of a run
	arrivingSpan = 60      // Status 2 this long before the actual arrival
	farAhead     = 30 * 60 // vehicle unknown for trips starting later than this
)

// Prediction rules, in seconds.
const (
	predictRamp  = 20 * 60 // a trip's start delay becomes known over this time before its start
	boardingSpan = 30      // Status 3 this long before a trip leaves its first stop
	boardLook    = 5 * 60  // boards look this far beyond their last entry for predictions that overtake it
	boardExtra   = 32      // at most this many extra candidates per board
)

// passRef is one passage found by a query: t is its predicted time at the
// moment of the query, truth the time it will actually happen.
type passRef struct {
	plan     *dayPlan
	trip     int32
	seq      int32
	t, truth int64
}

// liveDev is the deviation from the schedule in seconds that the service
// knows for trip ti at now, as a real system derives it from the vehicle's
// position: before the start the start delay becomes known over
// predictRamp (and grows while the vehicle is still at the terminus after
// its scheduled time); while the vehicle stands at a stop the delay grows
// once it stays beyond the scheduled time; between stops it moves from the
// delay at the last departure towards the delay at the next arrival. It is
// continuous in now and grows by at most one second per second, so a
// predicted countdown never goes up.
func (dp *dayPlan) liveDev(ti int32, now int64) float64 {
	tr := &dp.trips[ti]
	off := tr.dir.offsets
	k := int32(len(off))
	arr, dep := dp.arr[tr.off:tr.off+k], dp.dep[tr.off:tr.off+k]
	if now < dep[0] {
		late := float64(dep[0] - tr.start)
		f := float64(now-(dep[0]-predictRamp)) / predictRamp
		f = math.Max(0, math.Min(1, f))
		return math.Max(float64(now-tr.start), late*f)
	}
	j := k - 1
	for s := int32(1); s < k; s++ {
		if arr[s] > now {
			j = s - 1
			break
		}
	}
	sj := tr.start + int64(off[j])
	switch {
	case j == k-1:
		return float64(arr[j] - sj)
	case now < dep[j]:
		return math.Max(float64(arr[j]-sj), float64(now-sj))
	}
	sn := tr.start + int64(off[j+1])
	f := float64(now-dep[j]) / float64(arr[j+1]-dep[j])
	return float64(dep[j]-sj)*(1-f) + float64(arr[j+1]-sn)*f
}

// shown returns the arrival and departure times of stop seq of trip ti as
// the service shows them at now, given the trip's live deviation: the
// actual times once they happened, now for the departure of a vehicle that
// stands at the stop, and schedule plus live deviation (arrival and
// departure alike, as the real service sends them) for stops ahead.
func (dp *dayPlan) shown(ti, seq int32, now int64, dev float64) (arr, dep int64) {
	tr := &dp.trips[ti]
	i := tr.off + seq
	a, d := dp.arr[i], dp.dep[i]
	switch {
	case now >= d:
		return a, d
	case now >= a:
		return a, now
	}
	p := tr.start + int64(tr.dir.offsets[seq]) + int64(math.Round(dev))
	if p < now {
		p = now
	}
	return p, p
}

// status is the PassageStatus of stop seq of trip ti at now, given the
// stop's shown arrival: 1 predicted, 2 arriving (shown arrival less than
// a minute ahead), 3 at the stop (at the first stop: boarding in the last
// half minute before the start), 4 departed; a stop closed by an alert is 1
// until the vehicle passes it without stopping, then 5. It is monotone in now.
func (dp *dayPlan) status(ti, seq int32, now, shownArr int64) int {
	tr := &dp.trips[ti]
	i := tr.off + seq
	a, d := dp.arr[i], dp.dep[i]
	last := int(seq) == len(tr.dir.offsets)-1
	if tr.ghost {
		return 1 // timetable only: nothing is known of it
	}
	if dp.skip[i] {
		if now >= a {
			return 5 // passed without stopping
		}
		return 1
	}
	switch {
	case now >= d && !last:
		return 4
	case now >= a:
		return 3
	case seq == 0 && now >= d-boardingSpan:
		return 3
	case shownArr-now < arrivingSpan:
		return 2
	}
	return 1
}

// sched is the scheduled time of stop seq of trip ti.
func (dp *dayPlan) sched(ti, seq int32) int64 {
	tr := &dp.trips[ti]
	return tr.start + int64(tr.dir.offsets[seq])
}

// cursor walks one sorted event list.
type cursor struct {
	plan *dayPlan
	ev   []event
}

// collect merges the event lists of the given stop points over the plans
// (nil ones skipped) and returns up to limit passages that have not yet
// happened (actual time after now), ordered by their predicted time.
// Candidates are taken by actual time, up to boardLook beyond the
// limit-th, so that a prediction that overtakes a later one is still
// found. out needs room for limit+boardExtra entries. horizon is the
// actual time of the last event the merge looked at (math.MaxInt64 when it
// ran out of events): another plan whose events all come later would not
// change the answer.
func collect(plans [3]*dayPlan, points []int, arrivals bool, now int64, limit int, out []passRef) (refs []passRef, horizon int64) {
	var buf [32]cursor
	cs := buf[:0]
	horizon = math.MaxInt64
	var rp reports
	for _, dp := range plans {
		if dp == nil {
			continue
		}
		rp = newReports(dp.seed, now)
		for _, pi := range points {
			ev := dp.events(pi, arrivals)
			j := sort.Search(len(ev), func(k int) bool { return ev[k].t > now })
			if j < len(ev) {
				cs = append(cs, cursor{dp, ev[j:]})
			}
		}
	}
	for len(out) < limit+boardExtra {
		best := -1
		for i := range cs {
			if len(cs[i].ev) == 0 {
				continue
			}
			if best < 0 || cs[i].ev[0].t < cs[best].ev[0].t {
				best = i
			}
		}
		if best < 0 {
			horizon = math.MaxInt64
			break
		}
		e := cs[best].ev[0]
		horizon = e.t
		if len(out) >= limit && e.t > out[limit-1].truth+boardLook {
			break
		}
		dp := cs[best].plan
		rep := rp.of(dp.trips[e.trip].vehicle)
		a, d, _ := dp.view(e.trip, e.seq, now, rep, dp.liveDev(e.trip, rep))
		t := d
		if arrivals {
			t = a
		}
		out = append(out, passRef{plan: dp, trip: e.trip, seq: e.seq, t: t, truth: e.t})
		cs[best].ev = cs[best].ev[1:]
	}
	slices.SortStableFunc(out, func(x, y passRef) int {
		if c := cmp.Compare(x.t, y.t); c != 0 {
			return c
		}
		return cmp.Compare(x.truth, y.truth)
	})
	return out[:min(len(out), limit)], horizon
}

// vstate is where a vehicle is at a moment.
type vstate struct {
	plan   *dayPlan
	trip   int32 // current or next trip; -1 when out of service
	active bool
}

// vehicleState finds the trip a vehicle is running (or waiting to run) at now.
func vehicleState(plans [3]*dayPlan, vi int, now int64) vstate {
	for _, dp := range plans {
		tis := dp.byVehicle[vi]
		j := sort.Search(len(tis), func(k int) bool { return dp.first(tis[k]) > now })
		if j > 0 && dp.last(tis[j-1]) >= now {
			return vstate{dp, tis[j-1], true}
		}
		if j == len(tis) {
			continue
		}
		next := tis[j]
		if j > 0 && dp.first(next)-dp.last(tis[j-1]) <= maxLayover || dp.first(next)-now <= pullOut {
			return vstate{dp, next, true}
		}
	}
	return vstate{trip: -1}
}

// position returns where the vehicle of trip ti is at now and its bearing.
func (dp *dayPlan) position(ti int32, now int64) (lonLat, int) {
	tr := &dp.trips[ti]
	dir := tr.dir
	k := int32(len(dir.offsets))
	if now < dp.dep[tr.off] {
		return dir.track().at(0)
	}
	// i: the last stop reached (actual arrival <= now).
	i := int32(sort.Search(int(k), func(s int) bool { return dp.arr[tr.off+int32(s)] > now })) - 1
	if i < 0 {
		i = 0
	}
	s := dir.stopAt[i]
	if i < k-1 && now >= dp.dep[tr.off+i] {
		d0, a1 := dp.dep[tr.off+i], dp.arr[tr.off+i+1]
		f := 1.0
		if a1 > d0 {
			f = float64(now-d0) / float64(a1-d0)
		}
		f = f * f * (3 - 2*f) // accelerate and brake
		s += f * (dir.stopAt[i+1] - dir.stopAt[i])
	}
	return dir.track().at(s)
}
