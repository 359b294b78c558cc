package sim

import "sort"

// Vehicle activity rules, in seconds.
const (
	maxLayover   = 40 * 60 // longer gaps between trips: back to the depot
	pullOut      = 10 * 60 // active this long before the first trip of a run
	arrivingSpan = 60      // Status 2 this long before the actual arrival
	farAhead     = 30 * 60 // vehicle unknown for trips starting later than this
)

// passRef is one passage found by a query.
type passRef struct {
	plan *dayPlan
	trip int32
	seq  int32
	t    int64
}

// status is the PassageStatus of stop seq of a trip at time now: 1 predicted,
// 2 arriving, 3 at the stop, 4 departed. It is monotone in now.
func (dp *dayPlan) status(ti, seq int32, now int64) int {
	tr := &dp.trips[ti]
	i := tr.off + seq
	a, d := dp.arr[i], dp.dep[i]
	last := int(seq) == len(tr.dir.offsets)-1
	switch {
	case now < a-arrivingSpan:
		return 1
	case now < a:
		return 2
	case last || now < d:
		return 3
	}
	return 4
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

// collect merges the event lists of the given stop points over the plans,
// returning up to limit passages with actual time after now, by actual time.
func collect(plans [3]*dayPlan, points []int, arrivals bool, now int64, limit int, out []passRef) []passRef {
	var buf [32]cursor
	cs := buf[:0]
	for _, dp := range plans {
		for _, pi := range points {
			ev := dp.departures[pi]
			if arrivals {
				ev = dp.arrivals[pi]
			}
			j := sort.Search(len(ev), func(k int) bool { return ev[k].t > now })
			if j < len(ev) {
				cs = append(cs, cursor{dp, ev[j:]})
			}
		}
	}
	for len(out) < limit {
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
			break
		}
		e := cs[best].ev[0]
		out = append(out, passRef{plan: cs[best].plan, trip: e.trip, seq: e.seq, t: e.t})
		cs[best].ev = cs[best].ev[1:]
	}
	return out
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

// position returns where the vehicle of trip ti is at now, its bearing and
// its current deviation from the schedule in seconds.
func (dp *dayPlan) position(ti int32, now int64) (lonLat, int, int64) {
	tr := &dp.trips[ti]
	dir := tr.dir
	k := int32(len(dir.offsets))
	if now < dp.dep[tr.off] {
		p, b := dir.track.at(0)
		return p, b, dp.dep[tr.off] - tr.start
	}
	// i: the last stop reached (actual arrival <= now).
	i := int32(sort.Search(int(k), func(s int) bool { return dp.arr[tr.off+int32(s)] > now })) - 1
	if i < 0 {
		i = 0
	}
	dev := dp.arr[tr.off+i] - dp.sched(ti, i)
	s := dir.stopAt[i]
	if i < k-1 && now >= dp.dep[tr.off+i] {
		d0, a1 := dp.dep[tr.off+i], dp.arr[tr.off+i+1]
		f := 1.0
		if a1 > d0 {
			f = float64(now-d0) / float64(a1-d0)
		}
		f = f * f * (3 - 2*f) // accelerate and brake
		s += f * (dir.stopAt[i+1] - dir.stopAt[i])
		dev = d0 - dp.sched(ti, i)
	}
	p, b := dir.track.at(s)
	return p, b, dev
}
