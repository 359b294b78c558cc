package catalog

// MergedList are the texts of the merged list: the departures of every
// watched board in one list.
type MergedList struct {
	Merged      string
	MergedCount string // "%s from %s": DepartureCount (or OneDeparture), Boards (or OneBoard)
	ColStop     string
	// DepartureCount and OneDeparture count the merged list's rows.
	DepartureCount, OneDeparture string // "%d departures", "1 departure"
	KeyMerged                    string
}

func englishMerged() MergedList {
	return MergedList{
		Merged: "All boards", MergedCount: "%s from %s", ColStop: "STOP",
		DepartureCount: "%d departures", OneDeparture: "1 departure",
		KeyMerged: "merged",
	}
}

func germanMerged() MergedList {
	return MergedList{
		Merged: "Alle Tafeln", MergedCount: "%s von %s", ColStop: "HALTESTELLE",
		DepartureCount: "%d Abfahrten", OneDeparture: "1 Abfahrt",
		KeyMerged: "alle Tafeln",
	}
}
