package catalog

// Search are the texts of the search overlay (/): its prompt, its state,
// the kinds of result and the titles of lines and vehicles.
type Search struct {
	SearchPlaceholder, SearchFailed, SearchLoading, SearchReady, SearchNone string
	KindStop, KindPlatform, KindLine, KindVehicle                           string
	LineTitle                                                               string // "Line %s"
	TramN, BusN, VehicleN                                                   string // "Tram %d"
	// CatTram and CatBus name a line's kind in search results.
	CatTram, CatBus string
}

func englishSearch() Search {
	return Search{
		SearchPlaceholder: "stop, platform, line or vehicle",
		SearchFailed:      "Base data failed to load: %s",
		SearchLoading:     "Loading stops, lines and vehicles…",
		SearchReady:       "%d stops, platforms, lines and vehicles. Type to search.",
		SearchNone:        "Nothing matches “%s”.",
		KindStop:          "stop", KindPlatform: "platform", KindLine: "line", KindVehicle: "vehicle",
		LineTitle: "Line %s", TramN: "Tram %d", BusN: "Bus %d", VehicleN: "Vehicle %d", CatTram: "tram", CatBus: "bus",
	}
}

func germanSearch() Search {
	return Search{
		SearchPlaceholder: "Haltestelle, Steig, Linie oder Fahrzeug",
		SearchFailed:      "Stammdaten nicht geladen: %s",
		SearchLoading:     "Haltestellen, Linien und Fahrzeuge werden geladen…",
		SearchReady:       "%d Haltestellen, Steige, Linien und Fahrzeuge. Tippen zum Suchen.",
		SearchNone:        "Nichts passt zu „%s“.",
		KindStop:          "Halt", KindPlatform: "Steig", KindLine: "Linie", KindVehicle: "Fahrzeug",
		LineTitle: "Linie %s", TramN: "Straßenbahn %d", BusN: "Bus %d", VehicleN: "Fahrzeug %d", CatTram: "Straßenbahn", CatBus: "Bus",
	}
}
