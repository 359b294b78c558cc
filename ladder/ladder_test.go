package ladder

import (
	"strconv"
	"testing"
	"time"

	"abfahrt/model"
)

var t0 = time.Date(2026, 11, 25, 8, 0, 0, 0, model.Berlin)

const interval = 15 * time.Second

// route is line 4 with six stops, direction 1 A→F, direction 2 F→A.
func route() model.Route {
	var there, back []model.PatternStopRef
	for i := range 6 {
		there = append(there, stop(i))
		back = append([]model.PatternStopRef{stop(i + 10)}, back...)
	}
	return model.Route{RouteNumber: 4, RouteName: "4",
		RouteDirections: []model.RouteDirection{{Direction: 1, DirectionName: "F"}, {Direction: 2, DirectionName: "A"}},
		RoutePattern:    []model.RoutePattern{{PatternDirection: 1, StopPoints: there}, {PatternDirection: 2, StopPoints: back}}}
}

func stop(i int) model.PatternStopRef {
	return model.PatternStopRef{StopNumber: 1000 + i, StopName: "S" + strconv.Itoa(i), StopPointCode: model.CodeFor(1000+i, 1)}
}

// run is a vehicle on a trip of direction dir that starts (scheduled) at
// start, 2 min between stops, late by delay throughout; reported age ago.
type run struct {
	vehicle int
	dir     int
	start   time.Time
	delay   time.Duration
	age     time.Duration
}

func (r run) trip(now time.Time) model.Trip {
	return model.Trip{VehicleNumber: r.vehicle, IsActive: true,
		TimeData:    &model.TripTime{Deviation: int(r.delay / time.Second), ReferenceTime: model.At(now.Add(-r.age))},
		JourneyData: &model.Journey{RouteNumber: 4, RouteName: "4", Direction: r.dir, DepartureDirectionText: map[int]string{1: "F", 2: "A"}[r.dir]}}
}

func (r run) passages() model.VehiclePassages {
	ro := route()
	vp := model.VehiclePassages{VehicleNumber: r.vehicle, RouteNumber: 4, RouteName: "4"}
	for i, s := range ro.RoutePattern[r.dir-1].StopPoints {
		sched := r.start.Add(time.Duration(i) * 2 * time.Minute)
		act := sched.Add(r.delay)
		p := model.Passage{StopNumber: s.StopNumber, StopName: s.StopName, StopPointCode: s.StopPointCode,
			ArrivalTimeScheduled: model.At(sched), ArrivalTimeActual: model.At(act.Add(-20 * time.Second)),
			ArrivalDeviation: int(r.delay / time.Second), DepartureDeviation: int(r.delay / time.Second)}
		if i < 5 {
			p.DepartureTimeScheduled, p.DepartureTimeActual = model.At(sched), model.At(act)
		}
		vp.Passages = append(vp.Passages, p)
	}
	return vp
}

func build(now time.Time, runs []run, ends map[model.StopPointCode][]model.Event) Ladder {
	in := Input{Line: "4", Now: now, Interval: interval, Routes: []model.Route{route()},
		Passages: map[int]model.VehiclePassages{}, Ends: ends}
	for _, r := range runs {
		in.Trips = append(in.Trips, r.trip(now))
		in.Passages[r.vehicle] = r.passages()
	}
	// a vehicle of another line is left out
	in.Trips = append(in.Trips, model.Trip{VehicleNumber: 999, IsActive: true, JourneyData: &model.Journey{RouteNumber: 5, RouteName: "5", Direction: 1}})
	return Build(in)
}

func car(t *testing.T, l Ladder, dir, vehicle int) Car {
	t.Helper()
	for _, r := range l.Rails {
		if r.Direction != dir {
			continue
		}
		for _, c := range r.Vehicles {
			if c.Vehicle == vehicle {
				return c
			}
		}
	}
	t.Fatalf("vehicle %d not on rail %d: %+v", vehicle, dir, l.Rails)
	return Car{}
}

// Three vehicles 10 min apart by the timetable; 102 runs 6 min late, so it
// is 4 min behind 103 (bunched) and leaves 16 min to 101 ahead (gap).
func TestBunchedAndGap(t *testing.T) {
	now := t0.Add(25 * time.Minute)
	l := build(now, []run{
		{vehicle: 101, dir: 1, start: t0},
		{vehicle: 102, dir: 1, start: t0.Add(10 * time.Minute), delay: 6 * time.Minute},
		{vehicle: 103, dir: 1, start: t0.Add(20 * time.Minute)},
	}, nil)
	r := l.Rails[0]
	if r.Direction != 1 || len(r.Stops) != 6 || r.Towards != "F" {
		t.Fatalf("rail %+v", r)
	}
	var order []int
	for _, c := range r.Vehicles {
		order = append(order, c.Vehicle)
	}
	if len(order) != 3 || order[0] != 101 || order[1] != 102 || order[2] != 103 {
		t.Fatalf("order along the line %v, want 101 (ahead) 102 103", order)
	}
	lead, mid, last := car(t, l, 1, 101), car(t, l, 1, 102), car(t, l, 1, 103)
	if lead.HasHeadway || lead.Flag != FlagOK {
		t.Errorf("the leader has no vehicle ahead: %+v", lead)
	}
	if mid.Headway != 16*time.Minute || mid.Scheduled != 10*time.Minute || mid.Flag != FlagGap {
		t.Errorf("102: headway %v plan %v flag %s, want 16m plan 10m gap", mid.Headway, mid.Scheduled, mid.Flag)
	}
	if last.Headway != 4*time.Minute || last.Scheduled != 10*time.Minute || last.Flag != FlagBunched {
		t.Errorf("103: headway %v plan %v flag %s, want 4m plan 10m bunched", last.Headway, last.Scheduled, last.Flag)
	}
	if mid.Delay != 360 || mid.Stop == "" {
		t.Errorf("102: delay %d stop %q", mid.Delay, mid.Stop)
	}
	if reg := l.Now(); !reg.Known() || reg.N != 2 || reg.CV < 0.59 || reg.CV > 0.61 {
		t.Errorf("regularity of 16 and 4 min: %+v, want cv 0.6 over 2", reg)
	}
}

// Even headways are ok, and 0.5x / 1.5x are the limits.
func TestClassifyLimits(t *testing.T) {
	for _, c := range []struct {
		h, s time.Duration
		f    Flag
	}{{10 * time.Minute, 10 * time.Minute, FlagOK}, {5 * time.Minute, 10 * time.Minute, FlagBunched},
		{301 * time.Second, 10 * time.Minute, FlagOK}, {15 * time.Minute, 10 * time.Minute, FlagGap},
		{899 * time.Second, 10 * time.Minute, FlagOK}, {time.Minute, 0, FlagOK}} {
		if got := Classify(c.h, c.s); got != c.f {
			t.Errorf("Classify(%v, plan %v) = %s, want %s", c.h, c.s, got, c.f)
		}
	}
}

// A trip whose arrival at the last stop is on the board without a
// vehicle, 3 min after its start by the timetable (10 min running time:
// it arrives in 7), is a ghost, where the timetable has it now (left S1);
// one that started 1 min ago is not yet, one that would have arrived
// already is over, one not started is none, one with a vehicle never is.
func TestGhost(t *testing.T) {
	now := t0.Add(25 * time.Minute)
	end := model.CodeFor(1005, 1)
	ev := func(v int, at time.Time) model.Event {
		return model.Event{RouteName: "4", RouteNumber: 4, VehicleNumber: v, Scheduled: model.At(at), Actual: model.At(at)}
	}
	l := build(now, []run{{vehicle: 101, dir: 1, start: t0.Add(20 * time.Minute)}}, map[model.StopPointCode][]model.Event{
		end: {ev(0, now.Add(7*time.Minute)), ev(0, now.Add(9*time.Minute)), ev(0, now.Add(-time.Minute)),
			ev(0, now.Add(15*time.Minute)), ev(101, now.Add(5*time.Minute)),
			{RouteName: "5", Scheduled: model.At(now.Add(3 * time.Minute))}},
	})
	var gh []Car
	for _, c := range l.Rails[0].Vehicles {
		if c.Flag == FlagGhost {
			gh = append(gh, c)
		}
	}
	if len(gh) != 1 || !gh[0].Start.Equal(now.Add(-3*time.Minute)) || gh[0].Vehicle != 0 || gh[0].Stop != "S1" || !gh[0].Between {
		t.Fatalf("ghosts %+v, want the one started 3 min ago, past S1", gh)
	}
	for _, c := range l.Rails[1].Vehicles {
		if c.Flag == FlagGhost {
			t.Errorf("a ghost on the other rail: %+v", c)
		}
	}
	// Without a vehicle on the rail the running time is unknown: no ghost
	// is claimed.
	l = build(now, nil, map[model.StopPointCode][]model.Event{end: {ev(0, now.Add(7*time.Minute))}})
	for _, r := range l.Rails {
		for _, c := range r.Vehicles {
			if c.Flag == FlagGhost {
				t.Errorf("a ghost without a running time: %+v", c)
			}
		}
	}
}

// A vehicle whose report is older than two intervals is stale, and stays
// stale whatever its headway.
func TestStale(t *testing.T) {
	now := t0.Add(25 * time.Minute)
	l := build(now, []run{
		{vehicle: 101, dir: 1, start: t0},
		{vehicle: 102, dir: 1, start: t0.Add(10 * time.Minute), delay: 6 * time.Minute, age: 31 * time.Second},
		{vehicle: 103, dir: 1, start: t0.Add(20 * time.Minute), age: 30 * time.Second},
	}, nil)
	if c := car(t, l, 1, 102); c.Flag != FlagStale || c.Age != 31*time.Second {
		t.Errorf("102 reported 31 s ago (interval 15 s): %+v, want stale", c)
	}
	if c := car(t, l, 1, 103); c.Flag != FlagBunched {
		t.Errorf("103 reported 30 s ago, 4 min behind 102 (plan 10): flag %s, want bunched (not stale)", c.Flag)
	}
}

// One vehicle: placed, no headway, ok; no regularity figure.
func TestOneVehicle(t *testing.T) {
	now := t0.Add(5 * time.Minute) // left S2 at 8:04, reaches S3 at 8:06
	l := build(now, []run{{vehicle: 101, dir: 1, start: t0}}, nil)
	c := car(t, l, 1, 101)
	if c.HasHeadway || c.Flag != FlagOK || c.At != 2 || !c.Between || c.Stop != "S2" {
		t.Errorf("lone vehicle %+v, want between S2 and S3, ok, no headway", c)
	}
	if l.Now().Known() {
		t.Errorf("regularity of one vehicle: %+v", l.Now())
	}
	if len(l.Rails) != 2 || len(l.Rails[1].Vehicles) != 0 || len(l.Rails[1].Stops) != 6 {
		t.Errorf("the empty direction still has its rungs: %+v", l.Rails)
	}
}

// Vehicles in both directions are on their own rails; headways are only
// between vehicles of one direction.
func TestBothDirections(t *testing.T) {
	now := t0.Add(15 * time.Minute)
	l := build(now, []run{
		{vehicle: 101, dir: 1, start: t0},
		{vehicle: 201, dir: 2, start: t0.Add(5 * time.Minute)},
		{vehicle: 102, dir: 1, start: t0.Add(10 * time.Minute)},
		{vehicle: 202, dir: 2, start: t0.Add(12 * time.Minute)},
	}, nil)
	if len(l.Rails) != 2 || len(l.Rails[0].Vehicles) != 2 || len(l.Rails[1].Vehicles) != 2 {
		t.Fatalf("rails %+v", l.Rails)
	}
	if c := car(t, l, 1, 102); c.Headway != 10*time.Minute || c.Flag != FlagOK {
		t.Errorf("102 behind 101: %+v", c)
	}
	if c := car(t, l, 2, 202); c.Headway != 7*time.Minute || c.Scheduled != 7*time.Minute || c.Flag != FlagOK {
		t.Errorf("202 behind 201: %+v", c)
	}
	if c := car(t, l, 2, 201); c.HasHeadway || c.At != 5 || c.Stop != "S10" || c.Between {
		t.Errorf("201 leads direction 2: %+v", c)
	}
	if !l.Known {
		t.Error("line 4 is known")
	}
	if u := Build(Input{Line: "77", Now: now, Routes: []model.Route{route()}}); u.Known || len(u.Rails) != 0 {
		t.Errorf("unknown line: %+v", u)
	}
}

// A vehicle without passages yet is listed last, unplaced; a vehicle not
// started yet is before the first stop and measures at the first.
func TestUnplacedAndWaiting(t *testing.T) {
	now := t0.Add(3 * time.Minute)
	in := Input{Line: "4", Now: now, Interval: interval, Routes: []model.Route{route()}, Passages: map[int]model.VehiclePassages{}}
	for _, r := range []run{{vehicle: 101, dir: 1, start: t0}, {vehicle: 102, dir: 1, start: t0.Add(5 * time.Minute)}, {vehicle: 103, dir: 1, start: t0.Add(10 * time.Minute)}} {
		in.Trips = append(in.Trips, r.trip(now))
		if r.vehicle != 103 {
			in.Passages[r.vehicle] = r.passages()
		}
	}
	l := Build(in)
	vs := l.Rails[0].Vehicles
	if len(vs) != 3 || vs[0].Vehicle != 101 || vs[1].Vehicle != 102 || vs[2].Vehicle != 103 {
		t.Fatalf("order %+v", vs)
	}
	if vs[1].At != -1 || vs[1].Stop != "S0" || vs[1].Headway != 5*time.Minute {
		t.Errorf("102 waits at its first stop: %+v", vs[1])
	}
	if vs[2].At != -1 || vs[2].Stop != "" || vs[2].HasHeadway {
		t.Errorf("103 has no passages yet: %+v", vs[2])
	}
}

// TestRegularityInWords: the figure is said as a whole percentage, over
// the positive headways only (an overtaking is not a headway).
func TestRegularityInWords(t *testing.T) {
	r := CV([]time.Duration{6 * time.Minute, 10 * time.Minute, -time.Minute})
	if r.N != 2 || r.Percent() != 25 {
		t.Errorf("6 and 10 min (and an overtaking): %+v, ±%d %%", r, r.Percent())
	}
}
