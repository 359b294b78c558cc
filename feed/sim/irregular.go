package sim

import (
	"math"
	"slices"
	"time"
)

// What makes the simulated network irregular like a city, beyond the
// delays of simulate: bunching on frequent lines, ghost trips, vehicles
// that stop reporting and network-wide outages of the reports. All of it
// is a pure function of (seed, time); README.md gives the amounts and
// where they come from.

// Bunching (simulate): on a line direction whose scheduled headway is at
// most bunchMaxHeadway, a vehicle's dwell at each stop grows by bunchBeta
// seconds per second that its gap behind the vehicle ahead exceeds the
// scheduled headway (more passengers have gathered), and shrinks by as
// much when the gap is shorter (fewer passengers: it catches up), within
// -bunchCatchUp..+bunchMaxDwell per stop. A follower that catches up
// may pass (no track is modelled; a tram that must wait behind the one
// ahead needed more trams than the fleet has on days of long delays).
const (
	bunchMaxHeadway = 10 * 60
	bunchBeta       = 0.05
	bunchCatchUp    = 20
	bunchMaxDwell   = 75
)

// leader is the vehicle ahead of a trip on its direction, as simulate
// sees it.
type leader struct {
	arr, dep []int64 // its actual times at the same stops
	headway  float64 // the scheduled headway (from the trip before in the timetable), seconds
}

// Ghosts: on each service day, ghostMin..ghostMax of the day-line trips
// (drawn per day) have no vehicle (it did not log on, a driver did not
// turn up): the trips with the smallest ghost hashes. With the trips no
// vehicle is left for (assignVehicles) that makes 0.5-2 % of a day's trips.
// Night lines always run (one vehicle an hour; its absence would be a
// cancellation, not a hole in a headway).
const (
	ghostMin = 0.007
	ghostMax = 0.011
)

// ghostHash is a trip's draw for being a ghost; 1 for a night line.
func ghostHash(seed int64, tr *trip) float64 {
	if tr.dir.line.night {
		return 1
	}
	return unit(mix(uint64(seed), uint64(tr.start), uint64(tr.dir.line.number), uint64(tr.dir.no), 0x9405))
}

// ghostLimit returns the ghost hash at and below which a trip of the day
// is a ghost.
func ghostLimit(seed int64, key int, trips []trip) float64 {
	hs := make([]float64, 0, len(trips))
	for i := range trips {
		if h := ghostHash(seed, &trips[i]); h < 1 {
			hs = append(hs, h)
		}
	}
	share := ghostMin + unit(mix(uint64(seed), uint64(key), 0x9406))*(ghostMax-ghostMin)
	n := int(math.Round(share * float64(len(hs))))
	if n == 0 {
		return -1
	}
	slices.Sort(hs)
	return hs[n-1]
}

// timetableOnly fills a ghost trip's times: the schedule, which is all
// the service knows of it (its rows carry no vehicle and no deviation).
func timetableOnly(tr *trip, arr, dep []int64) {
	for i, off := range tr.dir.offsets {
		arr[i] = tr.start + int64(off)
		dep[i] = arr[i]
	}
}

// Silences: in every half hour (silenceBucket) a vehicle starts, with
// probability silenceShare, a silence of silenceMin..silenceMax at a
// random moment: it runs on, but the service keeps its last report.
// About 1.3 % of vehicle time.
const (
	silenceBucket = 30 * 60
	silenceShare  = 0.06
	silenceMin    = 3 * 60
	silenceMax    = 10 * 60
)

// Outages: on a calendar day, with probability outageShare, every
// vehicle's reports stop at one moment between outageFrom and outageTo
// (local time) for outageMin..outageMax: about three and a half a week.
const (
	outageShare = 0.5
	outageFrom  = 6 * 3600
	outageTo    = 22 * 3600
	outageMin   = 2 * 60
	outageMax   = 6 * 60
)

// silenceStart returns when vehicle vi's current silence began, or now
// when it is reporting.
func silenceStart(seed int64, vi int, now int64) int64 {
	b := now / silenceBucket
	start := now
	for _, bb := range [2]int64{b - 1, b} {
		h := mix(uint64(seed), uint64(vi), uint64(bb), 0x5113)
		if unit(h) >= silenceShare {
			continue
		}
		from := bb*silenceBucket + int64(unit(mix(h, 1))*silenceBucket)
		to := from + silenceMin + int64(unit(mix(h, 2))*(silenceMax-silenceMin))
		if from <= now && now < to && from < start {
			start = from
		}
	}
	return start
}

// outage returns the network-wide outage of the calendar day of now (in
// the service's time zone), if there is one: [from, to).
func outage(seed int64, now int64) (from, to int64, ok bool) {
	y, m, d := time.Unix(now, 0).In(berlin).Date()
	h := mix(uint64(seed), uint64(y*10000+int(m)*100+d), 0x0a7a6e)
	if unit(h) >= outageShare {
		return 0, 0, false
	}
	mid := time.Date(y, m, d, 0, 0, 0, 0, berlin).Unix()
	from = mid + outageFrom + int64(unit(mix(h, 1))*(outageTo-outageFrom))
	to = from + outageMin + int64(unit(mix(h, 2))*(outageMax-outageMin))
	return from, to, true
}

// reports is when the service last heard from each vehicle at one
// moment: the moment itself, unless the vehicle is silent or the network
// is out.
type reports struct {
	seed int64
	now  int64
	out  int64 // start of an outage going on at now, else now
}

func newReports(seed, now int64) reports {
	r := reports{seed: seed, now: now, out: now}
	if from, to, ok := outage(seed, now); ok && from <= now && now < to {
		r.out = from
	}
	return r
}

// of returns when the service last heard from vehicle vi (a fleet index;
// -1, no vehicle: now).
func (r reports) of(vi int32) int64 {
	if vi < 0 {
		return r.now
	}
	return min(r.out, silenceStart(r.seed, int(vi), r.now))
}

// view is stop seq of trip ti as the service shows it at now, having last
// heard from the trip's vehicle at rep (<= now): the arrival and departure
// shown then, moved to now where they would be in the past but did not
// happen as far as the service knows, and the status then. dev is the
// trip's live deviation at rep. With rep == now it is shown and status.
func (dp *dayPlan) view(ti, seq int32, now, rep int64, dev float64) (arr, dep int64, status int) {
	arr, dep = dp.shown(ti, seq, rep, dev)
	status = dp.status(ti, seq, rep, arr)
	if rep < now {
		i := dp.trips[ti].off + seq
		if rep < dp.arr[i] {
			arr = max(arr, now)
		}
		if rep < dp.dep[i] {
			dep = max(dep, now)
		}
	}
	return arr, dep, status
}
