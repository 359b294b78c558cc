package catalog

// Kiosk are the station display's texts of issue 23: how to leave
// it, the age of its data and its layout of the hour.
type Kiosk struct {
	// KeysLocked is what a key pressed on the kiosk shows for a while:
	// "keys locked · %s quits" (the quit chord).
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

// EnglishKiosk is the English catalogue's part.
func EnglishKiosk() Kiosk {
	return Kiosk{
		KeysLocked:     "keys locked · %s quits",
		AsOf:           "as of %s",
		LayoutNow:      "layout %s",
		LayoutSwitched: "now layout %s (%s)",
		LayoutBack:     "layout %s ended · the usual boards",
		AnyHour:        "all day",
	}
}

// GermanKiosk is the German catalogue's part.
func GermanKiosk() Kiosk {
	return Kiosk{
		KeysLocked:     "Tasten gesperrt · %s beendet",
		AsOf:           "Stand %s Uhr",
		LayoutNow:      "Ansicht %s",
		LayoutSwitched: "jetzt Ansicht %s (%s)",
		LayoutBack:     "Ansicht %s beendet · die üblichen Tafeln",
		AnyHour:        "ganztägig",
	}
}
