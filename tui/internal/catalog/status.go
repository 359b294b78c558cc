package catalog

// Status are the status bar's texts: how old the data is, when the next
// request goes, the source, and what a terminal too small shows.
type Status struct {
	// Ages and durations.
	JustNow, SecondsAgo, MinutesAgo, HoursAgo string
	UnderAgo, Under                           string // the status bar's coarse ages: "< %d s ago", "< %d s"
	Seconds, Minutes                          string

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

	// Too small a terminal.
	TooSmall, NeedSize, TooSmallShort string
}

func englishStatus() Status {
	return Status{
		JustNow: "just now", SecondsAgo: "%d s ago", MinutesAgo: "%d min ago", HoursAgo: "%d h ago",
		UnderAgo: "< %d s ago", Under: "< %d s",
		Seconds: "%d s", Minutes: "%d min",

		Updated: "updated %s", Simulated: "simulated", Replay: "replay · recorded %s", AgeUnknown: "age unknown", StaleUnknown: "◷ stale · age unknown",
		WaitingFirst: "waiting for the first answer", Refreshing: "refreshing…",
		RetryIn: "retry in %s", NextIn: "next in %s", Failures: " (%d failures)",
		SearchUnavailable: "search unavailable: %s",
		ClockSkew:         "service time %s · this computer %s",

		TooSmall: "terminal too small", NeedSize: "need %d×%d", TooSmallShort: "too small",
	}
}

func germanStatus() Status {
	return Status{
		JustNow: "gerade eben", SecondsAgo: "vor %d s", MinutesAgo: "vor %d Min", HoursAgo: "vor %d Std",
		UnderAgo: "vor < %d s", Under: "< %d s",
		Seconds: "%d s", Minutes: "%d Min",

		Updated: "aktualisiert %s", Simulated: "simuliert", Replay: "Wiedergabe · aufgenommen %s", AgeUnknown: "Alter unbekannt", StaleUnknown: "◷ Daten veraltet · Alter unbekannt",
		WaitingFirst: "warte auf die erste Antwort", Refreshing: "aktualisiere…",
		RetryIn: "neuer Versuch in %s", NextIn: "nächste in %s", Failures: " (%d Fehlschläge)",
		SearchUnavailable: "Suche nicht verfügbar: %s",
		ClockSkew:         "Serverzeit %s · dieser Rechner %s",

		TooSmall: "Terminal zu klein", NeedSize: "mindestens %d×%d", TooSmallShort: "zu klein",
	}
}
