package ui

// perLineTexts are the texts of per_line and the grouped view.
type perLineTexts struct {
	PerLineHead    string // "%d per line"
	GroupedHead    string // "by direction"
	GroupHead      string // "Platform %s → %s"
	NotePerLine    string
	NoteAllPerLine string
	KeyPerLine     string
	KeyGrouped     string
}

func englishPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d per line", GroupedHead: "by direction", GroupHead: "Platform %s → %s",
		NotePerLine: "at most %d departures per line and direction", NoteAllPerLine: "all departures of every line",
		KeyPerLine: "per line", KeyGrouped: "by direction"}
}

func germanPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d je Linie", GroupedHead: "nach Richtung", GroupHead: "Steig %s → %s",
		NotePerLine: "höchstens %d Abfahrten je Linie und Richtung", NoteAllPerLine: "alle Abfahrten jeder Linie",
		KeyPerLine: "je Linie", KeyGrouped: "nach Richtung"}
}
