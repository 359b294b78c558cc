package catalog

// FleetList are the texts of the fleet: every vehicle in service, by
// delay or by line.
type FleetList struct {
	Fleet        string
	InService    string // "%d in service"
	WorstVehicle string // "worst +%d min: %s → %s (%s)" (minutes, line, direction, vehicle)
	SortedDelay  string
	SortedLine   string
	ColReported  string
	// ColNext heads the column of the stop each vehicle reaches next.
	ColNext      string
	FleetLoading string
	FleetNone    string

	KeyFleet, KeySortLine, KeySortDelay string
}

func englishFleet() FleetList {
	return FleetList{
		Fleet: "Fleet", InService: "%d in service", WorstVehicle: "worst +%d min: %s → %s (%s)",
		SortedDelay: "by delay", SortedLine: "by line", ColReported: "REPORTED", ColNext: "NEXT STOP",
		FleetLoading: "loading vehicles…", FleetNone: "no vehicle in service",
		KeyFleet: "fleet", KeySortLine: "sort by line", KeySortDelay: "sort by delay",
	}
}

func germanFleet() FleetList {
	return FleetList{
		Fleet: "Flotte", InService: "%d im Einsatz", WorstVehicle: "max. +%d Min: %s → %s (%s)",
		SortedDelay: "nach Verspätung", SortedLine: "nach Linie", ColReported: "GEMELDET", ColNext: "NÄCHSTER HALT",
		FleetLoading: "lade Fahrzeuge…", FleetNone: "kein Fahrzeug im Einsatz",
		KeyFleet: "Flotte", KeySortLine: "nach Linie", KeySortDelay: "nach Verspätung",
	}
}
