package testkit

import (
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
)

// LadderStops are line 4's ten stops of the ladder fixture, direction 1
// top down.
var LadderStops = []string{"Lindenhöhe", "Römerplatz", "Ehinger Tor", "Hauptbahnhof", "Theater",
	"Kliniken Michelsberg", "Safranberg", "Eichenplatz", "Egertweg", "Böfingen"}

// LadderPoint is the stop point of stop i of the fixture in direction dir.
func LadderPoint(i, dir int) model.StopPointCode { return model.CodeFor(2001+i, dir) }

// LadderRoute is line 4 of the fixture with both directions' patterns.
func LadderRoute() model.Route {
	var pats [2][]model.PatternStopRef
	for i := range LadderStops {
		pats[0] = append(pats[0], model.PatternStopRef{StopNumber: 2001 + i, StopName: LadderStops[i], StopPointCode: LadderPoint(i, 1)})
		j := len(LadderStops) - 1 - i
		pats[1] = append(pats[1], model.PatternStopRef{StopNumber: 2001 + j, StopName: LadderStops[j], StopPointCode: LadderPoint(j, 2)})
	}
	return model.Route{RouteNumber: 4, RouteName: "4",
		RouteDirections: []model.RouteDirection{{Direction: 1, DirectionName: "Böfingen"}, {Direction: 2, DirectionName: "Lindenhöhe"}},
		RoutePattern:    []model.RoutePattern{{PatternDirection: 1, StopPoints: pats[0]}, {PatternDirection: 2, StopPoints: pats[1]}}}
}

// LadderRun is a vehicle of the fixture's line 4 on a trip starting (by
// the timetable) Start after T0, 2 min between stops, late by Delay; its
// report Age old at T0.
type LadderRun struct {
	Vehicle int
	Dir     int
	Start   time.Duration
	Delay   time.Duration
	Age     time.Duration
}

// Trip is the run's trip record at T0.
func (r LadderRun) Trip() model.Trip {
	towards := map[int]string{1: "Böfingen", 2: "Lindenhöhe"}[r.Dir]
	return model.Trip{VehicleNumber: r.Vehicle, VehicleCategory: model.VehicleBus, IsActive: true,
		TimeData:    &model.TripTime{Deviation: int(r.Delay / time.Second), ReferenceTime: model.At(T0.Add(-r.Age))},
		JourneyData: &model.Journey{RouteNumber: 4, RouteName: "4", Direction: r.Dir, DepartureDirectionText: towards}}
}

// Passages are the run's passages.
func (r LadderRun) Passages() model.VehiclePassages {
	vp := model.VehiclePassages{VehicleNumber: r.Vehicle, RouteNumber: 4, RouteName: "4", Timestamp: model.At(T0)}
	for _, s := range LadderRoute().RoutePattern[r.Dir-1].StopPoints {
		i := len(vp.Passages)
		sched := T0.Add(r.Start + time.Duration(i)*2*time.Minute)
		act := sched.Add(r.Delay)
		p := model.Passage{StopNumber: s.StopNumber, StopName: s.StopName, StopPointCode: s.StopPointCode,
			ArrivalTimeScheduled: model.At(sched), ArrivalTimeActual: model.At(act.Add(-20 * time.Second)),
			ArrivalDeviation: int(r.Delay / time.Second), DepartureDeviation: int(r.Delay / time.Second), SequenceNumber: i + 1}
		if i < len(LadderStops)-1 {
			p.DepartureTimeScheduled, p.DepartureTimeActual = model.At(sched), model.At(act)
		}
		vp.Passages = append(vp.Passages, p)
	}
	return vp
}

// LadderRuns are line 4 at T0, every 6 min by the timetable. Direction 1:
// 101 ahead; 102 4 min late, 10 min behind it (gap); 103 3 min behind 102
// (bunched); 104 waiting at Lindenhöhe, its report a minute old (stale).
// Direction 2: 201 and 202, 6 min apart. InstallLadder adds a ghost trip.
var LadderRuns = []LadderRun{
	{Vehicle: 101, Dir: 1, Start: -16 * time.Minute},
	{Vehicle: 102, Dir: 1, Start: -10 * time.Minute, Delay: 4 * time.Minute},
	{Vehicle: 103, Dir: 1, Start: -4 * time.Minute, Delay: time.Minute},
	{Vehicle: 104, Dir: 1, Start: 2 * time.Minute, Age: time.Minute},
	{Vehicle: 201, Dir: 2, Start: -9 * time.Minute},
	{Vehicle: 202, Dir: 2, Start: -3 * time.Minute},
}

// InstallLadder makes f answer the ladder fixture: line 4's route in the
// base data, its vehicles (and one of line 2) in the fleet with their
// passages, and the last stops' arrivals with a ghost trip that started at
// 12:27 (7 min before T0, 18 min to run: due at Böfingen 12:45, no
// vehicle).
func InstallLadder(f *FakeSource) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.Base.Routes = append(f.Base.Routes, LadderRoute())
	if f.ByVehicle == nil {
		f.ByVehicle = map[int]model.VehiclePassages{}
	}
	for _, r := range LadderRuns {
		f.Fleet = append(f.Fleet, r.Trip())
		f.ByVehicle[r.Vehicle] = r.Passages()
	}
	f.Fleet = append(f.Fleet, model.Trip{VehicleNumber: 44, IsActive: true, JourneyData: &model.Journey{RouteNumber: 2, RouteName: "2", Direction: 1}})
	ev := func(v int, at time.Time) model.Event {
		return model.Event{VehicleNumber: v, RouteNumber: 4, RouteName: "4", DirectionText: "Böfingen",
			Scheduled: model.At(at), Actual: model.At(at)}
	}
	run := time.Duration(len(LadderStops)-1) * 2 * time.Minute
	f.Boards[feeds.Subject{Stop: 2010, Point: LadderPoint(9, 1), Arrivals: true}] = model.Board{StopPointCode: LadderPoint(9, 1),
		Timestamp: model.At(T0), Arrivals: true,
		Events: []model.Event{ev(102, T0.Add(-10*time.Minute+run+4*time.Minute)), ev(0, T0.Add(-7*time.Minute+run)), ev(103, T0.Add(-4*time.Minute+run+time.Minute))}}
	f.Boards[feeds.Subject{Stop: 2001, Point: LadderPoint(0, 2), Arrivals: true}] = model.Board{StopPointCode: LadderPoint(0, 2),
		Timestamp: model.At(T0), Arrivals: true}
}
