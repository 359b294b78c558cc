package ui

import (
	"fmt"
)

// DispTexts is the dispatcher's section of the text catalogue (texts,
// i18n.go, embeds it): the grid, merged and fleet views and the pins.
// Every field has a value in both languages, and formats use the same
// verbs (TestDispTextsComplete).
type DispTexts struct {
	// Grid.
	Boards      string // "%d boards"
	OneBoard    string // "1 board"
	OneFresh    string // "1 board fresh"
	LateN       string // "%d late >%d min": vehicles, DelayRule.Late
	NoData      string // instead of LateN while no watched board has had an answer
	Worst       string // "worst +%d min: %s → %s" (minutes, line, direction)
	WorstAt     string // " at %s" (stop)
	StaleBoards string // "◷ %d stale"
	// UnknownBoards counts the boards of stops the service does not know.
	UnknownBoards string // "✗ %d not found"
	BoardsFresh   string // "%d boards fresh"
	AllFresh      string
	Page          string // "page %d/%d"
	Arr           string // arrivals, short
	Pl            string // "pl. %s": one platform
	LineF         string // "line %s": a line filter
	NoAnswer      string // "no answer: %s"
	GridLoading   string
	NoMatch       string
	NothingSoon   string

	// Merged view.
	Merged      string
	MergedCount string // "%s from %s": DepartureCount (or OneDeparture), Boards (or OneBoard)
	ColStop     string

	// DepartureCount and OneDeparture count the merged view's rows.
	DepartureCount, OneDeparture string // "%d departures", "1 departure"

	// Fleet view.
	Fleet        string
	InService    string // "%d in service"
	WorstVehicle string // "worst +%d min: %s → %s (%s)" (minutes, line, direction, vehicle)
	SortedDelay  string
	SortedLine   string
	ColReported  string
	FleetLoading string
	FleetNone    string

	// Pins and the status bar.
	Pinned         string // "pinned %s"
	Unpinned       string // "unpinned %s"
	StateKeptAside string // "%s could not be read; kept as %s" (file, set-aside file)
	StateLeft      string // "%s could not be read; left as it is, changes are not saved"
	StateCapped    string // "%s: only the first %d of %d are used"
	PinsFull       string // "at most %d pins"
	PinsNotSaved   string // "pins not saved: %s"
	BoardsNotSaved string // "watched boards not saved: %s"
	RestoredOne    string // a plain start opened the one watched board of boards.json
	RestoredMany   string // "%d watched boards from boards.json …": a plain start opened them
	AlreadyWatched string
	GridFull       string // "the grid holds at most %d boards"
	RemoveAsk      string // "x again removes board %d (%s)": board number, name
	RemoveMark     string // a cell's mark while its removal waits for the second x
	ReqRate        string // "%d req/min"

	// Key help.
	KeyWatch, KeyPin, KeyUnpin, KeyMerged, KeyFleet, KeySortLine, KeySortDelay string
	KeyZoom, KeyPrevBoard, KeyNextBoard, KeyOpenPin, KeyFocusBoard, KeyRemove  string
	KeyLine, KeyDirection, KeyToGrid                                           string
	KeyClearFilters                                                            string
}

// EnglishDispTexts is the English catalogue.
func EnglishDispTexts() DispTexts {
	return DispTexts{
		Boards: "%d boards", OneBoard: "1 board", OneFresh: "1 board fresh", LateN: "%d late >%d min", NoData: "no data", Worst: "worst +%d min: %s → %s", WorstAt: " at %s",
		StaleBoards: "◷ %d stale", UnknownBoards: "✗ %d not found", BoardsFresh: "%d boards fresh", AllFresh: "all fresh", Page: "page %d/%d",
		Arr: "arr.", Pl: "pl. %s", LineF: "line %s", NoAnswer: "no answer: %s", GridLoading: "loading…",
		NoMatch: "nothing matches the filters", NothingSoon: "nothing in the next hour",

		Merged: "All boards", MergedCount: "%s from %s", ColStop: "STOP",
		DepartureCount: "%d departures", OneDeparture: "1 departure",

		Fleet: "Fleet", InService: "%d in service", WorstVehicle: "worst +%d min: %s → %s (%s)",
		SortedDelay: "by delay", SortedLine: "by line", ColReported: "REPORTED",
		FleetLoading: "loading vehicles…", FleetNone: "no vehicle in service",

		Pinned: "pinned %s", Unpinned: "unpinned %s", StateKeptAside: "%s could not be read; kept as %s",
		StateLeft:   "%s could not be read; left as it is, changes are not saved",
		StateCapped: "%s: only the first %d of %d are used", PinsFull: "at most %d pins",
		PinsNotSaved: "pins not saved: %s", AlreadyWatched: "already watched",
		BoardsNotSaved: "watched boards not saved: %s",
		RestoredOne:    "watched board from boards.json (kept with w) · esc: grid, x there removes it",
		RestoredMany:   "%d watched boards from boards.json (kept with w) · x removes one",
		GridFull:       "the grid holds at most %d boards", ReqRate: "%d req/min",
		RemoveAsk: "x again removes board %d (%s); any other key keeps it", RemoveMark: "✗ remove? x",

		KeyWatch: "watch", KeyPin: "pin stop", KeyUnpin: "unpin stop", KeyMerged: "merged",
		KeyFleet: "fleet", KeySortLine: "sort by line", KeySortDelay: "sort by delay", KeyZoom: "zoom",
		KeyPrevBoard: "previous board", KeyNextBoard: "next board", KeyOpenPin: "open pin",
		KeyFocusBoard: "focus board", KeyRemove: "remove board", KeyLine: "line filter",
		KeyDirection: "direction filter", KeyToGrid: "grid",
		KeyClearFilters: "clear filters",
	}
}

// GermanDispTexts is the German catalogue.
func GermanDispTexts() DispTexts {
	return DispTexts{
		Boards: "%d Tafeln", OneBoard: "1 Tafel", OneFresh: "1 Tafel aktuell", LateN: "%d verspätet >%d Min", NoData: "keine Daten", Worst: "max. +%d Min: %s → %s", WorstAt: " (%s)",
		StaleBoards: "◷ %d veraltet", UnknownBoards: "✗ %d nicht gefunden", BoardsFresh: "%d Tafeln aktuell", AllFresh: "alle aktuell",
		Page: "Seite %d/%d", Arr: "Ank.", Pl: "Steig %s", LineF: "Linie %s", NoAnswer: "keine Antwort: %s",
		GridLoading: "lädt…", NoMatch: "nichts passt zu den Filtern", NothingSoon: "nichts in der nächsten Stunde",

		Merged: "Alle Tafeln", MergedCount: "%s von %s", ColStop: "HALTESTELLE",
		DepartureCount: "%d Abfahrten", OneDeparture: "1 Abfahrt",

		Fleet: "Flotte", InService: "%d im Einsatz", WorstVehicle: "max. +%d Min: %s → %s (%s)",
		SortedDelay: "nach Verspätung", SortedLine: "nach Linie", ColReported: "GEMELDET",
		FleetLoading: "lade Fahrzeuge…", FleetNone: "kein Fahrzeug im Einsatz",

		Pinned: "%s gemerkt", Unpinned: "%s nicht mehr gemerkt", StateKeptAside: "%s nicht lesbar; aufbewahrt als %s",
		StateLeft:   "%s nicht lesbar; bleibt unverändert, Änderungen werden nicht gespeichert",
		StateCapped: "%s: nur die ersten %d von %d werden verwendet", PinsFull: "höchstens %d Favoriten",
		PinsNotSaved: "Favoriten nicht gespeichert: %s", AlreadyWatched: "wird schon beobachtet",
		BoardsNotSaved: "beobachtete Tafeln nicht gespeichert: %s",
		RestoredOne:    "beobachtete Tafel aus boards.json (mit w behalten) · esc: Übersicht, dort entfernt x sie",
		RestoredMany:   "%d beobachtete Tafeln aus boards.json (mit w behalten) · x entfernt eine",
		GridFull:       "höchstens %d Tafeln", ReqRate: "%d Anfr./Min",
		RemoveAsk: "x noch einmal entfernt Tafel %d (%s); jede andere Taste behält sie", RemoveMark: "✗ entfernen? x",

		KeyWatch: "beobachten", KeyPin: "merken", KeyUnpin: "nicht merken", KeyMerged: "alle Tafeln",
		KeyFleet: "Flotte", KeySortLine: "nach Linie", KeySortDelay: "nach Verspätung", KeyZoom: "vergrößern",
		KeyPrevBoard: "vorige Tafel", KeyNextBoard: "nächste Tafel", KeyOpenPin: "Favorit öffnen",
		KeyFocusBoard: "Tafel wählen", KeyRemove: "Tafel entfernen", KeyLine: "Linienfilter",
		KeyDirection: "Richtungsfilter", KeyToGrid: "Übersicht",
		KeyClearFilters: "Filter löschen",
	}
}

// Count is one for n == 1, else many with n: "1 board", "2 boards".
func (dt *DispTexts) Count(one, many string, n int) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}
