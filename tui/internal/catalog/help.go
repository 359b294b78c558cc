package catalog

// Help are the texts of the ? help overlay and the descriptions of the
// keys every pane shares (the key names stay as typed).
type Help struct {
	HelpTitle                                              string
	GroupBoard, GroupEverywhere, GroupSearch, GroupVehicle string
	HelpLegend                                             string // "%s": the Planned word; "%[2]d": DelayRule.Late

	KeyQuit, KeyHelp, KeySearch, KeyRefresh, KeyNextPane, KeyPrevPane string
	KeyUp, KeyDown, KeyFirst, KeyLast, KeyArrivals, KeyDepartures     string
	KeyPlatform, KeyVehicle, KeyClose, KeyOpen                        string
	KeyPrevious, KeyNext, KeyCloseHelp                                string
	KeyBack, KeyUpcoming, KeyAllStops, KeyScrollUp, KeyScrollDown     string
	KeyPageUp, KeyPageDown, KeyFollow                                 string
	GroupScroll, GroupRows, GroupViews                                string // help overlay
}

func englishHelp() Help {
	return Help{
		HelpTitle:  "abfahrt — keys",
		GroupBoard: "Board", GroupEverywhere: "Everywhere", GroupSearch: "Search", GroupVehicle: "Vehicle",
		HelpLegend: "Rows: ▮ tram, ● bus, · other; ~ and “%s”: timetable only, no live data. Delay: ✓ on time, +N late (red from +%[2]d), -N early. ⚠ an alert on the line; ◷ data older than two polls; » in N min: leave then to catch it.",

		KeyQuit: "quit", KeyHelp: "help", KeySearch: "search", KeyRefresh: "refresh",
		KeyNextPane: "next pane", KeyPrevPane: "previous pane",
		KeyUp: "up", KeyDown: "down", KeyFirst: "first", KeyLast: "last",
		KeyArrivals: "arrivals", KeyDepartures: "departures", KeyPlatform: "platform",
		KeyVehicle: "vehicle", KeyClose: "close", KeyOpen: "open",
		KeyPrevious: "previous", KeyNext: "next", KeyCloseHelp: "close help",
		KeyBack: "back", KeyUpcoming: "upcoming only", KeyAllStops: "all stops",
		KeyScrollUp: "scroll up", KeyScrollDown: "scroll down", KeyPageUp: "page up", KeyPageDown: "page down",
		KeyFollow: "follow vehicle", GroupScroll: "Scroll", GroupRows: "Walk & rows", GroupViews: "Views",
	}
}

func germanHelp() Help {
	return Help{
		HelpTitle:  "abfahrt — Tasten",
		GroupBoard: "Tafel", GroupEverywhere: "Überall", GroupSearch: "Suche", GroupVehicle: "Fahrzeug",
		HelpLegend: "Zeilen: ▮ Straßenbahn, ● Bus, · andere; ~ und „%s“: nur Fahrplan, keine Echtzeitdaten. Verspätung: ✓ pünktlich, +N später (rot ab +%[2]d), -N früher. ⚠ Meldung zur Linie; ◷ Daten älter als zwei Abfragen; » in N Min: dann losgehen.",

		KeyQuit: "beenden", KeyHelp: "Hilfe", KeySearch: "suchen", KeyRefresh: "aktualisieren",
		KeyNextPane: "nächster Bereich", KeyPrevPane: "voriger Bereich",
		KeyUp: "hoch", KeyDown: "runter", KeyFirst: "erste", KeyLast: "letzte",
		KeyArrivals: "Ankünfte", KeyDepartures: "Abfahrten", KeyPlatform: "Steig",
		KeyVehicle: "Fahrzeug", KeyClose: "schließen", KeyOpen: "öffnen",
		KeyPrevious: "vorige", KeyNext: "nächste", KeyCloseHelp: "Hilfe schließen",
		KeyBack: "zurück", KeyUpcoming: "nur kommende", KeyAllStops: "alle Halte",
		KeyScrollUp: "nach oben", KeyScrollDown: "nach unten", KeyPageUp: "Seite hoch", KeyPageDown: "Seite runter",
		KeyFollow: "Fahrzeug folgen", GroupScroll: "Blättern", GroupRows: "Weg & Zeilen", GroupViews: "Ansichten",
	}
}
