package catalog

// Grid are the texts of the grid of boards: its header's counts, a cell's
// title and state, the board filters' summary, its keys and the request
// rate of its status bar.
type Grid struct {
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
	// Removing a board takes x twice, so one key pressed by mistake
	// loses nothing.
	RemoveAsk  string // "x again removes board %d (%s)": board number, name
	RemoveMark string // a cell's mark while its removal waits for the second x
	ReqRate    string // "%d req/min"

	KeyZoom, KeyPrevBoard, KeyNextBoard, KeyFocusBoard, KeyRemove string
	KeyLine, KeyDirection, KeyToGrid                              string
	KeyClearFilters                                               string
}

func englishGrid() Grid {
	return Grid{
		Boards: "%d boards", OneBoard: "1 board", OneFresh: "1 board fresh", LateN: "%d late >%d min", NoData: "no data", Worst: "worst +%d min: %s → %s", WorstAt: " at %s",
		StaleBoards: "◷ %d stale", UnknownBoards: "✗ %d not found", BoardsFresh: "%d boards fresh", AllFresh: "all fresh", Page: "page %d/%d",
		Arr: "arr.", Pl: "pl. %s", LineF: "line %s", NoAnswer: "no answer: %s", GridLoading: "loading…",
		NoMatch: "nothing matches the filters", NothingSoon: "nothing in the next hour",
		RemoveAsk: "x again removes board %d (%s); any other key keeps it", RemoveMark: "✗ remove? x",
		ReqRate: "%d req/min",

		KeyZoom: "zoom", KeyPrevBoard: "previous board", KeyNextBoard: "next board",
		KeyFocusBoard: "focus board", KeyRemove: "remove board", KeyLine: "line filter",
		KeyDirection: "direction filter", KeyToGrid: "grid",
		KeyClearFilters: "clear filters",
	}
}

func germanGrid() Grid {
	return Grid{
		Boards: "%d Tafeln", OneBoard: "1 Tafel", OneFresh: "1 Tafel aktuell", LateN: "%d verspätet >%d Min", NoData: "keine Daten", Worst: "max. +%d Min: %s → %s", WorstAt: " (%s)",
		StaleBoards: "◷ %d veraltet", UnknownBoards: "✗ %d nicht gefunden", BoardsFresh: "%d Tafeln aktuell", AllFresh: "alle aktuell",
		Page: "Seite %d/%d", Arr: "Ank.", Pl: "Steig %s", LineF: "Linie %s", NoAnswer: "keine Antwort: %s",
		GridLoading: "lädt…", NoMatch: "nichts passt zu den Filtern", NothingSoon: "nichts in der nächsten Stunde",
		RemoveAsk: "x noch einmal entfernt Tafel %d (%s); jede andere Taste behält sie", RemoveMark: "✗ entfernen? x",
		ReqRate: "%d Anfr./Min",

		KeyZoom: "vergrößern", KeyPrevBoard: "vorige Tafel", KeyNextBoard: "nächste Tafel",
		KeyFocusBoard: "Tafel wählen", KeyRemove: "Tafel entfernen", KeyLine: "Linienfilter",
		KeyDirection: "Richtungsfilter", KeyToGrid: "Übersicht",
		KeyClearFilters: "Filter löschen",
	}
}
