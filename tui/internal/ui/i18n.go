package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/search"
)

// Languages of the catalogue.
const (
	LangEnglish = "en"
	LangGerman  = "de"
)

// Texts is the catalogue of one language: one field per string.
type Texts struct {
	// Board rows.
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

	// Board column titles.
	ColLine, ColDirection, ColPlatform, ColDue string
	// ColFrom heads the direction column of arrivals: where they come from.
	ColFrom string
	// ColNext heads the fleet's column of the stop each vehicle reaches next.
	ColNext                                   string
	ColSched, ColDelay, ColStatus, ColVehicle string

	// Why a board is empty.
	NoneYet    string // "No %s yet: …" (departures/arrivals)
	Loading    string // "Loading %s…"
	NoneOfLine string // "No %s of line %s here soon. …"
	NoneSoon   string // "No %s in the next hour."
	// When a filtered board has no rows (nextrun.go): when its line next
	// runs, taken from the answer, or that the answer's N events hold none.
	LineFrom   string // "%s from %s": line, HH:MM
	NextMatch  string // "next: %s → %s at %s": line, direction, HH:MM
	LineNotInN string // "%s does not run in the next %d %s": line, N, departures
	NoMatchInN string // "nothing matches in the next %d %s"

	// Ages and durations.
	JustNow, SecondsAgo, MinutesAgo, HoursAgo string
	UnderAgo, Under                           string // the status bar's coarse ages: "< %d s ago", "< %d s"
	Seconds, Minutes                          string

	// Status bar.
	Updated string // "updated %s" (an age)
	// Simulated follows the source's name when the answers come from
	// abfahrt's simulation (through a hub): "simulated".
	Simulated string
	// Replay follows it when the answers come from abfahrt replay: "replay
	// · recorded %s" (the day recorded).
	Replay string
	// AgeUnknown is the data's age when a hub or cache said it is stale
	// but not how old: "age unknown".
	AgeUnknown string
	// StaleUnknown is a board's header mark then: "◷ stale · age unknown".
	StaleUnknown      string
	WaitingFirst      string
	Refreshing        string
	RetryIn           string // "retry in %s"
	NextIn            string // "next in %s"
	Failures          string // " (%d failures)"
	SearchUnavailable string // "search unavailable: %s"
	// ClockSkew says the service's clock and the machine's differ:
	// "service time %s · this computer %s" (HH:MM each).
	ClockSkew string
	// Failed requests (errLine): the service's or the system's own words
	// stay as they came.
	ErrHTTP    string // "%d %s" — status code and its English name, e.g. 503 Service Unavailable
	ErrTimeout string // "no answer within %s"
	// ErrGateway and ErrGatewayTimeout are a hub's 502 and 504 ("%d": the
	// status): the service behind it fails or is too slow.
	ErrGateway, ErrGatewayTimeout string
	ErrUnreachable                string // "cannot reach the service: %s"
	ErrUnreadable                 string // "unreadable answer: %s"
	NoStopsForLine                string // "no stops known for line %s"
	// Errors of the system, never shown in Go's words.
	ErrNoAnswer string // "no answer in time"
	ErrCanceled string // "request cancelled"
	ErrSystem   string // "network or system error"
	ErrNotFound string // "unknown to the service"
	// ErrNotRecorded: a replay does not hold the stop or the time.
	ErrNotRecorded string // "not in the recording"
	// NoSuchStop is a board's text when the service knows no such stop
	// ("%s does not exist." with the board's name); it is not polled again.
	NoSuchStop string

	// Too small a terminal.
	TooSmall, NeedSize, TooSmallShort string

	// Help overlay.
	HelpTitle                                              string
	GroupBoard, GroupEverywhere, GroupSearch, GroupVehicle string
	HelpLegend                                             string // "%s": the Planned word; "%[2]d": DelayRule.Late

	// Key help (descriptions; the key names stay as typed).
	KeyQuit, KeyHelp, KeySearch, KeyRefresh, KeyNextPane, KeyPrevPane string
	KeyUp, KeyDown, KeyFirst, KeyLast, KeyArrivals, KeyDepartures     string
	KeyPlatform, KeyVehicle, KeyClose, KeyOpen                        string
	KeyPrevious, KeyNext, KeyCloseHelp                                string
	KeyBack, KeyUpcoming, KeyAllStops, KeyScrollUp, KeyScrollDown     string
	KeyPageUp, KeyPageDown, KeyFollow                                 string
	GroupScroll, GroupRows, GroupViews                                string // help overlay

	// Search overlay.
	SearchPlaceholder, SearchFailed, SearchLoading, SearchReady, SearchNone string
	KindStop, KindPlatform, KindLine, KindVehicle                           string
	LineTitle                                                               string // "Line %s"
	TramN, BusN, VehicleN                                                   string // "Tram %d"
	// CatTram and CatBus name a line's kind in search results.
	CatTram, CatBus string

	// Vehicle pane.
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

	// Kiosk.
	DataDelayed string // banner: "Data delayed since %s" (HH:MM)
	// SimulatedData is the kiosk's line under its header when the answers
	// come from the simulation: "simulated data · not the real network".
	SimulatedData string
	// DelayedUnknown is the banner when a hub said the data is stale but
	// not how old: "Data delayed · age unknown".
	DelayedUnknown string
	Resumes        string // outside the display hours: "Display resumes at %s" (HH:MM)
	FirstDep       string // and then the next real departure: "Next departure %s: %s → %s" (HH:MM, line, direction)
	DataBlanked    string // rows blanked: "No current departure data since %s. …"
	NextDep        string // label of the large countdown
	DateFormat     string // %[1]s weekday, %[2]d day, %[3]s month, %[4]d year
	Weekdays       [7]string
	Months         [12]string

	// W holds the column widths this language needs (not a string).
	W ColWidths

	// The dispatcher's section (grid_text.go): grid, merged and fleet
	// views, pins.
	DispTexts
	// walkTexts are the walking time's texts (walk.go).
	walkTexts
	// perLineTexts are per_line's and the grouped view's (perline.go).
	perLineTexts
	// remindTexts are the reminders' (reminder.go).
	remindTexts
	// kioskTexts are the kiosk's of issue 23 (kiosk_texts.go).
	catalog.Kiosk
	// queueTexts are the exception queue's of issue 25 (queue_texts.go).
	catalog.Queue
	// historyTexts are the recorded history's (history_texts.go).
	catalog.History
	catalog.Palette
	// netTexts say why the service cannot be reached (errline.go).
	netTexts
	// ladderTexts are the line ladder's of issue 25 (ladder_texts.go).
	catalog.Ladder

	// Delay is the delay rule (format.go), kept with the words that say
	// it ("late >3 min").
	Delay DelayRule
}

// ColWidths are the widths of the board columns whose content depends on
// the language.
type ColWidths struct {
	Due, Sched, Delay, Status, Vehicle int
}

// EnglishTexts is the English catalogue.
func EnglishTexts() Texts {
	return Texts{
		DispTexts: EnglishDispTexts(),
		walkTexts: englishWalkTexts(), perLineTexts: englishPerLineTexts(), remindTexts: englishRemindTexts(),
		Now: "now", Min: "min", OnTime: "on time", Planned: "planned",
		DelayLate: "+%d", DelayEarly: "%d",
		Arriving: "arriving", AtStop: "at stop", Departed: "departed", Passed: "passed",
		Gone: "✗ gone", NoLonger: "no longer reported", NoHalt: "passes, no stop",
		SkipsStop: "⚠ line %s: no stop here (alert)", SkipStop: "⚠ lines %s: no stop here (alert)",
		Departures: "Departures", Arrivals: "Arrivals", DeparturesN: "departures", ArrivalsN: "arrivals",
		Platform: "platform %s", AllPlatform: "all platforms", LineOnly: "line %s only",
		StaleSince: "◷ stale since %s", StopN: "Stop %d", StopPointN: "Stop point %s",

		ColLine: "LINE", ColDirection: "DIRECTION", ColFrom: "FROM", ColNext: "NEXT STOP", ColPlatform: "PLAT", ColDue: "DUE",
		ColSched: "SCHED", ColDelay: "DELAY", ColStatus: "STATUS", ColVehicle: "VEH",

		NoneYet:    "No %s yet: the service did not answer.",
		Loading:    "Loading %s…",
		NoneOfLine: "No %s of line %s here soon. esc shows all lines.",
		NoneSoon:   "No %s in the next hour.",
		LineFrom:   "%s from %s", NextMatch: "next: %s → %s at %s",
		LineNotInN: "%s does not run in the next %d %s", NoMatchInN: "nothing matches in the next %d %s",

		JustNow: "just now", SecondsAgo: "%d s ago", MinutesAgo: "%d min ago", HoursAgo: "%d h ago",
		UnderAgo: "< %d s ago", Under: "< %d s",
		Seconds: "%d s", Minutes: "%d min",

		Updated: "updated %s", Simulated: "simulated", Replay: "replay · recorded %s", AgeUnknown: "age unknown", StaleUnknown: "◷ stale · age unknown",
		WaitingFirst: "waiting for the first answer", Refreshing: "refreshing…",
		RetryIn: "retry in %s", NextIn: "next in %s", Failures: " (%d failures)",
		SearchUnavailable: "search unavailable: %s", NoStopsForLine: "no stops known for line %s",
		ClockSkew:  "service time %s · this computer %s",
		ErrGateway: "%d · the service behind the hub cannot be reached", ErrGatewayTimeout: "%d · the service behind the hub did not answer in time",
		ErrHTTP: "%d %s", ErrTimeout: "no answer within %s", ErrUnreachable: "cannot reach the service: %s",
		ErrUnreadable: "unreadable answer: %s",
		ErrNoAnswer:   "no answer in time", ErrCanceled: "request cancelled", ErrSystem: "network or system error",
		ErrNotFound: "unknown to the service", ErrNotRecorded: "not in the recording", NoSuchStop: "%s does not exist (r asks the service again).",

		TooSmall: "terminal too small", NeedSize: "need %d×%d", TooSmallShort: "too small",

		HelpTitle:  "abfahrt — keys",
		GroupBoard: "Board", GroupEverywhere: "Everywhere", GroupSearch: "Search", GroupVehicle: "Vehicle",
		HelpLegend: "Rows: ▮ tram, ● bus, · other; ~ and “%s”: timetable only, no live data. Delay: ✓ on time, +N late (red from +%[2]d), -N early. ⚠ an alert on the line; ◷ data older than two polls; » in N min: leave then to catch it.",

		KeyQuit: "quit", KeyHelp: "help", KeySearch: "search", KeyRefresh: "refresh",
		KeyNextPane: "next pane", KeyPrevPane: "previous pane",
		KeyUp: "up", KeyDown: "down", KeyFirst: "first", KeyLast: "last",
		KeyArrivals: "arrivals", KeyDepartures: "departures", KeyPlatform: "platform",
		KeyVehicle: "vehicle", KeyClose: "close", KeyOpen: "open",
		KeyPrevious: "previous", KeyNext: "next", KeyCloseHelp: "close help",
		KeyBack: "back", KeyUpcoming: "upcoming only", KeyAllStops: "all stops",
		KeyScrollUp: "scroll up", KeyScrollDown: "scroll down", KeyPageUp: "page up", KeyPageDown: "page down",
		KeyFollow: "follow vehicle", GroupScroll: "Scroll", GroupRows: "Walk & rows", GroupViews: "Views",

		SearchPlaceholder: "stop, platform, line or vehicle",
		SearchFailed:      "Base data failed to load: %s",
		SearchLoading:     "Loading stops, lines and vehicles…",
		SearchReady:       "%d stops, platforms, lines and vehicles. Type to search.",
		SearchNone:        "Nothing matches “%s”.",
		KindStop:          "stop", KindPlatform: "platform", KindLine: "line", KindVehicle: "vehicle",
		LineTitle: "Line %s", TramN: "Tram %d", BusN: "Bus %d", VehicleN: "Vehicle %d", CatTram: "tram", CatBus: "bus",

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

		DataDelayed: "Data delayed since %s", SimulatedData: "simulated data · not the real network", DelayedUnknown: "Data delayed · age unknown", Resumes: "Display resumes at %s",
		FirstDep:    "Next departure %s: %s → %s",
		DataBlanked: "No current departure data since %s. Please check the timetable at the stop.",
		NextDep:     "Next departure",
		DateFormat:  "%[1]s, %[2]d %[3]s %[4]d",
		Weekdays:    [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		Months: [12]string{"January", "February", "March", "April", "May", "June", "July",
			"August", "September", "October", "November", "December"},

		Kiosk: catalog.EnglishKiosk(), Queue: catalog.EnglishQueue(), History: catalog.EnglishHistory(), Palette: catalog.EnglishPalette(),
		netTexts: englishNetTexts(), Ladder: catalog.EnglishLadder(),
	}
}

// GermanTexts is the German catalogue.
func GermanTexts() Texts {
	return Texts{
		DispTexts: GermanDispTexts(),
		walkTexts: germanWalkTexts(), perLineTexts: germanPerLineTexts(), remindTexts: germanRemindTexts(),
		Now: "sofort", Min: "Min", OnTime: "pünktlich", Planned: "Fahrplan",
		DelayLate: "+%d Min", DelayEarly: "%d Min",
		Arriving: "fährt ein", AtStop: "am Steig", Departed: "abgefahren", Passed: "vorbei",
		Gone: "✗ weg", NoLonger: "nicht mehr gemeldet", NoHalt: "Durchfahrt, kein Halt",
		SkipsStop: "⚠ Linie %s: hält hier nicht (Störungsmeldung)", SkipStop: "⚠ Linien %s: halten hier nicht (Störungsmeldung)",
		Departures: "Abfahrten", Arrivals: "Ankünfte", DeparturesN: "Abfahrten", ArrivalsN: "Ankünfte",
		Platform: "Steig %s", AllPlatform: "alle Steige", LineOnly: "nur Linie %s",
		StaleSince: "◷ Daten veraltet seit %s", StopN: "Haltestelle %d", StopPointN: "Steig %s",

		ColLine: "LINIE", ColDirection: "RICHTUNG", ColFrom: "VON", ColNext: "NÄCHSTER HALT", ColPlatform: "STEIG", ColDue: "IN",
		ColSched: "PLAN", ColDelay: "VERSP.", ColStatus: "STATUS", ColVehicle: "FZG",

		NoneYet:    "Noch keine %s: der Dienst antwortet nicht.",
		Loading:    "%s werden geladen…",
		NoneOfLine: "In Kürze keine %s der Linie %s. esc zeigt alle Linien.",
		NoneSoon:   "Keine %s in der nächsten Stunde.",
		LineFrom:   "%s ab %s", NextMatch: "nächste: %s → %s um %s",
		LineNotInN: "%s fährt nicht in den nächsten %d %s", NoMatchInN: "nichts passt in den nächsten %d %s",

		JustNow: "gerade eben", SecondsAgo: "vor %d s", MinutesAgo: "vor %d Min", HoursAgo: "vor %d Std",
		UnderAgo: "vor < %d s", Under: "< %d s",
		Seconds: "%d s", Minutes: "%d Min",

		Updated: "aktualisiert %s", Simulated: "simuliert", Replay: "Wiedergabe · aufgenommen %s", AgeUnknown: "Alter unbekannt", StaleUnknown: "◷ Daten veraltet · Alter unbekannt",
		WaitingFirst: "warte auf die erste Antwort", Refreshing: "aktualisiere…",
		RetryIn: "neuer Versuch in %s", NextIn: "nächste in %s", Failures: " (%d Fehlschläge)",
		SearchUnavailable: "Suche nicht verfügbar: %s", NoStopsForLine: "keine Haltestellen der Linie %s bekannt",
		ClockSkew:  "Serverzeit %s · dieser Rechner %s",
		ErrGateway: "%d · Dienst hinter dem Hub nicht erreichbar", ErrGatewayTimeout: "%d · Dienst hinter dem Hub antwortet nicht rechtzeitig",
		ErrHTTP: "HTTP-Fehler %d (%s)", ErrTimeout: "keine Antwort innerhalb von %s", ErrUnreachable: "Dienst nicht erreichbar: %s",
		ErrUnreadable: "unlesbare Antwort: %s",
		ErrNoAnswer:   "keine Antwort in der Zeit", ErrCanceled: "Anfrage abgebrochen", ErrSystem: "Netz- oder Systemfehler",
		ErrNotFound: "dem Dienst unbekannt", ErrNotRecorded: "nicht in der Aufnahme", NoSuchStop: "%s gibt es nicht (r fragt den Dienst erneut).",

		TooSmall: "Terminal zu klein", NeedSize: "mindestens %d×%d", TooSmallShort: "zu klein",

		HelpTitle:  "abfahrt — Tasten",
		GroupBoard: "Tafel", GroupEverywhere: "Überall", GroupSearch: "Suche", GroupVehicle: "Fahrzeug",
		HelpLegend: "Zeilen: ▮ Straßenbahn, ● Bus, · andere; ~ und „%s“: nur Fahrplan, keine Echtzeitdaten. Verspätung: ✓ pünktlich, +N später (rot ab +%[2]d), -N früher. ⚠ Meldung zur Linie; ◷ Daten älter als zwei Abfragen; » in N Min: dann losgehen.",

		KeyQuit: "beenden", KeyHelp: "Hilfe", KeySearch: "suchen", KeyRefresh: "aktualisieren",
		KeyNextPane: "nächster Bereich", KeyPrevPane: "voriger Bereich",
		KeyUp: "hoch", KeyDown: "runter", KeyFirst: "erste", KeyLast: "letzte",
		KeyArrivals: "Ankünfte", KeyDepartures: "Abfahrten", KeyPlatform: "Steig",
		KeyVehicle: "Fahrzeug", KeyClose: "schließen", KeyOpen: "öffnen",
		KeyPrevious: "vorige", KeyNext: "nächste", KeyCloseHelp: "Hilfe schließen",
		KeyBack: "zurück", KeyUpcoming: "nur kommende", KeyAllStops: "alle Halte",
		KeyScrollUp: "nach oben", KeyScrollDown: "nach unten", KeyPageUp: "Seite hoch", KeyPageDown: "Seite runter",
		KeyFollow: "Fahrzeug folgen", GroupScroll: "Blättern", GroupRows: "Weg & Zeilen", GroupViews: "Ansichten",

		SearchPlaceholder: "Haltestelle, Steig, Linie oder Fahrzeug",
		SearchFailed:      "Stammdaten nicht geladen: %s",
		SearchLoading:     "Haltestellen, Linien und Fahrzeuge werden geladen…",
		SearchReady:       "%d Haltestellen, Steige, Linien und Fahrzeuge. Tippen zum Suchen.",
		SearchNone:        "Nichts passt zu „%s“.",
		KindStop:          "Halt", KindPlatform: "Steig", KindLine: "Linie", KindVehicle: "Fahrzeug",
		LineTitle: "Linie %s", TramN: "Straßenbahn %d", BusN: "Bus %d", VehicleN: "Fahrzeug %d", CatTram: "Straßenbahn", CatBus: "Bus",

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

		DataDelayed: "Daten veraltet seit %s", SimulatedData: "simulierte Daten · nicht das echte Netz", DelayedUnknown: "Daten veraltet · Alter unbekannt", Resumes: "Anzeige wieder ab %s Uhr",
		FirstDep:    "Nächste Abfahrt %s Uhr: %s → %s",
		DataBlanked: "Keine aktuellen Abfahrtsdaten seit %s. Bitte beachten Sie den Fahrplanaushang.",
		NextDep:     "Nächste Abfahrt",
		DateFormat:  "%[1]s, %[2]d. %[3]s %[4]d",
		Weekdays:    [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		Months: [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli",
			"August", "September", "Oktober", "November", "Dezember"},

		Kiosk: catalog.GermanKiosk(), Queue: catalog.GermanQueue(), History: catalog.GermanHistory(), Palette: catalog.GermanPalette(),
		netTexts: germanNetTexts(), Ladder: catalog.GermanLadder(),
	}
}

// TextsFor returns the catalogue of a language: "de" (or "de_DE…") is
// German, anything else English.
func TextsFor(lang string) *Texts {
	var t Texts
	if strings.HasPrefix(strings.ToLower(lang), LangGerman) {
		t = GermanTexts()
	} else {
		t = EnglishTexts()
	}
	t.W = t.widths()
	t.Delay = DefaultDelayRule
	return &t
}

// widths computes the board column widths this language needs: the
// widest value or title of each column, at least the English minimum.
func (t *Texts) widths() ColWidths {
	w := func(min int, ss ...string) int {
		for _, s := range ss {
			min = max(min, ansi.StringWidth(s))
		}
		return min
	}
	return ColWidths{
		Due:     w(7, "~"+t.Now, "~59 "+t.Min, t.ColDue),
		Sched:   w(5, t.ColSched),
		Delay:   w(7, t.OnTime, t.Planned, fmt.Sprintf(t.DelayLate, 99), fmt.Sprintf(t.DelayEarly, -9), t.ColDelay),
		Status:  w(8, t.Arriving, t.AtStop, t.Departed, t.Passed, t.ColStatus),
		Vehicle: w(5, t.ColVehicle),
	}
}

// Countdown formats the time until an event: "now" under a minute (and for
// the minute after), "N min" under an hour, the clock time beyond; across
// a change of the clocks, "N min" and then "2h05" for three hours.
func (t *Texts) Countdown(e model.Event, now time.Time) string {
	due, ok := e.DueIn(now)
	switch {
	case !e.Vanished.IsZero():
		return t.Gone // never counted down (issue 23 item 7)
	case !ok:
		return "–"
	case due < time.Minute:
		return t.Now
	case due < time.Hour:
		return strconv.Itoa(int(due/time.Minute)) + " " + t.Min
	case due < acrossChange && offsetOf(e.Due()) != offsetOf(now):
		// Across a change of the clocks the clock time misleads: 03:00
		// under a 02:59 header is 61 minutes away on the night they go
		// back. Minutes, then hours and minutes, as long as it could.
		if due < 100*time.Minute {
			return strconv.Itoa(int(due/time.Minute)) + " " + t.Min
		}
		m := int(due / time.Minute)
		return strconv.Itoa(m/60) + "h" + fmt.Sprintf("%02d", m%60)
	}
	return e.Due().In(model.Berlin).Format("15:04")
}

// acrossChange is how far ahead a countdown across a change of the clocks
// is given as a duration rather than a clock time.
const acrossChange = 3 * time.Hour

// offsetOf is the UTC offset of Ulm's clocks at t.
func offsetOf(t time.Time) int {
	_, off := t.In(model.Berlin).Zone()
	return off
}

// DirHeader is the direction column's title: where departures go, where
// arrivals come from.
func (t *Texts) DirHeader(arrivals bool) string {
	if arrivals {
		return t.ColFrom
	}
	return t.ColDirection
}

// EndsAt reports whether departure e is a trip that ends at the stop
// named stop: its direction is the stop itself, so it departs nowhere.
func EndsAt(e *model.Event, stop string) bool {
	return !e.Arrival && stop != "" && strings.EqualFold(strings.TrimSpace(e.DirectionText), strings.TrimSpace(stop))
}

// DelayText formats an event's delay: "+3", "on time", "-1", or "planned"
// for a timetable-only row; with its severity.
func (t *Texts) DelayText(e model.Event) (string, Severity) {
	if !e.Realtime() {
		return t.Planned, SevPlanned
	}
	return t.Deviation(e.Deviation)
}

// Deviation formats a live deviation in seconds as a board does: "+3",
// "on time", "-1", with its severity.
func (t *Texts) Deviation(sec int) (string, Severity) {
	switch d, sev := t.Delay.Grade(sec); sev {
	case SevOnTime:
		return t.OnTime, sev
	case SevEarly:
		return fmt.Sprintf(t.DelayEarly, d), sev
	case SevSlight, SevLate, SevPlanned, SevMinor:
		return fmt.Sprintf(t.DelayLate, d), sev
	}
	return "", SevPlanned
}

// StatusWord is the passage status worth showing on a board: the default
// "predicted" says nothing and is left out.
func (t *Texts) StatusWord(s model.PassageStatus) string {
	switch s {
	case model.StatusArriving:
		return t.Arriving
	case model.StatusStopping:
		return t.AtStop
	case model.StatusDeparted:
		return t.Departed
	case model.StatusPassed:
		return t.Passed
	case model.StatusPredicted: // says nothing
	}
	return ""
}

// Ago formats an age: "4 s ago", "3 min ago", "2 h ago".
func (t *Texts) Ago(d time.Duration) string {
	switch {
	case d < time.Second:
		return t.JustNow
	case d < time.Minute:
		return fmt.Sprintf(t.SecondsAgo, int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf(t.MinutesAgo, int(d/time.Minute))
	}
	return fmt.Sprintf(t.HoursAgo, int(d/time.Hour))
}

// BarStep is the granularity of the status bar's ages and times to go.
// The bar is redrawn (and its 120 or more cells sent to the terminal) only
// when its text changes, so it does not count seconds: live data is 15 s
// apart, and a failed or late answer is marked at once by the stale
// marker and the error, not by a counter.
const BarStep = 30 * time.Second

// CoarseAgo formats an age for the status bar: "< 30 s ago", then
// whole minutes, rounded ("1 min ago" from 30 s), then hours.
func (t *Texts) CoarseAgo(d time.Duration) string {
	switch {
	case d < BarStep:
		return fmt.Sprintf(t.UnderAgo, int(BarStep/time.Second))
	case d < time.Hour:
		return fmt.Sprintf(t.MinutesAgo, int((d+time.Minute/2)/time.Minute))
	}
	return fmt.Sprintf(t.HoursAgo, int(d/time.Hour))
}

// CoarseIn formats a time to go for the status bar: "< 30 s", then
// minutes rounded up ("2 min" for 61 s), never less than is left.
func (t *Texts) CoarseIn(d time.Duration) string {
	if d <= BarStep {
		return fmt.Sprintf(t.Under, int(BarStep/time.Second))
	}
	return fmt.Sprintf(t.Minutes, int((d+time.Minute-1)/time.Minute))
}

// InDur formats a time to go: "11 s", "2 min".
func (t *Texts) InDur(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second) // round up: "in 0 s" never while waiting
	if s < 120 {
		return fmt.Sprintf(t.Seconds, s)
	}
	return fmt.Sprintf(t.Minutes, s/60)
}

// Date formats a day as people write it: "Friday, 11 September 2026",
// "Freitag, 11. September 2026".
func (t *Texts) Date(d time.Time) string {
	d = d.In(model.Berlin)
	return fmt.Sprintf(t.DateFormat, t.Weekdays[d.Weekday()], d.Day(), t.Months[d.Month()-1], d.Year())
}

// DateIn is the longest form of the date that fits in w cells, in whole
// words: with the year, without it, without the weekday ("Friday, 11
// September 2026", "Friday, 11 September", "11 September"); "" when not
// even the day and month fit.
func (t *Texts) DateIn(d time.Time, w int) string {
	d = d.In(model.Berlin)
	noYear := strings.Replace(t.DateFormat, " %[4]d", "", 1)
	for _, f := range []string{t.DateFormat, noYear, strings.Replace(noYear, "%[1]s, ", "", 1)} {
		s := fmt.Sprintf(f, t.Weekdays[d.Weekday()], d.Day(), t.Months[d.Month()-1], d.Year())
		if ansi.StringWidth(s) <= w {
			return s
		}
	}
	return ""
}

// RowStatus is a board row's status word: a vanished departure says it is
// no longer reported, a row with Status 5 that it passes without stopping.
func (t *Texts) RowStatus(e *model.Event) string {
	switch {
	case !e.Vanished.IsZero():
		return t.NoLonger
	case e.Status == model.StatusPassed:
		return t.NoHalt
	}
	return t.StatusWord(e.Status)
}

// PassageStatus is a passage's status word, "predicted" included.
func (t *Texts) PassageStatus(s model.PassageStatus) string {
	if w := t.StatusWord(s); w != "" {
		return w
	}
	return t.Predicted
}

// DueWord says when something happens: "now", "in 40 s", "in 12 min",
// "at 13:05".
func (t *Texts) DueWord(actual, sched model.Time, now time.Time) string {
	at := actual
	if !at.Known() {
		at = sched
	}
	s := t.ShortDue(at, now)
	switch {
	case s == "" || s == t.Now:
		return t.Now
	case strings.Contains(s, ":"):
		return fmt.Sprintf(t.AtTime, s)
	}
	return fmt.Sprintf(t.InTime, s)
}

// ShortDue is the countdown of a passage, counted as the board counts
// (Countdown): "now" under a minute, "1 min" (not "82 s") to "59 min", the
// clock time from an hour on.
func (t *Texts) ShortDue(at model.Time, now time.Time) string {
	if !at.Known() {
		return ""
	}
	d := at.Sub(now)
	switch {
	case d < time.Minute:
		return t.Now
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " " + t.Min
	}
	return ClockTime(at)
}

// Polls is "1 poll", "3 polls".
func (t *Texts) Polls(n int) string {
	if n == 1 {
		return t.PollN
	}
	return fmt.Sprintf(t.PollsN, n)
}

// RouteCategory names a line's kind in the catalogue's language.
func (t *Texts) RouteCategory(c model.RouteCategory) string {
	switch c {
	case model.RouteTram:
		return t.CatTram
	case model.RouteBus:
		return t.CatBus
	}
	return c.String()
}

// VehicleTitle is "Tram 41", "Bus 151" or "Vehicle 7".
func (t *Texts) VehicleTitle(c model.VehicleCategory, n int) string {
	switch c {
	case model.VehicleTram:
		return fmt.Sprintf(t.TramN, n)
	case model.VehicleBus:
		return fmt.Sprintf(t.BusN, n)
	}
	return fmt.Sprintf(t.VehicleN, n)
}

// KindLabel is the short tag of a result kind.
func (t *Texts) KindLabel(k search.Kind) string {
	switch k {
	case search.KindStop:
		return t.KindStop
	case search.KindStopPoint:
		return t.KindPlatform
	case search.KindLine:
		return t.KindLine
	case search.KindVehicle:
		return t.KindVehicle
	case search.KindAction:
		return t.KindAction
	case search.KindTheme:
		return t.KindTheme
	case search.KindLayout:
		return t.KindLayout
	}
	return ""
}

// perLineTexts are the texts of per_line and the grouped view.
type perLineTexts struct {
	PerLineHead    string // "%d per line"
	GroupedHead    string // "by direction"
	GroupHead      string // "Platform %s → %s"
	NotePerLine    string
	NoteAllPerLine string
	KeyPerLine     string
	KeyGrouped     string
	GroupMore      string // "+%d more": the directions a heading leaves out
}

func englishPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d per line", GroupedHead: "by direction", GroupHead: "Platform %s → %s",
		NotePerLine: "at most %d departures per line and direction", NoteAllPerLine: "all departures of every line",
		KeyPerLine: "per line", KeyGrouped: "by direction", GroupMore: "+%d more"}
}

func germanPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d je Linie", GroupedHead: "nach Richtung", GroupHead: "Steig %s → %s",
		NotePerLine: "höchstens %d Abfahrten je Linie und Richtung", NoteAllPerLine: "alle Abfahrten jeder Linie",
		KeyPerLine: "je Linie", KeyGrouped: "nach Richtung", GroupMore: "+%d weitere"}
}

// remindTexts are the reminders' texts.
type remindTexts struct {
	KeyRemind  string
	RemindOn   string // "reminder: leave at %s for line %s to %s"
	RemindOff  string
	RemindFull string
	RemindNow  string // "⏰ leave now for line %s to %s (%s)"
	// Issue 23 item 10: the warning ahead of the leave time, without a
	// walking time before the departure, and a leave time gone past.
	RemindAhead      string // " (warns %s ahead)"
	RemindOnNoWalk   string // "reminder: %s before line %s to %s leaves (%s) · + sets a walking time"
	RemindOnDepart   string // "reminder: as line %s to %s leaves (%s) · + sets a walking time"
	RemindSoon       string // "Leave in %d min for line %s to %s (%s)"
	RemindDeparts    string // "Line %s to %s leaves in %d min (%s)"
	RemindDepartsNow string // "Line %s to %s leaves now (%s)"
	RemindMayMiss    string // "You may miss line %s to %s (%s)"
	RemindNext       string // "; next %s"
	RemindNone       string // "no departure here to remind of"
}

func englishRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "remind me", RemindOn: "reminder: leave at %s for line %s to %s",
		RemindOff: "reminder removed", RemindFull: "too many reminders", RemindNow: "Leave now for line %s to %s (%s)",
		RemindAhead: " (warns %s ahead)", RemindOnNoWalk: "reminder: %s before line %s to %s leaves (%s) · + sets a walking time",
		RemindOnDepart: "reminder: as line %s to %s leaves (%s) · + sets a walking time",
		RemindSoon:     "Leave in %d min for line %s to %s (%s)", RemindDeparts: "Line %s to %s leaves in %d min (%s)",
		RemindDepartsNow: "Line %s to %s leaves now (%s)", RemindMayMiss: "You may miss line %s to %s (%s)", RemindNext: "; next %s",
		RemindNone: "no departure ahead to remind of"}
}

func germanRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "erinnern", RemindOn: "Erinnerung: um %s losgehen zu Linie %s nach %s",
		RemindOff: "Erinnerung entfernt", RemindFull: "zu viele Erinnerungen", RemindNow: "Jetzt losgehen zu Linie %s nach %s (%s)",
		RemindAhead: " (Warnung %s vorher)", RemindOnNoWalk: "Erinnerung: %s vor Abfahrt von Linie %s nach %s (%s) · + setzt einen Fußweg",
		RemindOnDepart: "Erinnerung: bei Abfahrt von Linie %s nach %s (%s) · + setzt einen Fußweg",
		RemindSoon:     "In %d Min losgehen zu Linie %s nach %s (%s)", RemindDeparts: "Linie %s nach %s fährt in %d Min (%s)",
		RemindDepartsNow: "Linie %s nach %s fährt jetzt (%s)", RemindMayMiss: "Linie %s nach %s ist vielleicht nicht mehr zu erreichen (%s)",
		RemindNext: "; nächste %s", RemindNone: "keine Abfahrt mehr, an die erinnert werden kann"}
}
