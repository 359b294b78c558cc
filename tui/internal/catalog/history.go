package catalog

// History are the texts of the recorded history (abfahrt record) in the
// board and the vehicle pane: how punctual a line has been at a stop,
// and a vehicle's runs today.
type History struct {
	HistNone        string // no history database at all
	HistFailed      string // "history: %s" (the error)
	HistHead        string // "line %s at %s" (line, stop)
	HistNothing     string // nothing recorded of the line here in 7 days
	HistNoneYet     string // none today
	HistToday       string
	HistWeek        string
	HistPart        string // "%d departures, %d %% on time, median %s, 90 %% within %s min"
	HistPartOne     string // HistPart of one departure: "1 departure, …"
	HistNoVehicle   string // the vehicle was never recorded
	HistNoRunsToday string
	HistRuns        string // "today %d runs"
	HistRun         string // one run: "today 1 run"
	HistLastSeen    string // "last seen %s"
	KeyHistory      string // the key's help
}

func englishHistory() History {
	return History{
		HistNone:        "no history recorded: abfahrt record (or serve --record) keeps one",
		HistFailed:      "history: %s",
		HistHead:        "line %s at %s",
		HistNothing:     "nothing recorded in the last 7 days",
		HistNoneYet:     "none recorded",
		HistToday:       "today",
		HistWeek:        "7 days",
		HistPart:        "%d departures, %d %% on time, median %s, 90 %% within %s min",
		HistPartOne:     "1 departure, %[2]d %% on time, median %[3]s, 90 %% within %[4]s min",
		HistNoVehicle:   "history: this vehicle was never recorded",
		HistNoRunsToday: "history: no runs recorded today",
		HistRuns:        "today %d runs",
		HistRun:         "today 1 run",
		HistLastSeen:    "last seen %s",
		KeyHistory:      "punctuality",
	}
}

func germanHistory() History {
	return History{
		HistNone:        "keine Aufzeichnung: abfahrt record (oder serve --record) legt eine an",
		HistFailed:      "Aufzeichnung: %s",
		HistHead:        "Linie %s an %s",
		HistNothing:     "in den letzten 7 Tagen nichts aufgezeichnet",
		HistNoneYet:     "nichts aufgezeichnet",
		HistToday:       "heute",
		HistWeek:        "7 Tage",
		HistPart:        "%d Abfahrten, %d %% pünktlich, Median %s, 90 %% bis %s Min",
		HistPartOne:     "1 Abfahrt, %[2]d %% pünktlich, Median %[3]s, 90 %% bis %[4]s Min",
		HistNoVehicle:   "Aufzeichnung: dieses Fahrzeug wurde nie aufgezeichnet",
		HistNoRunsToday: "Aufzeichnung: heute keine Fahrten aufgezeichnet",
		HistRuns:        "heute %d Fahrten",
		HistRun:         "heute 1 Fahrt",
		HistLastSeen:    "zuletzt gesehen %s",
		KeyHistory:      "Pünktlichkeit",
	}
}
