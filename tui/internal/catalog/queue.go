package catalog

import "abfahrt/exceptions"

// Queue are the exception queue's texts (E, tui/internal/queue):
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
	QueueAcked  string // the mark of an acknowledged item
	QueueHidden string // the mark of a hidden item (shown with H)
	// The column heads.
	QHeadSince, QHeadKind, QHeadLine, QHeadVehicle, QHeadStop, QHeadWhat string
	// QHeadDir heads the direction column.
	QHeadDir string
	// Words word the items, the same as `abfahrt exceptions` does.
	Words exceptions.Wording
	// QueueDidAck, QueueDidUnack, QueueDidHide and QueueDidUnhide say
	// which item a and h acted on: "acknowledged: %s" (QueueItemLine).
	QueueDidAck, QueueDidUnack, QueueDidHide, QueueDidUnhide string
	// QueueItemLine names an item's line in those: "line %s"; QueueCount a
	// late group's vehicles: "%d vehicles".
	QueueItemLine, QueueCount string
	// The keys.
	KeyQueue, KeyAck, KeyUnack, KeyHide, KeyUnhide, KeyShowHidden, KeyHideHidden string
	// QueueStateProblem reports the state file: "exceptions state: %s".
	QueueStateProblem string
}

func englishQueue() Queue {
	return Queue{
		QueueTitle: "Exceptions",
		DataOK:     "data ok", Outage: "outage: %d %% of vehicles silent > %d s",
		OutageWarn: "items may be wrong: many vehicles report no position",
		QueueWait:  "waiting for the vehicles' positions…",
		QueueEmpty: "nothing needs a dispatcher",
		QueueItems: "%d items", QueueOne: "1 item", QueueHid: "%d hidden",
		QueueAcked: "✓ ack", QueueHidden: "hidden",
		QHeadSince: "SINCE", QHeadKind: "KIND", QHeadLine: "LINE", QHeadVehicle: "VEH.", QHeadStop: "WHERE", QHeadWhat: "WHAT",
		QHeadDir: "DIRECTION", Words: exceptions.English,
		QueueDidAck: "acknowledged: %s", QueueDidUnack: "no longer acknowledged: %s",
		QueueDidHide: "hidden until it changes: %s", QueueDidUnhide: "shown again: %s",
		QueueItemLine: "line %s", QueueCount: "%d vehicles",
		KeyQueue: "exceptions", KeyAck: "acknowledge", KeyUnack: "unacknowledge", KeyHide: "hide until it changes",
		KeyUnhide: "show again", KeyShowHidden: "list hidden", KeyHideHidden: "leave out hidden",
		QueueStateProblem: "exceptions state: %s",
	}
}

func germanQueue() Queue {
	return Queue{
		QueueTitle: "Auffälligkeiten",
		DataOK:     "Daten ok", Outage: "Ausfall: %d %% der Fahrzeuge stumm > %d s",
		OutageWarn: "Einträge können falsch sein: viele Fahrzeuge melden keine Position",
		QueueWait:  "warte auf die Positionen der Fahrzeuge…",
		QueueEmpty: "nichts für die Leitstelle",
		QueueItems: "%d Einträge", QueueOne: "1 Eintrag", QueueHid: "%d ausgeblendet",
		QueueAcked: "✓ quittiert", QueueHidden: "ausgeblendet",
		QHeadSince: "SEIT", QHeadKind: "ART", QHeadLine: "LINIE", QHeadVehicle: "FZG", QHeadStop: "WO", QHeadWhat: "WAS",
		QHeadDir: "RICHTUNG", Words: exceptions.German,
		QueueDidAck: "quittiert: %s", QueueDidUnack: "Quittung zurückgenommen: %s",
		QueueDidHide: "ausgeblendet bis zur Änderung: %s", QueueDidUnhide: "wieder gezeigt: %s",
		QueueItemLine: "Linie %s", QueueCount: "%d Fahrzeuge",
		KeyQueue: "Auffälligkeiten", KeyAck: "quittieren", KeyUnack: "Quittung zurück", KeyHide: "ausblenden bis zur Änderung",
		KeyUnhide: "wieder zeigen", KeyShowHidden: "Ausgeblendete zeigen", KeyHideHidden: "Ausgeblendete weglassen",
		QueueStateProblem: "Zustand der Auffälligkeiten: %s",
	}
}
