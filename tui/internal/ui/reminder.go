package ui

// remindTexts are the reminders' texts.
type remindTexts struct {
	KeyRemind  string
	RemindOn   string // "reminder: leave at %s for line %s to %s"
	RemindOff  string
	RemindFull string
	RemindNow  string // "⏰ leave now for line %s to %s (%s)"
}

func englishRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "remind me", RemindOn: "reminder: leave at %s for line %s to %s",
		RemindOff: "reminder removed", RemindFull: "too many reminders", RemindNow: "Leave now for line %s to %s (%s)"}
}

func germanRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "erinnern", RemindOn: "Erinnerung: um %s losgehen zu Linie %s nach %s",
		RemindOff: "Erinnerung entfernt", RemindFull: "zu viele Erinnerungen", RemindNow: "Jetzt losgehen zu Linie %s nach %s (%s)"}
}
