package testkit

import (
	"time"

	"abfahrt/exceptions"
	"abfahrt/model"
)

// FleetTrips are the fixture's trips for the fleet view at T0: six
// vehicles in service (trams 44 and 53, buses 151 to 182, their delays and
// position ages varied) and one not in service (190), which is not listed.
func FleetTrips() []model.Trip {
	trip := func(v int, cat model.VehicleCategory, line, dir string, dev int, age time.Duration) model.Trip {
		return model.Trip{VehicleNumber: v, VehicleCategory: cat, IsActive: true,
			PositionData: &model.Coordinates{Point: model.Point{Latitude: 48.4, Longitude: 9.98, Valid: true}},
			TimeData:     &model.TripTime{Deviation: dev, ReferenceTime: model.At(T0.Add(-age))},
			JourneyData:  &model.Journey{RouteNumber: AtoiOr(line), RouteName: line, DepartureDirectionText: dir}}
	}
	return []model.Trip{
		trip(44, model.VehicleTram, "2", "Science Park II", 189, 5*time.Second),
		trip(53, model.VehicleTram, "1", "Söflingen", 60, 12*time.Second),
		trip(151, model.VehicleBus, "4", "Böfingen", 0, 3*time.Second),
		trip(161, model.VehicleBus, "7", "Kuhberg", 420, 8*time.Second),
		trip(170, model.VehicleBus, "10", "Pfuhl über Offenhausen, Neu-Ulm Bahnhof", -50, 4*time.Minute),
		trip(182, model.VehicleBus, "12", "Neu-Ulm Wiley Süd", 250, 20*time.Second),
		{VehicleNumber: 190, VehicleCategory: model.VehicleBus}, // not in service: not listed
	}
}

// QueueLines is a constructed stand-in for the line ladder in the
// exception queue's tests: line 2 has a bunched pair (vehicles 22 and 23,
// 1 min apart), line 5 a ghost trip.
var QueueLines = exceptions.LineFlagsFunc(func(line string, _ *exceptions.Snapshot) []exceptions.Item {
	switch line {
	case "2":
		return []exceptions.Item{{Kind: exceptions.Bunched, Line: "2", Direction: "Kuhberg", Vehicle: 22, Other: 23, Seconds: 60,
			Plan: 8 * time.Minute, StopName: "Theater", NextStop: "Hauptbahnhof", Detail: "1 min behind 23 (plan 8 min)"}}
	case "5":
		return []exceptions.Item{{Kind: exceptions.Ghost, Line: "5", Direction: "Wiblingen", Ref: "12:20", StopName: "Donauhalle", Detail: "no vehicle for the 12:20 start"}}
	}
	return nil
})

// QueueTrip is a tram of line in service at now, dev seconds late, its
// position reported age ago, towards dir.
func QueueTrip(n int, line, dir string, dev int, now time.Time, age time.Duration) model.Trip {
	return model.Trip{VehicleNumber: n, VehicleCategory: model.VehicleTram, IsActive: true,
		TimeData:    &model.TripTime{Deviation: dev, ReferenceTime: model.At(now.Add(-age))},
		JourneyData: &model.Journey{RouteNumber: AtoiOr(line), RouteName: line, DepartureDirectionText: dir}}
}
