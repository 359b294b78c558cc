// Package ladder computes a line's ladder, the dispatcher's view of a
// line: per direction the stops in order (the rungs), the vehicles in
// order along the line at their stop or between two, and between each
// vehicle and the one ahead of it the actual headway against the
// scheduled one, with the flags a dispatcher acts on (bunched, gap, ghost,
// stale) and the line's regularity (the coefficient of variation of its
// headways). It is pure computation over the service's model types: the
// caller fetches, Build judges.
//
// # Where the data comes from
//
//   - Trips (vehicle/trip/Trip without VehicleNumber: every vehicle): which
//     vehicles serve the line, in which direction, their deviation and the
//     time of their last position report.
//   - Passages (vehicle/trip/Passage, one per vehicle): the scheduled and
//     predicted (actual once passed) time at every stop of its trip. A
//     vehicle's place on the line is read from them at Now: the last stop
//     whose predicted departure is past, so an answer a few intervals old
//     still places the vehicle where it is now.
//   - Routes (route/attributes/BaseData, ContentScope Extended): the stop
//     points of each direction in order, the rungs. Without them a rail's
//     rungs are the longest trip seen in that direction.
//   - Ends: arrivals at the last stop point of each direction
//     (stoppoint/passage/Arrivals), for ghosts.
//
// # Thresholds
//
// Bunched, gap: a follower's headway to the vehicle ahead (at the last
// stop it reached) at most BunchedRatio (0.5) or at least GapRatio (1.5)
// times the scheduled headway there: its scheduled time minus that of the
// trip of its direction scheduled last before it (plan). These are the
// limits the Transit Capacity and Quality of
// Service Manual (TCRP Report 165, 3rd ed., headway adherence) uses for a
// headway deviation of half a headway, where passengers notice bunching
// and gaps.
//
// Ghost: a trip of the line under way by the timetable (its scheduled
// start GhostAfter, 2 min, or more ago, its scheduled arrival at the last
// stop still ahead) that no vehicle runs: its arrival at the direction's
// last stop point is on the board with no vehicle (VehicleNumber null on
// the wire, 0 here). The service (and the simulation, feed/sim/passage.go)
// names the vehicle of every trip from 30 minutes before its start, so a
// trip under way without one has no vehicle logged on; the two minutes
// let a late log-on count as none. The last stop's board is read, not the
// first's, because a ghost's departure leaves the first stop's board at
// its time (nothing departs), while its arrival at the end stays on the
// board until the trip would be over: the whole time it leaves a hole in
// the line. The trip's start is that arrival less the running time of the
// timetable (the vehicles' passages give it).
//
// A vehicle in service whose passages are empty (it logged on before its
// first trip, which the service does not list yet) waits at its
// direction's first stop, after the vehicles that wait there with a trip,
// without a headway.
//
// Stale: a vehicle whose last position report is more than StaleAfter
// (two poll intervals: one missed report is not yet stale) old at Now.
//
// Regularity: the coefficient of variation (standard deviation over mean)
// of the actual headways, the TCQSM's measure of headway adherence (0 is
// perfectly even; about 0.5 and above, bunching is common), over the
// headways of the vehicles on the ladder now, said in words as
// "headways vary ±35 %" (Regularity.Percent).
//
// Overtaking: where a vehicle passed the one whose trip the timetable
// runs before it, its measured headway is negative; Car.Overtook names
// the vehicle it passed and every output says "overtook 51" instead.
package ladder

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"abfahrt/model"
)

// The thresholds (see the package documentation for where they come from).
const (
	BunchedRatio = 0.5
	GapRatio     = 1.5
	GhostAfter   = 2 * time.Minute
	// StaleIntervals is how many poll intervals a position report may be
	// old before its vehicle is stale.
	StaleIntervals = 2
)

// Flag classifies a vehicle of the ladder.
type Flag string

// The flags, as the JSON of `abfahrt headways` spells them.
const (
	FlagOK      Flag = "ok"
	FlagBunched Flag = "bunched" // too close behind the vehicle ahead
	FlagGap     Flag = "gap"     // too far behind the vehicle ahead
	FlagGhost   Flag = "ghost"   // a scheduled trip no vehicle runs
	FlagStale   Flag = "stale"   // its position report is old
)

// Input is what Build reads.
type Input struct {
	Line     string    // RouteName as shown, e.g. "4"
	Now      time.Time // the service's time
	Interval time.Duration
	Routes   []model.Route                 // base data with RoutePattern; may be empty
	Trips    []model.Trip                  // every vehicle's trip (others' lines are skipped)
	Passages map[int]model.VehiclePassages // by vehicle; missing ones are placed nowhere
	// Ends are arrivals at the last stop point of a direction, by that
	// stop point (model.Event.Line must be the line), for ghosts.
	Ends map[model.StopPointCode][]model.Event
}

// Ladder is a line's ladder.
type Ladder struct {
	Line  string
	Known bool // the line is in the routes, or a vehicle serves it
	Rails []Rail
}

// Rail is one direction of a line.
type Rail struct {
	Direction int
	Towards   string // the direction text
	Stops     []Rung
	// Vehicles are in order along the line: the one nearest the end first.
	// Ghosts come after, vehicles placed nowhere last.
	Vehicles []Car
}

// Rung is one stop of a rail.
type Rung struct {
	Stop  int
	Point model.StopPointCode
	Name  string
}

// Car is a vehicle on a rail (or a ghost trip).
type Car struct {
	Vehicle int // 0 for a ghost
	// At is the index of the rung the vehicle is at or last left; -1 when
	// it is not placed (no passages of this trip yet) or before the first.
	At      int
	Between bool // between rung At and At+1
	Waiting bool // before its first stop (At -1, Stop its first)
	Stop    string
	Delay   int           // seconds, late positive
	Age     time.Duration // of its position report; -1 unknown
	Start   time.Time     // a ghost's scheduled start
	// Headway is the time between the vehicle ahead and this one at the
	// last stop this one reached (its first stop while it waits there;
	// HasHeadway false for the leader or when either lacks that stop);
	// Scheduled the timetable's for the two trips.
	Headway    time.Duration
	Scheduled  time.Duration
	HasHeadway bool
	// Leader is the vehicle the headway is measured to: the one whose trip
	// the timetable runs last before this one's (see headways); usually
	// the vehicle ahead on the road, not always where one overtook.
	Leader int
	// Overtook is the leader when this vehicle passed it (Headway is then
	// negative: how far it is ahead of it, said "overtook 51", never shown
	// as a headway); 0 otherwise.
	Overtook int
	// Point is the stop point where the headway is measured.
	Point  model.StopPointCode
	Flag   Flag
	pos    float64             // progress along the rail, for ordering
	at     model.StopPointCode // the stop point at or last left
	next   model.StopPointCode // the stop point reached next (or stood at)
	noTrip bool                // its passages are empty: no trip begun yet
	passed map[model.StopPointCode]times
}

// times are a trip's scheduled and actual (predicted) times at one stop:
// departure where it has one, else arrival (sched, actual), and arrival
// where it has one, else departure (schedArr, arr).
type times struct{ sched, actual, schedArr, arr time.Time }

// Build computes the ladder of in.Line.
func Build(in Input) Ladder {
	l := Ladder{Line: in.Line}
	route := findRoute(in.Routes, in.Line)
	l.Known = route != nil
	rails := map[int]*Rail{}
	var order []int
	rail := func(dir int) *Rail {
		if r := rails[dir]; r != nil {
			return r
		}
		r := &Rail{Direction: dir}
		rails[dir] = r
		order = append(order, dir)
		return r
	}
	if route != nil {
		for _, p := range route.RoutePattern {
			r := rail(p.PatternDirection)
			for _, s := range p.StopPoints {
				r.Stops = append(r.Stops, Rung{Stop: s.StopNumber, Point: s.StopPointCode, Name: s.StopName})
			}
		}
		for _, d := range route.RouteDirections {
			rail(d.Direction).Towards = d.DirectionName
		}
	}
	for _, t := range in.Trips {
		j := t.JourneyData
		if !t.IsActive || j == nil || lineOf(j) != in.Line {
			continue
		}
		l.Known = true
		r := rail(j.Direction)
		if j.DepartureDirectionText != "" {
			r.Towards = j.DepartureDirectionText
		}
		vp, ok := in.Passages[t.VehicleNumber]
		if ok && len(r.Stops) == 0 || ok && route == nil && len(vp.Passages) > len(r.Stops) {
			r.Stops = r.Stops[:0]
			for _, p := range vp.Passages {
				r.Stops = append(r.Stops, Rung{Stop: p.StopNumber, Point: p.StopPointCode, Name: p.StopName})
			}
		}
		c := Car{Vehicle: t.VehicleNumber, At: -1, Delay: t.Deviation(), Age: -1, Flag: FlagOK, pos: -1}
		if age, ok := t.ReportAge(in.Now); ok {
			c.Age = age
			if in.Interval > 0 && age > StaleIntervals*in.Interval {
				c.Flag = FlagStale
			}
		}
		r.Vehicles = append(r.Vehicles, c)
		if ok {
			place(&r.Vehicles[len(r.Vehicles)-1], vp, in.Now)
			r.Vehicles[len(r.Vehicles)-1].noTrip = len(vp.Passages) == 0
		}
	}
	slices.Sort(order)
	for _, dir := range order {
		r := rails[dir]
		for i := range r.Vehicles {
			c := &r.Vehicles[i]
			if c.noTrip && len(r.Stops) > 0 {
				// In service before its first trip (the service names
				// none yet): it waits at its direction's first stop.
				c.Stop, c.Waiting, c.pos = r.Stops[0].Name, true, -0.75
				continue
			}
			locate(c, r.Stops)
		}
		slices.SortStableFunc(r.Vehicles, func(a, b Car) int {
			if c := cmp.Compare(b.pos, a.pos); c != 0 {
				return c
			}
			if c := a.nextTime().Compare(b.nextTime()); c != 0 {
				return c // on the same stretch: the one there first is ahead
			}
			return cmp.Compare(a.Vehicle, b.Vehicle)
		})
		headways(r.Vehicles)
		r.Vehicles = append(r.Vehicles, ghosts(r, in)...)
		for i := range r.Vehicles {
			r.Vehicles[i].passed = nil
		}
		l.Rails = append(l.Rails, *r)
	}
	return l
}

// findRoute is the route named line.
func findRoute(routes []model.Route, line string) *model.Route {
	for i := range routes {
		if lineName(routes[i].RouteName, routes[i].RouteNumber) == line {
			return &routes[i]
		}
	}
	return nil
}

func lineOf(j *model.Journey) string { return lineName(j.RouteName, j.RouteNumber) }

func lineName(name string, number int) string {
	if name != "" {
		return name
	}
	return strconv.Itoa(number)
}

// place reads a vehicle's passages at now: its times at each stop, and the
// stop it is at or last left (by predicted times, so that an older answer
// still places it where it is now).
func place(c *Car, vp model.VehiclePassages, now time.Time) {
	c.passed = make(map[model.StopPointCode]times, len(vp.Passages))
	last := -1
	between := false
	for i, p := range vp.Passages {
		t := times{sched: p.Scheduled().Time, actual: p.Actual().Time, schedArr: p.ArrivalTimeScheduled.Time, arr: p.ArrivalTimeActual.Time}
		if t.arr.IsZero() || t.schedArr.IsZero() {
			t.schedArr, t.arr = t.sched, t.actual
		}
		c.passed[p.StopPointCode] = t
		arr, dep := p.ArrivalTimeActual, p.Actual()
		if !arr.Known() {
			arr = dep
		}
		switch {
		case dep.Known() && !dep.After(now) && i < len(vp.Passages)-1:
			last, between = i, true
		case arr.Known() && !arr.After(now):
			last, between = i, false
		}
	}
	if last >= 0 {
		p := vp.Passages[last]
		c.at, c.Stop, c.Between, c.next = p.StopPointCode, p.StopName, between, p.StopPointCode
		if between {
			c.next = vp.Passages[last+1].StopPointCode
		}
		if d := p.Deviation(); p.Actual().Known() {
			c.Delay = d
		}
	} else if len(vp.Passages) > 0 {
		c.at, c.Stop, c.next = vp.Passages[0].StopPointCode, vp.Passages[0].StopName, vp.Passages[0].StopPointCode
		c.pos, c.Waiting = -0.5, true // before its first stop
	}
}

// locate finds a placed car's rung.
func locate(c *Car, stops []Rung) {
	if c.at == "" {
		return
	}
	for i, s := range stops {
		if s.Point == c.at {
			if c.pos == -0.5 {
				c.At = -1
				return
			}
			c.At = i
			c.pos = float64(i)
			if c.Between {
				c.pos += 0.5
			}
			return
		}
	}
	c.pos, c.Between, c.Waiting = -1, false, false // its trip is not on this rail (old passages)
}

// headways fills each car's headway to its leader, the vehicle whose trip
// the timetable runs last before its own on the rail (the pairs of the
// line's timetable, as a passenger at the stop counts them): at the last
// stop the follower reached, the time between the two arriving there
// (the follower's has happened; the leader's too unless the follower
// overtook it, then it is the leader's predicted arrival and the headway
// is negative); for a follower still waiting at its first stop, between
// the leader's departure there and its predicted one. Against the
// scheduled times of the two trips at the same stop. Where two vehicles
// run side by side, position alone cannot say which is ahead; the
// timetable can, so a pair is the same pair whichever leads on the road.
// Without a leader by the timetable (its trip's times lack the stop) the
// vehicle ahead on the road is taken.
func headways(cars []Car) {
	for i := 1; i < len(cars); i++ {
		b := &cars[i]
		if b.pos < -0.75 || b.passed == nil {
			continue
		}
		at, arrival := b.next, false
		if !b.Waiting && b.at != "" {
			at, arrival = b.at, true
		}
		tb, okB := b.passed[at]
		if !arrival {
			tb.arr, tb.schedArr = tb.actual, tb.sched
		}
		if !okB || tb.arr.IsZero() {
			continue
		}
		li := leader(cars, i, at, tb.schedArr, arrival)
		if li < 0 {
			continue
		}
		a := &cars[li]
		ta := a.passed[at]
		if !arrival {
			ta.arr, ta.schedArr = ta.actual, ta.sched
		}
		if ta.arr.IsZero() {
			continue
		}
		b.Headway = tb.arr.Sub(ta.arr)
		b.HasHeadway, b.Point, b.Leader = true, at, a.Vehicle
		if b.Headway < 0 {
			b.Overtook = a.Vehicle
		}
		if !tb.schedArr.IsZero() && !ta.schedArr.IsZero() {
			b.Scheduled = tb.schedArr.Sub(ta.schedArr).Abs()
		}
		if b.Flag == FlagOK {
			b.Flag = Classify(b.Headway, b.Scheduled)
		}
	}
}

// leader is the index of car i's leader at the stop at where car i is due
// (by the timetable) at sched: the car placed on the rail whose trip is
// scheduled there last before it; without one, the car ahead on the road
// (i-1) when it has times at the stop; -1 when none has.
func leader(cars []Car, i int, at model.StopPointCode, sched time.Time, arrival bool) int {
	best, bi := time.Time{}, -1
	if !sched.IsZero() {
		for j := range cars {
			c := &cars[j]
			if j == i || c.passed == nil || c.pos < -0.75 {
				continue
			}
			t, ok := c.passed[at]
			s := t.schedArr
			if !arrival || s.IsZero() {
				s = t.sched
			}
			if ok && !s.IsZero() && s.Before(sched) && s.After(best) {
				best, bi = s, j
			}
		}
	}
	if bi >= 0 {
		return bi
	}
	if _, ok := cars[i-1].passed[at]; ok && cars[i-1].pos >= -0.75 {
		return i - 1
	}
	return -1
}

// nextTime is the car's predicted time at the stop it reaches next.
func (c *Car) nextTime() time.Time { return c.passed[c.next].actual }

// Classify judges a headway against the scheduled one: bunched, gap or
// ok (ok too when there is no scheduled headway to judge by).
func Classify(actual, scheduled time.Duration) Flag {
	if scheduled <= 0 {
		return FlagOK
	}
	r := float64(actual) / float64(scheduled)
	switch {
	case r <= BunchedRatio:
		return FlagBunched
	case r >= GapRatio:
		return FlagGap
	}
	return FlagOK
}

// ghosts are the rail's trips under way by the timetable that no vehicle
// runs: arrivals of the line at the rail's last stop point without a
// vehicle whose trip started (by the timetable) GhostAfter or more ago.
// A trip's start is its scheduled arrival there less the line's running
// time, read from the timetable times of the vehicles on the rail. The
// ghost stands at the stop where the timetable has it now.
func ghosts(r *Rail, in Input) []Car {
	if len(r.Stops) == 0 {
		return nil
	}
	offs := offsets(r)
	last := len(r.Stops) - 1
	if offs == nil || offs[last] <= 0 {
		return nil // no running time known: no trip's start either
	}
	var out []Car
	for _, e := range in.Ends[r.Stops[last].Point] {
		if e.Line() != in.Line || e.VehicleNumber != 0 || e.Gone() || !e.Scheduled.Known() {
			continue
		}
		start := e.Scheduled.Add(-offs[last])
		if in.Now.Sub(start) < GhostAfter || !in.Now.Before(e.Scheduled.Time) {
			continue
		}
		at := 0
		for k := range offs {
			if offs[k] >= 0 && !start.Add(offs[k]).After(in.Now) {
				at = k
			}
		}
		out = append(out, Car{At: at, Between: at < last, Stop: r.Stops[at].Name, Start: start, Age: -1,
			Flag: FlagGhost, pos: -1})
	}
	slices.SortFunc(out, func(a, b Car) int { return a.Start.Compare(b.Start) })
	return out
}

// offsets are the timetable's times of the rail's stops after its first
// (-1 where unknown), from a vehicle on the rail whose trip has times at
// the first and the last stop; nil without one.
func offsets(r *Rail) []time.Duration {
	first, last := r.Stops[0].Point, r.Stops[len(r.Stops)-1].Point
	for i := range r.Vehicles {
		p := r.Vehicles[i].passed
		t0, ok0 := p[first]
		tn, okn := p[last]
		if !ok0 || !okn || t0.sched.IsZero() || tn.schedArr.IsZero() {
			continue
		}
		out := make([]time.Duration, len(r.Stops))
		for k, s := range r.Stops {
			out[k] = -1
			if t, ok := p[s.Point]; ok && !t.schedArr.IsZero() {
				out[k] = t.schedArr.Sub(t0.sched)
			}
		}
		out[0] = 0
		return out
	}
	return nil
}
