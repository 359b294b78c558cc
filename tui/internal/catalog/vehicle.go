package catalog

// Vehicle are the vehicle pane's texts: the vehicle's trip and load, its
// passages, the map's legend and the delay sparkline's scale.
type Vehicle struct {
	Capacity, TripDeviation, LateBy, EarlyBy  string // "%d seats, %d standing", "deviation", "+%d min late", "%d min early"
	Reported, AtStopName, NextStop, Over      string // "reported %s", "at %s", "next %s", "over %s"
	PollN, PollsN, Predicted                  string // "1 poll", "%d polls", a passage status
	PassStop, PassPlat, PassLive, PassDev     string // passage column titles
	TripStarts, PrevStop, Between, AtTime     string // "trip starts %s", "the previous stop", "between %s and %s", "at %s"
	InTime, LoadingRoute, NoRouteMap, NoTrack string // "in %s", …, "No route map: %s", …
	OutOfService, OutOfServiceTail, TripEnded string // "Out of service since %s", …, "Trip ended at %s"
	TripEndedTail, VehUnavailable, NotInNow   string // …, "Vehicle not available: %s", …
	LoadingVehicle                            string // "Loading vehicle %d…"
	VehUnknown                                string // "The service knows no vehicle %d."

	// The map's legend and the sparkline's scale ("0…+3 min").
	MapTerminus, MapStop, MapVehicle, SparkScale string
}

func englishVehicle() Vehicle {
	return Vehicle{
		Capacity: "%d seats, %d standing", TripDeviation: "deviation", LateBy: "+%d min late", EarlyBy: "%d min early",
		Reported: "reported %s", AtStopName: "at %s", NextStop: "next %s", Over: "over %s",
		PollN: "1 poll", PollsN: "%d polls", Predicted: "predicted",
		PassStop: "STOP", PassPlat: "PL", PassLive: "LIVE", PassDev: "+/-",
		TripStarts: "trip starts %s", PrevStop: "the previous stop", Between: "between %s and %s", AtTime: "at %s",
		MapTerminus: "terminus", MapStop: "stop", MapVehicle: "vehicle", SparkScale: "%s…%s min",
		InTime: "in %s", LoadingRoute: "Loading the route…", NoRouteMap: "No route map: %s",
		NoTrack:          "The service sent no track for this trip.",
		OutOfService:     "Out of service since %s",
		OutOfServiceTail: ": its last trip is shown; it is picked up again on its next trip.",
		TripEnded:        "Trip ended at %s", TripEndedTail: ": waiting for the vehicle's next trip.",
		VehUnavailable: "Vehicle not available: %s", VehUnknown: "The service knows no vehicle %d.",
		NotInNow:       "Not in service now. The pane picks the vehicle up when it starts its next trip.",
		LoadingVehicle: "Loading vehicle %d…",
	}
}

func germanVehicle() Vehicle {
	return Vehicle{
		Capacity: "%d Sitz-, %d Stehplätze", TripDeviation: "Abweichung", LateBy: "+%d Min verspätet", EarlyBy: "%d Min zu früh",
		Reported: "gemeldet %s", AtStopName: "Halt %s", NextStop: "nächster Halt %s", Over: "über %s",
		PollN: "1 Abruf", PollsN: "%d Abrufe", Predicted: "erwartet",
		PassStop: "HALT", PassPlat: "ST", PassLive: "IST", PassDev: "+/-",
		TripStarts: "Fahrt beginnt %s", PrevStop: "dem vorigen Halt", Between: "zwischen %s und %s", AtTime: "um %s",
		MapTerminus: "Endhalt", MapStop: "Halt", MapVehicle: "Fahrzeug", SparkScale: "%s…%s Min",
		InTime: "in %s", LoadingRoute: "Strecke wird geladen…", NoRouteMap: "Keine Streckenkarte: %s",
		NoTrack:          "Der Dienst lieferte keinen Streckenverlauf für diese Fahrt.",
		OutOfService:     "Außer Dienst seit %s",
		OutOfServiceTail: ": die letzte Fahrt wird gezeigt; mit der nächsten Fahrt geht es weiter.",
		TripEnded:        "Fahrt endete: %s", TripEndedTail: ": warte auf die nächste Fahrt des Fahrzeugs.",
		VehUnavailable: "Fahrzeug nicht verfügbar: %s", VehUnknown: "Der Dienst kennt kein Fahrzeug %d.",
		NotInNow:       "Derzeit nicht im Dienst. Die Ansicht zeigt das Fahrzeug, sobald es die nächste Fahrt beginnt.",
		LoadingVehicle: "Fahrzeug %d wird geladen…",
	}
}
