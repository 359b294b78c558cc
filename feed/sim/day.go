package sim

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// trip is one scheduled journey of a line direction on a service day.
type trip struct {
	dir       *direction
	start     int64 // scheduled departure from the first stop, Unix seconds
	off       int32 // offset of its stops in dayPlan.arr/dep
	vehicle   int32 // fleet index, -1 when no vehicle could be assigned
	cancelled bool  // does not run (an alert's vehicle breakdown)
}

// event is one passage of a trip at a stop point, at an actual time.
type event struct {
	t    int64
	trip int32
	seq  int32
}

// dayPlan is everything that happens on one service day; immutable once built.
type dayPlan struct {
	key        int // yyyymmdd
	kind       dayKind
	trips      []trip
	arr, dep   []int64   // actual times per trip stop (Unix seconds)
	skip       []bool    // per trip stop: passed without stopping (closed by an alert)
	departures [][]event // per stop point, by actual departure
	arrivals   [][]event // per stop point, by actual arrival
	byVehicle  [][]int32 // per fleet index, trips by start
}

// planner builds and caches day plans for one seed.
type planner struct {
	net  *network
	seed int64

	mu    sync.Mutex
	days  map[int]*dayEntry
	order []int

	alerts sync.Map // alertKey -> *alert (nil: no alert in that window)
}

const planCacheSize = 6

// dayEntry is a day's plan in the cache, built once by the first to ask;
// days are built outside the planner's lock, so that different days build
// at the same time.
type dayEntry struct {
	once sync.Once
	dp   atomic.Pointer[dayPlan]
}

func newPlanner(n *network, seed int64) *planner {
	return &planner{net: n, seed: seed, days: map[int]*dayEntry{}}
}

// day returns the plan of the service day that starts at local midnight of
// the given date (normalised, so d may be 0 or 32).
func (p *planner) day(y int, m time.Month, d int) *dayPlan {
	e, key, built := p.entry(y, m, d)
	if built {
		return e.dp.Load()
	}
	e.once.Do(func() {
		midnight := time.Date(y, m, d, 0, 0, 0, 0, berlin)
		dp := p.buildDay(midnight.Date())
		dp.key = key
		e.dp.Store(dp)
	})
	return e.dp.Load()
}

// entry returns the cache entry of a day, made if missing, and whether its
// plan is built.
func (p *planner) entry(y int, m time.Month, d int) (e *dayEntry, key int, built bool) {
	y, m, d = time.Date(y, m, d, 0, 0, 0, 0, berlin).Date()
	key = y*10000 + int(m)*100 + d
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.days[key]; ok {
		return e, key, e.dp.Load() != nil
	}
	e = &dayEntry{}
	p.days[key] = e
	p.order = append(p.order, key)
	if len(p.order) > planCacheSize {
		delete(p.days, p.order[0])
		p.order = p.order[1:]
	}
	return e, key, false
}

// around returns the plans of the service days that can have passages near
// t. Days not built yet are built at the same time (the first answer after
// a start, or after midnight, waits for one plan, not three in a row).
func (p *planner) around(t int64) [3]*dayPlan {
	y, m, d := time.Unix(t, 0).In(berlin).Date()
	var out [3]*dayPlan
	var wg sync.WaitGroup
	for i := range out {
		if e, _, built := p.entry(y, m, d-1+i); built {
			out[i] = e.dp.Load()
			continue
		}
		wg.Go(func() { out[i] = p.day(y, m, d-1+i) })
	}
	wg.Wait()
	return out
}

func (p *planner) buildDay(y int, m time.Month, d int) *dayPlan {
	n, seed := p.net, p.seed
	dp := &dayPlan{kind: kindOf(time.Date(y, m, d, 12, 0, 0, 0, berlin).Weekday())}
	var secs []int32
	for _, l := range n.lines {
		for di, dir := range l.dirs {
			for _, s := range tripStarts(l, dp.kind, di) {
				start, ok := wallUnix(y, m, d, s)
				if !ok {
					continue // a wall-clock time the spring-forward night skips
				}
				dp.trips = append(dp.trips, trip{dir: dir, start: start, off: int32(len(dp.arr)), vehicle: -1})
				secs = append(secs, s)
				dp.arr = append(dp.arr, make([]int64, len(dir.offsets))...)
				dp.dep = append(dp.dep, make([]int64, len(dir.offsets))...)
			}
		}
	}
	dp.skip = make([]bool, len(dp.arr))
	// The alerts of the calendar day and the small hours of the next one.
	var alerts []*alert
	for dd := 0; dd < 2; dd++ {
		for win := 0; win < 8; win++ {
			if dd == 1 && win > 1 {
				break
			}
			if al := p.alertFor(y, m, d+dd, win); al != nil {
				alerts = append(alerts, al)
			}
		}
	}
	for i := range dp.trips {
		tr := &dp.trips[i]
		k := int32(len(tr.dir.offsets))
		extra := 0.0
		for _, al := range alerts {
			if tr.start < al.from || tr.start >= al.to {
				continue
			}
			for _, it := range al.items {
				if it.line != tr.dir.line {
					continue
				}
				h := mix(uint64(seed), uint64(tr.start), uint64(tr.dir.no), 0xfa11)
				switch it.kind {
				case alertDelays:
					extra = 120 + unit(h)*600
				case alertCancel:
					tr.cancelled = unit(h) < 0.35
				case alertDetour, alertStopClosed: // stops close below (closeStops)
				}
			}
		}
		arr, dep := dp.arr[tr.off:tr.off+k], dp.dep[tr.off:tr.off+k]
		simulate(tr, seed, peakFactor(dp.kind, secs[i]), extra, arr, dep)
		dp.closeStops(tr, alerts, n)
	}
	dp.assignVehicles(n)
	dp.index(n)
	return dp
}

// closeStops marks the stops of a trip that an alert closes while the
// vehicle passes them: it passes without stopping.
func (dp *dayPlan) closeStops(tr *trip, alerts []*alert, n *network) {
	for _, al := range alerts {
		for _, it := range al.items {
			if it.line != tr.dir.line || len(it.closed) == 0 {
				continue
			}
			for s, pi := range tr.dir.points {
				i := tr.off + int32(s)
				if dp.arr[i] < al.from || dp.arr[i] >= al.to {
					continue
				}
				num := n.stops[n.points[pi].stop].row.Number
				for _, c := range it.closed {
					if c == num {
						dp.skip[i] = true
						dp.dep[i] = dp.arr[i]
					}
				}
			}
		}
	}
}

// wallUnix converts a wall-clock time of a service day (seconds since its
// local midnight, possibly beyond 24 h) in Europe/Berlin to Unix seconds. A
// service day is a day of wall-clock times: a time that does not exist (the
// hour skipped when clocks go forward) has no instant, ok is false; a time
// that exists twice (the hour repeated when clocks go back) is taken at its
// first occurrence, in summer time, so no trip runs twice.
func wallUnix(y int, m time.Month, d int, sec int32) (int64, bool) {
	day := time.Date(y, m, d+int(sec/86400), 12, 0, 0, 0, time.UTC)
	rem := int64(sec % 86400)
	naive := day.Unix() - 12*3600 + rem // the wall time read as if it were UTC
	best, found := int64(0), false
	for _, off := range [...]int64{2 * 3600, 3600} { // CEST, CET
		u := naive - off
		if _, o := time.Unix(u, 0).In(berlin).Zone(); int64(o) == off && (!found || u < best) {
			best, found = u, true
		}
	}
	return best, found
}

// simulate fills the actual arrival and departure times of a trip: a delay
// that starts at the terminus (never early there), evolves as a smooth
// random walk along the trip (larger and growing in the rush hours, drifting
// early for some drivers) and, rarely, jumps by several minutes.
func simulate(tr *trip, seed int64, pk, extra float64, arr, dep []int64) {
	dir := tr.dir
	k := len(dir.offsets)
	r := rng{s: mix(uint64(seed), uint64(dir.line.number), uint64(dir.no), uint64(tr.start))}
	late := r.float()*r.float()*(40+150*pk) + extra
	drift := 3 + 12*pk
	if r.float() < 0.07 {
		drift = -9
	}
	disrupt, jump := -1, 0.0
	if r.float() < 0.008+0.02*pk && k > 1 {
		disrupt = 1 + r.intn(k-1)
		jump = 240 + r.float()*960
	}
	// Some vehicles are held at a stop for a while (a connection, a
	// wheelchair ramp, a ticket dispute): longer in the rush hours.
	hold, held := -1, 0.0
	if r.float() < 0.03+0.05*pk && k > 2 {
		hold = 1 + r.intn(k-2)
		held = 60 + r.float()*(120+120*pk)
	}
	vel := 0.0
	for i := 0; i < k; i++ {
		sched := tr.start + int64(dir.offsets[i])
		if i == 0 {
			a := sched + int64(late)
			arr[0], dep[0] = a, a
			continue
		}
		vel = 0.6*vel + 0.4*drift + r.norm()*(8+10*pk)
		late += vel
		if i == disrupt {
			late += jump
		}
		if i == k-1 && late > 0 {
			late = math.Max(0, late-60) // the schedule's recovery time before the terminus
		}
		late = math.Max(-100, math.Min(2400, late))
		a := sched + int64(math.Round(late))
		if lo := dep[i-1] + 30; a < lo {
			a = lo
		}
		late = float64(a - sched)
		arr[i], dep[i] = a, a
		if i == k-1 {
			break
		}
		dp := a + 8 + int64(r.float()*22)
		if i == hold {
			dp += int64(held)
			late += held
		}
		if dp < sched-60 {
			dp = sched - 60
		}
		dep[i] = dp
	}
}

func (dp *dayPlan) first(ti int32) int64 { return dp.dep[dp.trips[ti].off] }

func (dp *dayPlan) last(ti int32) int64 {
	tr := &dp.trips[ti]
	return dp.arr[tr.off+int32(len(tr.dir.offsets))-1]
}

// assignVehicles chains each line's trips into vehicle slots by actual times;
// slots beyond the line's pool take reserve vehicles, chain by chain.
func (dp *dayPlan) assignVehicles(n *network) {
	pools := make([][]int32, len(n.lines))
	var reserve []int32
	for i, v := range n.fleet {
		if v.line < 0 {
			reserve = append(reserve, int32(i))
		} else {
			pools[v.line] = append(pools[v.line], int32(i))
		}
	}
	byLine := make([][]int32, len(n.lines))
	for i := range dp.trips {
		if dp.trips[i].cancelled {
			continue
		}
		li := dp.trips[i].dir.line.index
		byLine[li] = append(byLine[li], int32(i))
	}
	type chain struct {
		cat        int
		start, end int64
		trips      []int32
	}
	var overflow []chain
	for li, tis := range byLine {
		ts := make([]slotTrip, len(tis))
		for j, ti := range tis {
			ts[j] = slotTrip{start: dp.first(ti), end: dp.last(ti), origin: dp.trips[ti].dir.no - 1, slot: j}
		}
		// assignSlots needs start order; keep the trip index in slot until then.
		order := make([]int32, len(tis))
		sortSlotTrips(ts)
		for j := range ts {
			order[j] = tis[ts[j].slot]
		}
		assignSlots(ts)
		chains := map[int]*chain{}
		var slotsSeen []int
		for j := range ts {
			ti, s := order[j], ts[j].slot
			if s < len(pools[li]) {
				dp.trips[ti].vehicle = pools[li][s]
				continue
			}
			c := chains[s]
			if c == nil {
				c = &chain{cat: n.lines[li].category, start: ts[j].start}
				chains[s] = c
				slotsSeen = append(slotsSeen, s)
			}
			c.trips = append(c.trips, ti)
			c.end = ts[j].end
		}
		for _, s := range slotsSeen {
			overflow = append(overflow, *chains[s])
		}
	}
	sort.SliceStable(overflow, func(i, j int) bool { return overflow[i].start < overflow[j].start })
	free := map[int32]int64{}
	for _, c := range overflow {
		for _, vi := range reserve {
			if n.fleet[vi].category != c.cat || free[vi] > c.start {
				continue
			}
			free[vi] = c.end + minLayover
			for _, ti := range c.trips {
				dp.trips[ti].vehicle = vi
			}
			break
		}
	}
}

// index builds the per-stop-point event lists and the per-vehicle trip lists.
func (dp *dayPlan) index(n *network) {
	dp.departures = make([][]event, len(n.points))
	dp.arrivals = make([][]event, len(n.points))
	dp.byVehicle = make([][]int32, len(n.fleet))
	// Size every list first: one allocation each instead of repeated growth.
	nDep, nArr := make([]int32, len(n.points)), make([]int32, len(n.points))
	for i := range dp.trips {
		tr := &dp.trips[i]
		if tr.cancelled {
			continue
		}
		k := len(tr.dir.points)
		for s, pi := range tr.dir.points {
			if dp.skip[tr.off+int32(s)] {
				continue
			}
			if s < k-1 {
				nDep[pi]++
			}
			if s > 0 {
				nArr[pi]++
			}
		}
	}
	for pi := range n.points {
		if nDep[pi] > 0 {
			dp.departures[pi] = make([]event, 0, nDep[pi])
		}
		if nArr[pi] > 0 {
			dp.arrivals[pi] = make([]event, 0, nArr[pi])
		}
	}
	for i := range dp.trips {
		tr := &dp.trips[i]
		if tr.cancelled {
			continue
		}
		k := len(tr.dir.points)
		for s, pi := range tr.dir.points {
			if dp.skip[tr.off+int32(s)] {
				continue
			}
			if s < k-1 {
				dp.departures[pi] = append(dp.departures[pi], event{dp.dep[tr.off+int32(s)], int32(i), int32(s)})
			}
			if s > 0 {
				dp.arrivals[pi] = append(dp.arrivals[pi], event{dp.arr[tr.off+int32(s)], int32(i), int32(s)})
			}
		}
		if tr.vehicle >= 0 {
			dp.byVehicle[tr.vehicle] = append(dp.byVehicle[tr.vehicle], int32(i))
		}
	}
	byTime := func(a, b event) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		return cmp.Compare(a.trip, b.trip)
	}
	for _, lists := range [2][][]event{dp.departures, dp.arrivals} {
		for _, l := range lists {
			slices.SortFunc(l, byTime)
		}
	}
	for _, l := range dp.byVehicle {
		slices.SortFunc(l, func(a, b int32) int { return cmp.Compare(dp.trips[a].start, dp.trips[b].start) })
	}
}
