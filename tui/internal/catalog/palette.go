package catalog

// Palette are the texts of the command palette (:): its key and prompt,
// the kinds of entry it offers beside the search's (actions, themes,
// layouts), the marks, what the status bar says after a choice, and one
// line about each colour theme.
type Palette struct {
	KeyPalette, KindAction, PalettePlaceholder string
	KindTheme, KindLayout                      string
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
	// ThemesAbout is one line about each theme by its name ("dark", …).
	ThemesAbout map[string]string
}

// ThemeAbout is one line in English about each theme by its name, for
// `abfahrt config`, the help of --theme and the English palette.
var ThemeAbout = map[string]string{
	"dark":          "the default, for a dark terminal",
	"light":         "for a light terminal background",
	"high-contrast": "pure, saturated colours on black, for distance and sunlight",
	"mono":          "no colour: bold, reverse and the marks carry the meaning (NO_COLOR)",
	"console":       "the Linux console: 16 colours and its font's glyphs (TERM=linux)",
	"ansi":          "only the terminal's 16 palette colours: your palette decides",
	"cvd":           "colour-blind safe (Okabe–Ito) delays and line badges",
}

func englishPalette() Palette {
	return Palette{
		KeyPalette: "commands", KindAction: "action", PalettePlaceholder: "an action, stop, line or vehicle",
		KindTheme: "theme", KindLayout: "layout", InUse: "in use",
		ThemeSwitched:   "theme %s (this session)",
		LayoutChosen:    "layout %s (chosen: it stays until you choose again)",
		ByTheHour:       "by the hour",
		ByTheHourDetail: "the layouts follow their hours again",
		ByTheHourAgain:  "layouts follow their hours again",
		ThemesAbout:     ThemeAbout,
	}
}

func germanPalette() Palette {
	return Palette{
		KeyPalette: "Befehle", KindAction: "Aktion", PalettePlaceholder: "Aktion, Halt, Linie oder Fahrzeug",
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
