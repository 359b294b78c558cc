package catalog

// Walk are the walking time's texts: the leave column of the boards and
// the kiosk, and what the header and the status bar say of it.
type Walk struct {
	ColLeave   string // column title
	LeaveIn    string // "in %d min": the leave column of a catchable row
	GoNow      string // the hurry band
	Missed     string // the missed band
	WalkHeader string // "walk %s": the header's note of the walking time
	HidMissed  string // "%d missed hidden": the header's note
	KeyWalkUp  string
	KeyWalkDn  string
	KeyMissed  string
	NoteWalk   string // "walking time %s"
	NoteHide   string // "missed departures hidden"
	NoteShow   string // "missed departures shown"
}

func englishWalk() Walk {
	return Walk{
		ColLeave: "LEAVE", LeaveIn: "in %d min", GoNow: "go now", Missed: "missed",
		WalkHeader: "walk %s", HidMissed: "%d missed hidden",
		KeyWalkUp: "walk +1 min", KeyWalkDn: "walk −1 min", KeyMissed: "show/hide missed",
		NoteWalk: "walking time %s", NoteHide: "missed departures hidden", NoteShow: "missed departures shown",
	}
}

func germanWalk() Walk {
	return Walk{
		ColLeave: "LOSGEHEN", LeaveIn: "in %d Min", GoNow: "jetzt los", Missed: "verpasst",
		WalkHeader: "Fußweg %s", HidMissed: "%d Verpasste ausgeblendet",
		KeyWalkUp: "Fußweg +1 Min", KeyWalkDn: "Fußweg −1 Min", KeyMissed: "Verpasste zeigen/ausblenden",
		NoteWalk: "Fußweg %s", NoteHide: "verpasste Abfahrten ausgeblendet", NoteShow: "verpasste Abfahrten sichtbar",
	}
}
