package catalog

// Queue are the exception queue's texts of issue 25 (tui/internal/queue):
// its title, the network data verdict, the kinds of item and their
// details, its keys.
type Queue struct {
	QueueTitle string
	// DataOK and Outage are the network data verdict: "outage: %d %% of
	// vehicles silent > %d s" (share, seconds).
	DataOK, Outage string
	// OutageWarn says, during an outage, that the items may be wrong.
	OutageWarn  string
	QueueWait   string // before the first answer of the vehicles
	QueueEmpty  string // nothing needs a dispatcher
	QueueItems  string // "%d items"
	QueueOne    string // "1 item"
	QueueHid    string // "%d hidden"
	QueueSince  string // an item's age under SINCE: "%s" ("2 min")
	QueueAcked  string // the mark of an acknowledged item
	QueueHidden string // the mark of a hidden item (shown with H)
	// The column heads.
	QHeadSince, QHeadKind, QHeadLine, QHeadVehicle, QHeadStop, QHeadWhat string
	// The kinds of item.
	KindLate, KindBunched, KindGap, KindGhost, KindSilent, KindConnection string
	// The details: late "%d min late"; silent "no position for %s";
	// connection "arr %s, %s→%s %s: %s short" (the feeder's arrival, the
	// connecting line, its direction and departure, the shortfall); bunched "with %d, %s apart"; gap "%s headway";
	// ghost "no vehicle for the trip of %s".
	QLate, QSilent, QConn, QBunched, QGap, QGhost string
	// The keys.
	KeyQueue, KeyAck, KeyUnack, KeyHide, KeyUnhide, KeyShowHidden, KeyHideHidden string
	// QueueStateProblem reports the state file: "exceptions state: %s".
	QueueStateProblem string
}

// EnglishQueue is the English catalogue's part.
func EnglishQueue() Queue {
	return Queue{
		QueueTitle: "Exceptions",
		DataOK:     "data ok", Outage: "outage: %d %% of vehicles silent > %d s",
		OutageWarn: "items may be wrong: many vehicles report no position",
		QueueWait:  "waiting for the vehicles' positions…",
		QueueEmpty: "nothing needs a dispatcher",
		QueueItems: "%d items", QueueOne: "1 item", QueueHid: "%d hidden",
		QueueSince: "%s", // under SINCE: "2 min", as `abfahrt exceptions`
		QueueAcked: "✓ ack", QueueHidden: "hidden",
		QHeadSince: "SINCE", QHeadKind: "KIND", QHeadLine: "LINE", QHeadVehicle: "VEH.", QHeadStop: "STOP", QHeadWhat: "WHAT",
		KindLate: "late", KindBunched: "bunched", KindGap: "gap", KindGhost: "ghost", KindSilent: "silent", KindConnection: "connection",
		QLate:    "%d min late",
		QSilent:  "no position for %s",
		QConn:    "arr %s, %s→%s %s: %s short",
		QBunched: "with %d, %s apart",
		QGap:     "%s headway",
		QGhost:   "no vehicle for the trip of %s",
		KeyQueue: "exceptions", KeyAck: "acknowledge", KeyUnack: "unacknowledge", KeyHide: "hide until it changes",
		KeyUnhide: "show again", KeyShowHidden: "list hidden", KeyHideHidden: "leave out hidden",
		QueueStateProblem: "exceptions state: %s",
	}
}

// GermanQueue is the German catalogue's part.
func GermanQueue() Queue {
	return Queue{
		QueueTitle: "Auffälligkeiten",
		DataOK:     "Daten ok", Outage: "Ausfall: %d %% der Fahrzeuge stumm > %d s",
		OutageWarn: "Einträge können falsch sein: viele Fahrzeuge melden keine Position",
		QueueWait:  "warte auf die Positionen der Fahrzeuge…",
		QueueEmpty: "nichts für die Leitstelle",
		QueueItems: "%d Einträge", QueueOne: "1 Eintrag", QueueHid: "%d ausgeblendet",
		QueueSince: "%s", // unter SEIT: "2 min"
		QueueAcked: "✓ quittiert", QueueHidden: "ausgeblendet",
		QHeadSince: "SEIT", QHeadKind: "ART", QHeadLine: "LINIE", QHeadVehicle: "FZG", QHeadStop: "HALT", QHeadWhat: "WAS",
		KindLate: "verspätet", KindBunched: "Pulk", KindGap: "Lücke", KindGhost: "Geisterfahrt", KindSilent: "stumm", KindConnection: "Anschluss",
		QLate:    "%d min verspätet",
		QSilent:  "keine Position seit %s",
		QConn:    "an %s, %s→%s %s: %s zu knapp",
		QBunched: "mit %d, %s Abstand",
		QGap:     "%s Abstand",
		QGhost:   "kein Fahrzeug für die Fahrt um %s",
		KeyQueue: "Auffälligkeiten", KeyAck: "quittieren", KeyUnack: "Quittung zurück", KeyHide: "ausblenden bis zur Änderung",
		KeyUnhide: "wieder zeigen", KeyShowHidden: "Ausgeblendete zeigen", KeyHideHidden: "Ausgeblendete weglassen",
		QueueStateProblem: "Zustand der Auffälligkeiten: %s",
	}
}
