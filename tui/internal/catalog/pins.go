package catalog

// Pins are the texts of pinned stops and watched boards, and of the
// files that keep them (pins.json, boards.json): what the status bar
// says when one is full, unreadable or not saved.
type Pins struct {
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

	KeyWatch, KeyPin, KeyUnpin, KeyOpenPin string
}

func englishPins() Pins {
	return Pins{
		Pinned: "pinned %s", Unpinned: "unpinned %s", StateKeptAside: "%s could not be read; kept as %s",
		StateLeft:   "%s could not be read; left as it is, changes are not saved",
		StateCapped: "%s: only the first %d of %d are used", PinsFull: "at most %d pins",
		PinsNotSaved: "pins not saved: %s", AlreadyWatched: "already watched",
		BoardsNotSaved: "watched boards not saved: %s",
		RestoredOne:    "watched board from boards.json (kept with w) · esc: grid, x there removes it",
		RestoredMany:   "%d watched boards from boards.json (kept with w) · x removes one",
		GridFull:       "the grid holds at most %d boards",

		KeyWatch: "watch", KeyPin: "pin stop", KeyUnpin: "unpin stop", KeyOpenPin: "open pin",
	}
}

func germanPins() Pins {
	return Pins{
		Pinned: "%s gemerkt", Unpinned: "%s nicht mehr gemerkt", StateKeptAside: "%s nicht lesbar; aufbewahrt als %s",
		StateLeft:   "%s nicht lesbar; bleibt unverändert, Änderungen werden nicht gespeichert",
		StateCapped: "%s: nur die ersten %d von %d werden verwendet", PinsFull: "höchstens %d Favoriten",
		PinsNotSaved: "Favoriten nicht gespeichert: %s", AlreadyWatched: "wird schon beobachtet",
		BoardsNotSaved: "beobachtete Tafeln nicht gespeichert: %s",
		RestoredOne:    "beobachtete Tafel aus boards.json (mit w behalten) · esc: Übersicht, dort entfernt x sie",
		RestoredMany:   "%d beobachtete Tafeln aus boards.json (mit w behalten) · x entfernt eine",
		GridFull:       "höchstens %d Tafeln",

		KeyWatch: "beobachten", KeyPin: "merken", KeyUnpin: "nicht merken", KeyOpenPin: "Favorit öffnen",
	}
}
