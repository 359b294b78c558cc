package catalog

// Kiosk are the station display's texts: its banners when the data is
// old or missing, its hours, the date in its header, how to leave it and
// its layout of the hour.
type Kiosk struct {
	DataDelayed string // banner: "Data delayed since %s" (HH:MM)
	// SimulatedData is the line under the header when the answers come
	// from the simulation: "simulated data · not the real network".
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

	// KeysLocked is what a key pressed on the kiosk shows for a while:
	// nobody at a stop should stop the display, the one who may learns
	// the chord: "keys locked · %s quits".
	KeysLocked string
	// AsOf is the age of fresh data, quietly: "as of %s" (HH:MM).
	AsOf string
	// LayoutNow names the layout of the hour: "layout %s".
	LayoutNow string
	// LayoutSwitched says, for a while, that the layout switched: "now
	// layout %s (%s)" (name, hours).
	LayoutSwitched string
	// LayoutBack says, for a while, that the layout of the hours ended
	// and the usual boards are back.
	LayoutBack string
	// AnyHour is a layout's hours when it names none.
	AnyHour string
}

func englishKiosk() Kiosk {
	return Kiosk{
		DataDelayed: "Data delayed since %s", SimulatedData: "simulated data · not the real network", DelayedUnknown: "Data delayed · age unknown", Resumes: "Display resumes at %s",
		FirstDep:    "Next departure %s: %s → %s",
		DataBlanked: "No current departure data since %s. Please check the timetable at the stop.",
		NextDep:     "Next departure",
		DateFormat:  "%[1]s, %[2]d %[3]s %[4]d",
		Weekdays:    [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		Months: [12]string{"January", "February", "March", "April", "May", "June", "July",
			"August", "September", "October", "November", "December"},

		KeysLocked:     "keys locked · %s quits",
		AsOf:           "as of %s",
		LayoutNow:      "layout %s",
		LayoutSwitched: "now layout %s (%s)",
		LayoutBack:     "layout %s ended · the usual boards",
		AnyHour:        "all day",
	}
}

func germanKiosk() Kiosk {
	return Kiosk{
		DataDelayed: "Daten veraltet seit %s", SimulatedData: "simulierte Daten · nicht das echte Netz", DelayedUnknown: "Daten veraltet · Alter unbekannt", Resumes: "Anzeige wieder ab %s Uhr",
		FirstDep:    "Nächste Abfahrt %s Uhr: %s → %s",
		DataBlanked: "Keine aktuellen Abfahrtsdaten seit %s. Bitte beachten Sie den Fahrplanaushang.",
		NextDep:     "Nächste Abfahrt",
		DateFormat:  "%[1]s, %[2]d. %[3]s %[4]d",
		Weekdays:    [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		Months: [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli",
			"August", "September", "Oktober", "November", "Dezember"},

		KeysLocked:     "Tasten gesperrt · %s beendet",
		AsOf:           "Stand %s Uhr",
		LayoutNow:      "Ansicht %s",
		LayoutSwitched: "jetzt Ansicht %s (%s)",
		LayoutBack:     "Ansicht %s beendet · die üblichen Tafeln",
		AnyHour:        "ganztägig",
	}
}
