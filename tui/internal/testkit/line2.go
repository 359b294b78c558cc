package testkit

import (
	"math"
	"time"

	"abfahrt/model"
)

// line2Stops is tram line 2 towards Science Park II: stop number, name
// and position, with the minutes from the first stop.
var line2Stops = []struct {
	n        int
	name     string
	lon, lat float64
	min      int
}{
	{1390, "Kuhberg Schulzentrum", 9.95548, 48.38351, 0},
	{1383, "Gewerbeschulen Königstraße", 9.96099, 48.38476, 2},
	{1393, "Grimmelfinger Weg", 9.96537, 48.38561, 3},
	{1380, "Saarlandstraße", 9.97047, 48.38797, 5},
	{1360, "Römerplatz", 9.97480, 48.39029, 7},
	{1350, "Ehinger Tor", 9.98103, 48.39471, 9},
	{1008, "Hauptbahnhof", 9.98421, 48.39935, 12},
	{1010, "Theater", 9.98766, 48.40129, 14},
	{1020, "Stadtwerke", 9.98594, 48.40333, 16},
	{1232, "Lehrer Tal", 9.97527, 48.40656, 18},
	{1202, "Multscherschule", 9.96773, 48.40859, 20},
	{1200, "Eselsberg Hasenkopf", 9.96306, 48.41438, 22},
	{1240, "Universität Süd", 9.95663, 48.42202, 24},
	{1241, "Botanischer Garten", 9.95680, 48.42484, 26},
	{1245, "Kliniken Wissenschaftsstadt", 9.94990, 48.42350, 28},
	{1246, "Universität West", 9.94741, 48.42225, 30},
	{1247, "Manfred-Börner-Straße", 9.94287, 48.41982, 31},
	{1248, "Technische Hochschule", 9.93804, 48.41875, 33},
	{1249, "Science Park II", 9.93613, 48.42144, 35},
}

// Line2Trip is tram 44 (the vehicle tests' trip) on line 2 at T0, 189 s late, in phase ph
// relative to stop k (the stop it is at, or the next one it reaches):
// its trip, its passages (Range all) and its pattern.
func Line2Trip(k int, ph model.TripPhase) ([]model.Trip, model.VehiclePassages, model.Pattern) {
	const dev = 189
	// Stop k's actual time is 20 s after T0.
	base := T0.Add(20*time.Second - dev*time.Second - time.Duration(line2Stops[k].min)*time.Minute)
	vp := model.VehiclePassages{VehicleNumber: 44, VehicleCategory: model.VehicleTram, RouteNumber: 2, RouteName: "2",
		Range: "All", Timestamp: model.At(T0)}
	pat := model.Pattern{VehicleNumber: 44, RouteNumber: 2, RouteName: "2", Direction: 2}
	last := len(line2Stops) - 1
	for i, s := range line2Stops {
		sched := base.Add(time.Duration(s.min) * time.Minute)
		act := sched.Add(dev * time.Second)
		st := model.StatusPredicted
		switch {
		case ph == model.PhaseEnded && i == last:
			st = model.StatusStopping
		case ph == model.PhaseEnded, i < k-1, ph == model.PhaseAt && i < k:
			st = model.StatusPassed
		case ph == model.PhaseBetween && i == k-1:
			st = model.StatusDeparted
		case ph == model.PhaseBetween && i == k:
			st = model.StatusArriving
		case ph == model.PhaseAt && i == k:
			st = model.StatusStopping
		}
		code := model.CodeFor(s.n, 2)
		p := model.Passage{StopNumber: s.n, StopName: s.name, StopPointNumber: 2, StopPointCode: code, PlatformName: "B",
			StopPointName: s.name + " Steig B", ArrivalDirectionText: "Kuhberg", DepartureDirectionText: "Science Park II",
			ArrivalTimeScheduled: model.At(sched), ArrivalTimeActual: model.At(act), ArrivalDeviation: dev,
			DepartureTimeScheduled: model.At(sched), DepartureTimeActual: model.At(act.Add(20 * time.Second)),
			DepartureDeviation: dev + 20, Status: st, SequenceNumber: i}
		if i == last {
			p.DepartureTimeScheduled, p.DepartureTimeActual, p.DepartureDeviation = model.Time{}, model.Time{}, 0
		}
		vp.Passages = append(vp.Passages, p)
		pat.StopPoints = append(pat.StopPoints, model.PatternStop{StopNumber: s.n, StopName: s.name, StopPointNumber: 2,
			StopPointCode: code, StopPointCoordinates: model.Coordinates{Point: model.Pt(s.lon, s.lat)}})
		if i < last {
			n := line2Stops[i+1]
			for j := range 12 { // a gentle curve between the stops
				f := float64(j) / 12
				bend := 0.0008 * math.Sin(f*math.Pi)
				pat.TrackPoints = append(pat.TrackPoints, model.TrackPoint{SequenceNumber: len(pat.TrackPoints),
					Longitude: s.lon + (n.lon-s.lon)*f + bend, Latitude: s.lat + (n.lat-s.lat)*f - bend/2})
			}
		}
	}
	pat.TrackPoints = append(pat.TrackPoints, model.TrackPoint{SequenceNumber: len(pat.TrackPoints),
		Longitude: line2Stops[last].lon, Latitude: line2Stops[last].lat})
	// The vehicle: at stop k, or halfway to it.
	at := line2Stops[min(k, last)]
	lon, lat := at.lon, at.lat
	if ph == model.PhaseBetween && k > 0 {
		prev := line2Stops[k-1]
		lon, lat = (prev.lon+at.lon)/2, (prev.lat+at.lat)/2
	}
	if ph == model.PhaseEnded {
		lon, lat = line2Stops[last].lon, line2Stops[last].lat
	}
	trip := model.Trip{VehicleNumber: 44, VehicleCategory: model.VehicleTram, IsActive: true,
		PositionData: &model.Coordinates{Point: model.Pt(lon, lat), Bearing: 40},
		TimeData:     &model.TripTime{Deviation: dev, ReferenceTime: model.At(T0.Add(-5 * time.Second))},
		JourneyData: &model.Journey{RouteNumber: 2, RouteName: "2", ArrivalDirectionText: "Kuhberg",
			DepartureDirectionText: "Science Park II", Direction: 2}}
	return []model.Trip{trip}, vp, pat
}
