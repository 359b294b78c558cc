package catalog

// Palette are the texts of the command palette's themes and layouts
// (issue 26 item 8): the kind labels, the marks and what the status bar
// says after a choice.
type Palette struct {
	KindTheme, KindLayout string
	// InUse marks the theme in use and the layout showing.
	InUse string
	// ThemeSwitched is the status bar's "theme %s (this session)": the
	// choice is not written to the config.
	ThemeSwitched string
	// LayoutChosen is the status bar's "layout %s (chosen) · …": a chosen
	// layout holds over the layouts' hours until the user chooses again.
	LayoutChosen string
	// ByTheHour is the entry that gives the boards back to the layouts'
	// hours, its detail, and what the status bar then says.
	ByTheHour, ByTheHourDetail, ByTheHourAgain string
	// ThemesAbout is one line about each theme by its name ("dark", …);
	// nil in English, whose lines are ui.ThemeAbout (abfahrt config's).
	ThemesAbout map[string]string
}

// EnglishPalette is the English catalogue's part.
func EnglishPalette() Palette {
	return Palette{
		KindTheme: "theme", KindLayout: "layout", InUse: "in use",
		ThemeSwitched:   "theme %s (this session)",
		LayoutChosen:    "layout %s (chosen: it stays until you choose again)",
		ByTheHour:       "by the hour",
		ByTheHourDetail: "the layouts follow their hours again",
		ByTheHourAgain:  "layouts follow their hours again",
	}
}

// GermanPalette is the German catalogue's part.
func GermanPalette() Palette {
	return Palette{
		KindTheme: "Farben", KindLayout: "Ansicht", InUse: "aktiv",
		ThemeSwitched:   "Farbschema %s (diese Sitzung)",
		LayoutChosen:    "Ansicht %s (gewählt: sie bleibt, bis du anders wählst)",
		ByTheHour:       "nach Uhrzeit",
		ByTheHourDetail: "die Ansichten folgen wieder ihren Zeiten",
		ByTheHourAgain:  "Ansichten folgen wieder ihren Zeiten",
		ThemesAbout: map[string]string{
			"dark":          "der Standard, für ein dunkles Terminal",
			"light":         "für einen hellen Terminalhintergrund",
			"high-contrast": "reine, satte Farben auf Schwarz, für Abstand und Sonnenlicht",
			"mono":          "keine Farbe: Fett, Invertiert und die Zeichen tragen die Bedeutung (NO_COLOR)",
			"console":       "die Linux-Konsole: 16 Farben und die Zeichen ihrer Schrift (TERM=linux)",
			"ansi":          "nur die 16 Palettenfarben des Terminals: deine Palette entscheidet",
			"cvd":           "farbenblind-sicher (Okabe–Ito): Verspätungen und Linienfarben",
		},
	}
}
