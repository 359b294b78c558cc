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
	ghost     bool  // in the timetable, but no vehicle logs on (see irregular.go)
	prevStart int64 // scheduled start of the trip before it in the timetable, 0 for the first
}

// event is one passage of a trip at a stop point, at an actual time.
type event struct {
	t    int64
	trip int32
	seq  int32
}

// dayPlan is everything that happens on one service day; immutable once
// built, except for the per-stop-point event lists, which are made on first
// use (a board asks for the few stop points of its stop, and the first
// answer after a start need not wait for all 831).
type dayPlan struct {
	key       int // yyyymmdd
	seed      int64
	kind      dayKind
	net       *network
	trips     []trip
	dirTrips  []int32   // trips of direction g (network.dirs) are dirTrips[g]:dirTrips[g+1]
	arr, dep  []int64   // actual times per trip stop (Unix seconds)
	skip      []bool    // per trip stop: passed without stopping (closed by an alert)
	byVehicle [][]int32 // per fleet index, trips by start
	byPoint   []pointEvents
}

// pointEvents are a stop point's passages on a day, each list made once,
// by the first to ask (the lists are the same whoever makes them).
type pointEvents struct {
	dep, arr atomic.Pointer[[]event] // by actual departure, by actual arrival
}

// planner builds and caches day plans for one seed.
type planner struct {
	net  *network
	seed int64

	mu    sync.Mutex
	days  map[int]*dayEntry
	order []int

	alerts sync.Map // alertKey -> *alert (nil: no alert in that window)

	spans [sunday + 1]func() daySpan // timetableSpan per kind of day, computed once

	// build makes a day's plan: buildDay; tests that make many planners
	// share the plans (they are the same for the same seed and day).
	build func(y int, m time.Month, d int) *dayPlan
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
	p := &planner{net: n, seed: seed, days: map[int]*dayEntry{}}
	p.build = p.buildDay
	for k := range p.spans {
		p.spans[k] = sync.OnceValue(func() daySpan { return timetableSpan(n, dayKind(k)) })
	}
	return p
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
		dp := p.build(midnight.Date())
		dp.key = key
		e.dp.Store(dp)
	})
	return e.dp.Load()
}

// built returns the plan of a day if it is built, else nil.
func (p *planner) built(y int, m time.Month, d int) *dayPlan {
	y, m, d = time.Date(y, m, d, 0, 0, 0, 0, berlin).Date()
	p.mu.Lock()
	e := p.days[y*10000+int(m)*100+d]
	p.mu.Unlock()
	if e == nil {
		return nil
	}
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
// t: yesterday's, today's and tomorrow's (in the service's time zone).
// Days not built yet are built at the same time (the first answer after a
// start, or after midnight, waits for one plan, not three in a row).
func (p *planner) around(t int64) [3]*dayPlan {
	return p.plansFor(t, [3]bool{true, true, true})
}

// plansFor returns the plans of yesterday, today and tomorrow around t: those
// in need built if missing (at the same time), the others only if already
// built (else nil).
func (p *planner) plansFor(t int64, need [3]bool) [3]*dayPlan {
	y, m, d := time.Unix(t, 0).In(berlin).Date()
	var out [3]*dayPlan
	var wg sync.WaitGroup
	for i := range out {
		if !need[i] {
			out[i] = p.built(y, m, d-1+i)
			continue
		}
		if e, _, built := p.entry(y, m, d-1+i); built {
			out[i] = e.dp.Load()
			continue
		}
		wg.Go(func() { out[i] = p.day(y, m, d-1+i) })
	}
	wg.Wait()
	return out
}

// warmFirst builds the plans passages needs at t whatever it is asked:
// today's, and yesterday's while its trips can still be ahead.
func (p *planner) warmFirst(t int64) {
	y, m, d := time.Unix(t, 0).In(berlin).Date()
	_, yesterdayLast := p.bounds(y, m, d-1)
	p.plansFor(t, [3]bool{yesterdayLast > t, true, false})
}

// passages is collect over the plans that can hold the passages asked for
// at now, building no plan the answer does not depend on: today's always;
// yesterday's while its late trips can still be ahead (until about 3 a.m.);
// tomorrow's only when the merge over the others looked as far as its
// first trips (a board late at night). Plans already built are used
// whether needed or not. The answer is the same as collect over all three
// (TestPassagesNeedOnlyTheirDays): a plan left out has no event after now,
// or none before the last one the merge looked at.
func (p *planner) passages(now int64, points []int, arrivals bool, limit int, out []passRef) []passRef {
	y, m, d := time.Unix(now, 0).In(berlin).Date()
	_, yesterdayLast := p.bounds(y, m, d-1)
	plans := p.plansFor(now, [3]bool{yesterdayLast > now, true, false})
	refs, horizon := collect(plans, points, arrivals, now, limit, out)
	if plans[2] != nil {
		return refs
	}
	if tomorrowFirst, _ := p.bounds(y, m, d+1); tomorrowFirst > horizon {
		return refs
	}
	plans[2] = p.day(y, m, d+1)
	refs, _ = collect(plans, points, arrivals, now, limit, out[:0])
	return refs
}

// maxLate bounds how much later than scheduled any event of a trip happens:
// simulate clamps the delay at 2400 s before each arrival, an earlier
// departure can push an arrival beyond that only by the one hold of a trip
// (at most 300 s) and a dwell, and the first stop's delay is at most 910 s.
// An hour leaves room; TestDayBounds holds every plan to it.
const maxLate = 3600

// daySpan is when a kind of day's trips start and end by the timetable, in
// wall-clock seconds since the service day's midnight: the first
// scheduled start and the last scheduled arrival.
type daySpan struct{ first, last int32 }

// span returns the timetable span of a kind of day, computed once.
func (p *planner) span(k dayKind) daySpan {
	return p.spans[k]()
}

func timetableSpan(n *network, k dayKind) daySpan {
	sp := daySpan{first: math.MaxInt32, last: math.MinInt32}
	for _, dir := range n.dirs {
		for _, s := range tripStarts(dir.line, k, dir.no-1) {
			sp.first = min(sp.first, s)
			sp.last = max(sp.last, s+dir.duration())
		}
	}
	return sp
}

// bounds returns Unix times before and after every event of the plan of
// the service day y-m-d (normalised), without building it: no event comes
// before its trip's scheduled start (simulate never departs a first stop
// early, and every later stop comes after it), none after its scheduled
// arrival at the last stop plus maxLate. A wall-clock time of the day is
// its seconds after the date's midnight in UTC, less one or two hours
// (CET, CEST).
func (p *planner) bounds(y int, m time.Month, d int) (first, last int64) {
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	sp := p.span(kindOf(day.Weekday()))
	mid := day.Unix()
	return mid + int64(sp.first) - 2*3600, mid + int64(sp.last) - 3600 + maxLate
}

func (p *planner) buildDay(y int, m time.Month, d int) *dayPlan {
	n, seed := p.net, p.seed
	dp := &dayPlan{kind: kindOf(time.Date(y, m, d, 12, 0, 0, 0, berlin).Weekday()), net: n, seed: seed}
	// The timetable first, so that every list is allocated once.
	starts := make([][]int32, len(n.dirs))
	nTrips, nStops := 0, 0
	for g, dir := range n.dirs {
		starts[g] = tripStarts(dir.line, dp.kind, dir.no-1)
		nTrips += len(starts[g])
		nStops += len(starts[g]) * len(dir.offsets)
	}
	dp.trips = make([]trip, 0, nTrips)
	secs := make([]int32, 0, nTrips)
	dp.dirTrips = make([]int32, 0, len(n.dirs)+1)
	dp.arr, dp.dep = make([]int64, 0, nStops), make([]int64, 0, nStops)
	for g, dir := range n.dirs {
		dp.dirTrips = append(dp.dirTrips, int32(len(dp.trips)))
		for _, s := range starts[g] {
			start, ok := wallUnix(y, m, d, s)
			if !ok {
				continue // a wall-clock time the spring-forward night skips
			}
			dp.trips = append(dp.trips, trip{dir: dir, start: start, off: int32(len(dp.arr)), vehicle: -1})
			secs = append(secs, s)
			dp.arr = dp.arr[:len(dp.arr)+len(dir.offsets)]
			dp.dep = dp.dep[:len(dp.dep)+len(dir.offsets)]
		}
	}
	dp.dirTrips = append(dp.dirTrips, int32(len(dp.trips)))
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
	ghostAt := ghostLimit(seed, y*10000+int(m)*100+d, dp.trips)
	for g := range n.dirs {
		lead := int32(-1) // the last trip of the direction that runs with a vehicle
		for i := dp.dirTrips[g]; i < dp.dirTrips[g+1]; i++ {
			tr := &dp.trips[i]
			if i > dp.dirTrips[g] {
				tr.prevStart = dp.trips[i-1].start
			}
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
			tr.ghost = !tr.cancelled && ghostHash(seed, tr) <= ghostAt
			arr, dep := dp.arr[tr.off:tr.off+k], dp.dep[tr.off:tr.off+k]
			if tr.ghost {
				timetableOnly(tr, arr, dep)
				continue
			}
			var ahead *leader
			if lead >= 0 && tr.prevStart > 0 && tr.start-tr.prevStart <= bunchMaxHeadway {
				lt := &dp.trips[lead]
				ahead = &leader{arr: dp.arr[lt.off : lt.off+k], dep: dp.dep[lt.off : lt.off+k],
					headway: float64(tr.start - tr.prevStart)}
			}
			simulate(tr, seed, peakFactor(dp.kind, secs[i]), extra, ahead, arr, dep)
			dp.closeStops(tr, alerts, n)
			if !tr.cancelled {
				lead = i
			}
		}
	}
	dp.assignVehicles(n)
	// A trip no vehicle is left for (a pool short on a day of long
	// delays) is a ghost too: it stays in the timetable, nothing runs it.
	for i := range dp.trips {
		if tr := &dp.trips[i]; !tr.cancelled && tr.vehicle < 0 && !tr.ghost {
			tr.ghost = true
			k := int32(len(tr.dir.offsets))
			timetableOnly(tr, dp.arr[tr.off:tr.off+k], dp.dep[tr.off:tr.off+k])
		}
	}
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
func simulate(tr *trip, seed int64, pk, extra float64, ahead *leader, arr, dep []int64) {
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
		late = clampLate(late)
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
		if ahead != nil {
			// Passengers gather since the vehicle ahead left: a longer gap
			// means more of them and a longer stop, a shorter one fewer.
			e := bunchBeta * (float64(a-ahead.dep[i]) - ahead.headway)
			e = math.Max(-bunchCatchUp, math.Min(bunchMaxDwell, e))
			late += e
			if e > 0 {
				dp += int64(e)
			}
		}
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

// clampLate keeps a delay within -100..2400 s: math.Max(-100,
// math.Min(2400, late)) for the values simulate has (never NaN), without
// their special cases (a fifth of a day plan's time).
func clampLate(late float64) float64 {
	if late > 2400 {
		return 2400
	}
	if late < -100 {
		return -100
	}
	return late
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
		if dp.trips[i].cancelled || dp.trips[i].ghost {
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

// index builds the per-vehicle trip lists; the per-stop-point event lists
// are made when first asked for (events).
func (dp *dayPlan) index(n *network) {
	dp.byPoint = make([]pointEvents, len(n.points))
	dp.byVehicle = make([][]int32, len(n.fleet))
	nVeh := make([]int32, len(n.fleet))
	for i := range dp.trips {
		if tr := &dp.trips[i]; !tr.cancelled && tr.vehicle >= 0 {
			nVeh[tr.vehicle]++
		}
	}
	for vi, c := range nVeh {
		if c > 0 {
			dp.byVehicle[vi] = make([]int32, 0, c)
		}
	}
	for i := range dp.trips {
		if tr := &dp.trips[i]; !tr.cancelled && tr.vehicle >= 0 {
			dp.byVehicle[tr.vehicle] = append(dp.byVehicle[tr.vehicle], int32(i))
		}
	}
	for _, l := range dp.byVehicle {
		slices.SortFunc(l, func(a, b int32) int { return cmp.Compare(dp.trips[a].start, dp.trips[b].start) })
	}
}

// events returns the passages of the day at stop point pi (departures, or
// arrivals), ordered by actual time and then by trip: no departure from a
// trip's last stop, no arrival at its first, none of a cancelled trip or
// at a stop it passes without stopping.
func (dp *dayPlan) events(pi int, arrivals bool) []event {
	slot := &dp.byPoint[pi].dep
	if arrivals {
		slot = &dp.byPoint[pi].arr
	}
	if l := slot.Load(); l != nil {
		return *l
	}
	vs := dp.net.points[pi].visits
	size := 0
	for _, v := range vs {
		size += int(dp.dirTrips[v.dir+1] - dp.dirTrips[v.dir])
	}
	l := make([]event, 0, size)
	for _, v := range vs {
		k := int32(len(dp.net.dirs[v.dir].points))
		if arrivals && v.seq == 0 || !arrivals && v.seq == k-1 {
			continue
		}
		times := dp.dep
		if arrivals {
			times = dp.arr
		}
		for ti := dp.dirTrips[v.dir]; ti < dp.dirTrips[v.dir+1]; ti++ {
			tr := &dp.trips[ti]
			if i := tr.off + v.seq; !tr.cancelled && !dp.skip[i] {
				l = append(l, event{times[i], ti, v.seq})
			}
		}
	}
	// (time, trip) is unique at a stop point (a trip's times rise along
	// it), so the order does not depend on the sort.
	slices.SortFunc(l, func(a, b event) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		return cmp.Compare(a.trip, b.trip)
	})
	if !slot.CompareAndSwap(nil, &l) {
		return *slot.Load()
	}
	return l
}
