package catalog

// Remind are the reminders' texts: setting one, and the notifications
// that tell the rider when to leave.
type Remind struct {
	KeyRemind  string
	RemindOn   string // "reminder: leave at %s for line %s to %s"
	RemindOff  string
	RemindFull string
	RemindNow  string // "⏰ leave now for line %s to %s (%s)"
	// The warning ahead of the leave time, and a reminder set without a
	// walking time: it then warns before the departure itself, and the
	// rider learns that + sets one.
	RemindAhead    string // " (warns %s ahead)"
	RemindOnNoWalk string // "reminder: %s before line %s to %s leaves (%s) · + sets a walking time"
	RemindOnDepart string // "reminder: as line %s to %s leaves (%s) · + sets a walking time"
	// The notifications: soon, at the departure, and when the leave time
	// has gone past.
	RemindSoon       string // "Leave in %d min for line %s to %s (%s)"
	RemindDeparts    string // "Line %s to %s leaves in %d min (%s)"
	RemindDepartsNow string // "Line %s to %s leaves now (%s)"
	RemindMayMiss    string // "You may miss line %s to %s (%s)"
	RemindNext       string // "; next %s"
	RemindNone       string // "no departure here to remind of"
	// DataAge is a notification's "data from %s" (an age: "20 s ago"):
	// a reminder fired on old data says so.
	DataAge string
}

func englishRemind() Remind {
	return Remind{KeyRemind: "remind me", RemindOn: "reminder: leave at %s for line %s to %s",
		RemindOff: "reminder removed", RemindFull: "too many reminders", RemindNow: "Leave now for line %s to %s (%s)",
		RemindAhead: " (warns %s ahead)", RemindOnNoWalk: "reminder: %s before line %s to %s leaves (%s) · + sets a walking time",
		RemindOnDepart: "reminder: as line %s to %s leaves (%s) · + sets a walking time",
		RemindSoon:     "Leave in %d min for line %s to %s (%s)", RemindDeparts: "Line %s to %s leaves in %d min (%s)",
		RemindDepartsNow: "Line %s to %s leaves now (%s)", RemindMayMiss: "You may miss line %s to %s (%s)", RemindNext: "; next %s",
		RemindNone: "no departure ahead to remind of",
		DataAge:    "data from %s"}
}

func germanRemind() Remind {
	return Remind{KeyRemind: "erinnern", RemindOn: "Erinnerung: um %s losgehen zu Linie %s nach %s",
		RemindOff: "Erinnerung entfernt", RemindFull: "zu viele Erinnerungen", RemindNow: "Jetzt losgehen zu Linie %s nach %s (%s)",
		RemindAhead: " (Warnung %s vorher)", RemindOnNoWalk: "Erinnerung: %s vor Abfahrt von Linie %s nach %s (%s) · + setzt einen Fußweg",
		RemindOnDepart: "Erinnerung: bei Abfahrt von Linie %s nach %s (%s) · + setzt einen Fußweg",
		RemindSoon:     "In %d Min losgehen zu Linie %s nach %s (%s)", RemindDeparts: "Linie %s nach %s fährt in %d Min (%s)",
		RemindDepartsNow: "Linie %s nach %s fährt jetzt (%s)", RemindMayMiss: "Linie %s nach %s ist vielleicht nicht mehr zu erreichen (%s)",
		RemindNext: "; nächste %s", RemindNone: "keine Abfahrt mehr, an die erinnert werden kann",
		DataAge: "Daten von %s"}
}
