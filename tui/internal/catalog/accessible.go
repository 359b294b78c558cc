package catalog

// ScreenReader are the screen-reader mode's own sentences (abfahrt
// --accessible): its first line, its help, what its typed commands
// answer and what a reminder or a vehicle says. A departure's own
// sentence ("Line 2 to Kuhberg in 3 minutes.") is the speech package's,
// which the kiosk's announcements share.
type ScreenReader struct {
	ReaderIntro     string // the first line without a source's name
	ReaderIntroFrom string // the first line: "abfahrt, screen-reader mode, %s. …" (source)
	// ReaderHelp are the commands, one line each (the English words
	// work in German too).
	ReaderHelp    []string
	ReaderGoodbye string // quit
	ReaderAsking  string // refresh
	ReaderUnknown string // "Unknown command: %s. …" (the word typed)

	ReaderStopN      string // a stop without its name: "stop %d"
	ReaderOnLine     string // after a title: ", line %s"
	ReaderTo         string // after a vehicle's line: " to %s" (direction)
	ReaderPlatform   string // after a departure or a stop: ", platform %s"
	ReaderWalking    string // after the list's title: ", walking %s" (minutes said)
	ReaderArrivalsAt string // the list of arrivals: "Arrivals at %s:" (title)
	// ReaderNoArrivalsAt is the list of arrivals when there is none:
	// "No arrivals at %s in the coming hours." (title).
	ReaderNoArrivalsAt string
	ReaderNoArrivals   string // next, when no arrival comes
	ReaderNext         string // "Next: %s" (the departure's sentence)
	ReaderWaiting      string // a command before the first answer

	ReaderAllLines  string // line alone
	ReaderOnlyLine  string // "Only line %s."
	ReaderWhichStop string // stop without a name
	// ReaderNoSearch is what stop says when the stops cannot be asked.
	ReaderNoSearch      string
	ReaderNoMatch       string // "No stop matches %s." (what was typed)
	ReaderMatches       string // "%d stops match. …"
	ReaderNothingToPick string // a number typed without a search
	ReaderPickFrom      string // "Pick a number from 1 to %d."

	ReaderNoList     string // remind or vehicle before a list
	ReaderTypeNumber string // "Type %s and a number of the list, from 1 to %d." (command, count)
	ReaderWalkHow    string // walk with a wrong number
	ReaderNoWalk     string // walk 0
	ReaderWalkSet    string // "Walking time %s: …" (minutes said)

	ReaderRemindWord     string // the remind command's word, in ReaderTypeNumber
	ReaderRemindArrivals string // remind while arrivals are said
	ReaderRemoved        string // "Reminder removed: %s." (the departure named)
	ReaderTooMany        string // "There are already %d reminders."
	ReaderSet            string // "Reminder set: %s; it warns %s." (departure, when)
	ReaderWarnsWalk      string // when a reminder warns, with a walking time
	ReaderWarnsNoWalk    string // when a reminder warns, without one
	ReaderLeaveNow       string // "Leave now for %s%s." (departure, platform)
	ReaderLeaveIn        string // "Leave in %s for %s%s." (minutes said, departure, platform)
	ReaderLeaves         string // "%s leaves %s%s." (departure, "in 1 minute", platform)

	ReaderVehicleHow     string // vehicle without a number
	ReaderNoVehicle      string // "No vehicle is known yet for %s: …" (the departure named)
	ReaderUnknownVehicle string // "The service knows no vehicle %d."
	ReaderVehicleDown    string // "Vehicle %d cannot be asked: …"
	ReaderOutOfService   string // "Vehicle %d is not in service."
	ReaderStopsDown      string // "The stops of vehicle %d cannot be asked: …"
	ReaderVehicle        string // a vehicle's sentence begins: "Vehicle %d"
	ReaderNoStopsAhead   string // a vehicle at its last stop
	ReaderNextStops      string // before a vehicle's next stops
	ReaderMoreStops      string // "And %d more stops."
}

func englishScreenReader() ScreenReader {
	return ScreenReader{
		ReaderIntro:     "abfahrt, screen-reader mode. Type help for the commands.",
		ReaderIntroFrom: "abfahrt, screen-reader mode, %s. Type help for the commands.",
		ReaderHelp: []string{
			"Commands:",
			"stop NAME or NUMBER: the departures of another stop; when several match, a number picks one.",
			"line 4: only this line; line alone: all lines.",
			"list: every departure again, numbered; later only changes within the next 30 minutes are said.",
			"next: the next departure you can still catch.",
			"walk 5: a 5 minute walk to the stop; each departure says when to leave, those you cannot reach are left out; walk 0: no walk.",
			"remind 3: a reminder of departure 3 of the list, a minute before you must leave; again: remove it.",
			"arrivals: the arrivals; departures: the departures again.",
			"vehicle 3: the delay and next stops of the vehicle of departure 3 of the list.",
			"refresh: ask the service now.",
			"help: these commands.",
			"quit: end.",
		},
		ReaderGoodbye: "Goodbye.",
		ReaderAsking:  "Asking the service.",
		ReaderUnknown: "Unknown command: %s. Type help for the commands.",

		ReaderStopN:        "stop %d",
		ReaderOnLine:       ", line %s",
		ReaderTo:           " to %s",
		ReaderPlatform:     ", platform %s",
		ReaderWalking:      ", walking %s",
		ReaderArrivalsAt:   "Arrivals at %s:",
		ReaderNoArrivalsAt: "No arrivals at %s in the coming hours.",
		ReaderNoArrivals:   "No arrivals in the coming hours.",
		ReaderNext:         "Next: %s",
		ReaderWaiting:      "Waiting for the service's first answer.",

		ReaderAllLines:      "All lines.",
		ReaderOnlyLine:      "Only line %s.",
		ReaderWhichStop:     "Which stop? Type stop and a name, such as stop hauptbahnhof.",
		ReaderNoSearch:      "The stops cannot be searched: the service does not answer.",
		ReaderNoMatch:       "No stop matches %s.",
		ReaderMatches:       "%d stops match. Type the number of one:",
		ReaderNothingToPick: "There is nothing to pick. Type stop and a name first.",
		ReaderPickFrom:      "Pick a number from 1 to %d.",

		ReaderNoList:     "There is no list yet: type list first.",
		ReaderTypeNumber: "Type %s and a number of the list, from 1 to %d.",
		ReaderWalkHow:    "Type walk and the minutes to the stop, from 0 to 60, such as walk 5.",
		ReaderNoWalk:     "No walking time.",
		ReaderWalkSet:    "Walking time %s: departures you cannot reach on foot any more are left out.",

		ReaderRemindWord:     "remind",
		ReaderRemindArrivals: "Reminders are for departures: type departures first.",
		ReaderRemoved:        "Reminder removed: %s.",
		ReaderTooMany:        "There are already %d reminders.",
		ReaderSet:            "Reminder set: %s; it warns %s.",
		ReaderWarnsWalk:      "a minute before you must leave",
		ReaderWarnsNoWalk:    "a minute before it leaves; walk sets a walking time",
		ReaderLeaveNow:       "Leave now for %s%s.",
		ReaderLeaveIn:        "Leave in %s for %s%s.",
		ReaderLeaves:         "%s leaves %s%s.",

		ReaderVehicleHow:     "Type vehicle and a number of the list, such as vehicle 1.",
		ReaderNoVehicle:      "No vehicle is known yet for %s: it runs as timetabled.",
		ReaderUnknownVehicle: "The service knows no vehicle %d.",
		ReaderVehicleDown:    "Vehicle %d cannot be asked: the service does not answer.",
		ReaderOutOfService:   "Vehicle %d is not in service.",
		ReaderStopsDown:      "The stops of vehicle %d cannot be asked: the service does not answer.",
		ReaderVehicle:        "Vehicle %d",
		ReaderNoStopsAhead:   "It has no stops ahead.",
		ReaderNextStops:      "Next stops:",
		ReaderMoreStops:      "And %d more stops.",
	}
}

func germanScreenReader() ScreenReader {
	return ScreenReader{
		ReaderIntro:     "abfahrt, Bildschirmleser-Modus. Tippen Sie hilfe für die Befehle.",
		ReaderIntroFrom: "abfahrt, Bildschirmleser-Modus, %s. Tippen Sie hilfe für die Befehle.",
		ReaderHelp: []string{
			"Befehle:",
			"halt NAME oder NUMMER: Abfahrten einer anderen Haltestelle; bei mehreren Treffern wählt eine Zahl.",
			"linie 4: nur diese Linie; linie allein: alle Linien.",
			"liste: alle Abfahrten noch einmal, mit Nummern; später werden nur Änderungen der nächsten 30 Minuten gesagt.",
			"nächste: die nächste Abfahrt, die Sie noch erreichen.",
			"fußweg 5: 5 Minuten Fußweg zur Haltestelle; gesagt wird, wann Sie losgehen müssen, unerreichbare Abfahrten entfallen; fußweg 0: kein Fußweg.",
			"erinnern 3: Erinnerung an Abfahrt 3 der Liste, eine Minute bevor Sie losgehen müssen; noch einmal: löschen.",
			"ankünfte: die Ankünfte; abfahrten: wieder die Abfahrten.",
			"fahrzeug 3: Verspätung und nächste Halte des Fahrzeugs von Abfahrt 3 der Liste.",
			"aktualisieren: jetzt neu abfragen.",
			"hilfe: diese Befehle.",
			"ende: beenden.",
		},
		ReaderGoodbye: "Auf Wiedersehen.",
		ReaderAsking:  "Frage den Dienst.",
		ReaderUnknown: "Unbekannter Befehl: %s. Tippen Sie hilfe für die Befehle.",

		ReaderStopN:        "Haltestelle %d",
		ReaderOnLine:       ", Linie %s",
		ReaderTo:           " nach %s",
		ReaderPlatform:     ", Steig %s",
		ReaderWalking:      ", Fußweg %s",
		ReaderArrivalsAt:   "Ankünfte in %s:",
		ReaderNoArrivalsAt: "Keine Ankünfte in %s in den nächsten Stunden.",
		ReaderNoArrivals:   "Keine Ankünfte in den nächsten Stunden.",
		ReaderNext:         "Nächste: %s",
		ReaderWaiting:      "Warte auf die erste Antwort des Dienstes.",

		ReaderAllLines:      "Alle Linien.",
		ReaderOnlyLine:      "Nur Linie %s.",
		ReaderWhichStop:     "Welche Haltestelle? Tippen Sie halt und einen Namen, etwa halt hauptbahnhof.",
		ReaderNoSearch:      "Die Haltestellen können nicht gesucht werden: der Dienst antwortet nicht.",
		ReaderNoMatch:       "Keine Haltestelle passt zu %s.",
		ReaderMatches:       "%d Haltestellen passen. Tippen Sie die Nummer einer:",
		ReaderNothingToPick: "Es gibt nichts zu wählen. Tippen Sie erst halt und einen Namen.",
		ReaderPickFrom:      "Wählen Sie eine Zahl von 1 bis %d.",

		ReaderNoList:     "Es gibt noch keine Liste: tippen Sie erst liste.",
		ReaderTypeNumber: "Tippen Sie %s und eine Nummer der Liste, von 1 bis %d.",
		ReaderWalkHow:    "Tippen Sie fußweg und die Minuten bis zur Haltestelle, von 0 bis 60, etwa fußweg 5.",
		ReaderNoWalk:     "Kein Fußweg.",
		ReaderWalkSet:    "Fußweg %s: Abfahrten, die Sie zu Fuß nicht mehr erreichen, werden weggelassen.",

		ReaderRemindWord:     "erinnern",
		ReaderRemindArrivals: "Erinnerungen gibt es für Abfahrten: tippen Sie erst abfahrten.",
		ReaderRemoved:        "Erinnerung gelöscht: %s.",
		ReaderTooMany:        "Es gibt schon %d Erinnerungen.",
		ReaderSet:            "Erinnerung gesetzt: %s; sie warnt %s.",
		ReaderWarnsWalk:      "eine Minute, bevor Sie losgehen müssen",
		ReaderWarnsNoWalk:    "eine Minute vor der Abfahrt; fußweg setzt einen Fußweg",
		ReaderLeaveNow:       "Jetzt losgehen zu %s%s.",
		ReaderLeaveIn:        "In %s losgehen zu %s%s.",
		ReaderLeaves:         "%s fährt %s ab%s.",

		ReaderVehicleHow:     "Tippen Sie fahrzeug und eine Nummer der Liste, etwa fahrzeug 1.",
		ReaderNoVehicle:      "Für %s ist noch kein Fahrzeug bekannt: sie fährt laut Fahrplan.",
		ReaderUnknownVehicle: "Der Dienst kennt kein Fahrzeug %d.",
		ReaderVehicleDown:    "Fahrzeug %d kann nicht abgefragt werden: der Dienst antwortet nicht.",
		ReaderOutOfService:   "Fahrzeug %d ist nicht im Einsatz.",
		ReaderStopsDown:      "Die Halte von Fahrzeug %d können nicht abgefragt werden: der Dienst antwortet nicht.",
		ReaderVehicle:        "Fahrzeug %d",
		ReaderNoStopsAhead:   "Es hat keine Halte mehr vor sich.",
		ReaderNextStops:      "Nächste Halte:",
		ReaderMoreStops:      "Und %d weitere Halte.",
	}
}
