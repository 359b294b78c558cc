package catalog

// Board are the single board's texts: its rows and their status words,
// its titles and column heads, why it is empty, and its per-line and
// grouped views.
type Board struct {
	// Rows.
	Now        string // countdown under a minute
	Min        string // the minute unit of countdowns: "3 min"
	OnTime     string
	Planned    string // a timetable-only row, no live data
	DelayLate  string // "+%d": minutes late
	DelayEarly string // "%d": minutes early (negative)
	Arriving   string // passage status words
	AtStop     string
	Departed   string
	Passed     string
	// Gone is the countdown of a departure that vanished from the
	// service's answers before its time ("✗ gone"), NoLonger its status
	// word ("no longer reported"); NoHalt a row with Status 5.
	Gone     string
	NoLonger string
	NoHalt   string
	// SkipsStop says which line an alert says skips the board's stop,
	// SkipStop which lines: "⚠ line %s: no stop here (alert)".
	SkipsStop   string
	SkipStop    string
	Departures  string // board titles
	Arrivals    string
	DeparturesN string // the noun inside a sentence: "No departures …"
	ArrivalsN   string
	Platform    string // "platform %s"
	AllPlatform string
	LineOnly    string // "line %s only"
	StaleSince  string // "◷ stale since %s" (HH:MM:SS)
	StopN       string // "Stop %d": a stop without a known name
	StopPointN  string // "Stop point %s"

	// Column heads.
	ColLine, ColDirection, ColPlatform, ColDue string
	// ColFrom heads the direction column of arrivals: where they come from.
	ColFrom                                   string
	ColSched, ColDelay, ColStatus, ColVehicle string

	// Why a board is empty.
	NoneYet    string // "No %s yet: …" (departures/arrivals)
	Loading    string // "Loading %s…"
	NoneOfLine string // "No %s of line %s here soon. …"
	NoneSoon   string // "No %s in the next hour."
	// When a filtered board has no rows: when its line next runs, taken
	// from the answer, or that the answer's N events hold none.
	LineFrom   string // "%s from %s": line, HH:MM
	NextMatch  string // "next: %s → %s at %s": line, direction, HH:MM
	LineNotInN string // "%s does not run in the next %d %s": line, N, departures
	NoMatchInN string // "nothing matches in the next %d %s"

	// Per line (at most N departures of each line and direction) and
	// grouped by direction.
	PerLineHead    string // "%d per line"
	GroupedHead    string // "by direction"
	GroupHead      string // "Platform %s → %s"
	NotePerLine    string
	NoteAllPerLine string
	KeyPerLine     string
	KeyGrouped     string
	GroupMore      string // "+%d more": the directions a heading leaves out
}

func englishBoard() Board {
	return Board{
		Now: "now", Min: "min", OnTime: "on time", Planned: "planned",
		DelayLate: "+%d", DelayEarly: "%d",
		Arriving: "arriving", AtStop: "at stop", Departed: "departed", Passed: "passed",
		Gone: "✗ gone", NoLonger: "no longer reported", NoHalt: "passes, no stop",
		SkipsStop: "⚠ line %s: no stop here (alert)", SkipStop: "⚠ lines %s: no stop here (alert)",
		Departures: "Departures", Arrivals: "Arrivals", DeparturesN: "departures", ArrivalsN: "arrivals",
		Platform: "platform %s", AllPlatform: "all platforms", LineOnly: "line %s only",
		StaleSince: "◷ stale since %s", StopN: "Stop %d", StopPointN: "Stop point %s",

		ColLine: "LINE", ColDirection: "DIRECTION", ColFrom: "FROM", ColPlatform: "PLAT", ColDue: "DUE",
		ColSched: "SCHED", ColDelay: "DELAY", ColStatus: "STATUS", ColVehicle: "VEH",

		NoneYet:    "No %s yet: the service did not answer.",
		Loading:    "Loading %s…",
		NoneOfLine: "No %s of line %s here soon. esc shows all lines.",
		NoneSoon:   "No %s in the next hour.",
		LineFrom:   "%s from %s", NextMatch: "next: %s → %s at %s",
		LineNotInN: "%s does not run in the next %d %s", NoMatchInN: "nothing matches in the next %d %s",

		PerLineHead: "%d per line", GroupedHead: "by direction", GroupHead: "Platform %s → %s",
		NotePerLine: "at most %d departures per line and direction", NoteAllPerLine: "all departures of every line",
		KeyPerLine: "per line", KeyGrouped: "by direction", GroupMore: "+%d more",
	}
}

func germanBoard() Board {
	return Board{
		Now: "sofort", Min: "Min", OnTime: "pünktlich", Planned: "Fahrplan",
		DelayLate: "+%d Min", DelayEarly: "%d Min",
		Arriving: "fährt ein", AtStop: "am Steig", Departed: "abgefahren", Passed: "vorbei",
		Gone: "✗ weg", NoLonger: "nicht mehr gemeldet", NoHalt: "Durchfahrt, kein Halt",
		SkipsStop: "⚠ Linie %s: hält hier nicht (Störungsmeldung)", SkipStop: "⚠ Linien %s: halten hier nicht (Störungsmeldung)",
		Departures: "Abfahrten", Arrivals: "Ankünfte", DeparturesN: "Abfahrten", ArrivalsN: "Ankünfte",
		Platform: "Steig %s", AllPlatform: "alle Steige", LineOnly: "nur Linie %s",
		StaleSince: "◷ Daten veraltet seit %s", StopN: "Haltestelle %d", StopPointN: "Steig %s",

		ColLine: "LINIE", ColDirection: "RICHTUNG", ColFrom: "VON", ColPlatform: "STEIG", ColDue: "IN",
		ColSched: "PLAN", ColDelay: "VERSP.", ColStatus: "STATUS", ColVehicle: "FZG",

		NoneYet:    "Noch keine %s: der Dienst antwortet nicht.",
		Loading:    "%s werden geladen…",
		NoneOfLine: "In Kürze keine %s der Linie %s. esc zeigt alle Linien.",
		NoneSoon:   "Keine %s in der nächsten Stunde.",
		LineFrom:   "%s ab %s", NextMatch: "nächste: %s → %s um %s",
		LineNotInN: "%s fährt nicht in den nächsten %d %s", NoMatchInN: "nichts passt in den nächsten %d %s",

		PerLineHead: "%d je Linie", GroupedHead: "nach Richtung", GroupHead: "Steig %s → %s",
		NotePerLine: "höchstens %d Abfahrten je Linie und Richtung", NoteAllPerLine: "alle Abfahrten jeder Linie",
		KeyPerLine: "je Linie", KeyGrouped: "nach Richtung", GroupMore: "+%d weitere",
	}
}
