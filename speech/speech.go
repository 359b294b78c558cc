// Package speech says departures as sentences, in English and German: one
// departure ("Line 2 to Kuhberg, platform A, in 3 minutes, 2 minutes
// late."), what changed between two answers (a new departure, a changed
// delay or platform, one that left or vanished), the data's age when it is
// stale, and a kiosk's announcement of a stop's next departures, factored
// so that its lead words are said once ("Next departures from
// Hauptbahnhof: line 2 to Kuhberg in 3 and 13 minutes; line 5 to
// Wissenschaftsstadt in 4 minutes.").
//
// The screen-reader mode (abfahrt --accessible), `abfahrt say` and the
// kiosk's spoken departures all speak through this package, so they say a
// departure the same way. It knows no terminal: it returns plain text,
// with no escape sequence, box drawing or symbol a speech synthesiser
// would spell out.
package speech

import (
	"fmt"
	"strings"
	"time"

	"abfahrt/model"
)

// Departure is one departure as it is said: its line and direction, its
// platform, how many whole minutes until it leaves and its delay.
type Departure struct {
	Line      string
	Direction string
	Platform  string
	// At is the departure's best known time (actual, else scheduled);
	// Scheduled its timetabled time, which names it in a change.
	At, Scheduled time.Time
	// Minutes until it leaves, rounded down; 0 is "now".
	Minutes int
	// Delay is the delay in whole minutes (negative: early); Realtime is
	// false for a departure known only from the timetable.
	Delay    int
	Realtime bool
	// Vehicle is the vehicle number (0 unknown), part of its identity.
	Vehicle int
	// Arrival: it is an arrival ("arrives in 3 minutes").
	Arrival bool
	// Walking: the rider walks to the stop; Leave is then the whole
	// minutes until they must leave (0: now).
	Walking bool
	Leave   int
}

// WithWalk sets d's leave time for a walk to the stop at time now:
// Walking, and Leave in whole minutes. ok is false when it cannot be
// reached on foot any more (the leave time has passed).
func (d Departure) WithWalk(now time.Time, walk time.Duration) (out Departure, ok bool) {
	left := d.At.Add(-walk).Sub(now)
	d.Walking, d.Leave = true, max(int(left/time.Minute), 0)
	return d, left >= 0
}

// Key identifies a departure across answers: its line, direction and
// timetabled time (a delay or a new platform keeps the key).
func (d Departure) Key() string {
	return d.Line + "\x00" + d.Direction + "\x00" + d.Scheduled.UTC().Format(time.RFC3339)
}

// FromEvents reads the departures of an answer at time now (the service's
// clock): arrivals, departures without a known time, those already gone
// and the ones that end at stop (a vehicle arriving to turn) are left out.
func FromEvents(events []model.Event, now time.Time, stop string) []Departure {
	return fromEvents(events, now, stop, false)
}

// FromArrivals reads the arrivals of an answer at time now, as
// FromEvents the departures.
func FromArrivals(events []model.Event, now time.Time) []Departure {
	return fromEvents(events, now, "", true)
}

func fromEvents(events []model.Event, now time.Time, stop string, arrivals bool) []Departure {
	out := make([]Departure, 0, len(events))
	for i := range events {
		e := &events[i]
		if e.Arrival != arrivals || e.Gone() || (stop != "" && strings.EqualFold(strings.TrimSpace(e.DirectionText), stop)) {
			continue
		}
		in, ok := e.DueIn(now)
		if !ok || in < -30*time.Second {
			continue
		}
		d := Departure{
			Line: e.Line(), Direction: strings.TrimSpace(e.DirectionText), Platform: strings.TrimSpace(e.PlatformName),
			At: e.When(), Scheduled: e.Scheduled.Time, Minutes: max(int(in/time.Minute), 0),
			Realtime: e.Realtime(), Vehicle: e.VehicleNumber, Arrival: arrivals,
		}
		if d.Realtime {
			d.Delay = e.DelayMinutes()
		}
		out = append(out, d)
	}
	return out
}

// Lang is a language the sentences are said in: "en" or "de" (anything
// else is English).
type Lang string

// German reports whether l is German.
func (l Lang) German() bool { return l == "de" }

// minutes is "1 minute", "3 minutes"; "1 Minute", "3 Minuten".
func (l Lang) minutes(n int) string {
	switch {
	case l.German() && n == 1:
		return "1 Minute"
	case l.German():
		return fmt.Sprintf("%d Minuten", n)
	case n == 1:
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}

// in is when a departure leaves: "now", "in 3 minutes"; "jetzt", "in 3
// Minuten".
func (l Lang) in(n int) string {
	if n <= 0 {
		return l.pick("now", "jetzt")
	}
	return l.pick("in ", "in ") + l.minutes(n)
}

// Pick is en, or de when l is German.
func (l Lang) Pick(en, de string) string { return l.pick(en, de) }

func (l Lang) pick(en, de string) string {
	if l.German() {
		return de
	}
	return en
}

// delay is a departure's delay: "2 minutes late", "1 minute early", "on
// time", "as timetabled" (no live data); "2 Minuten Verspätung", "1 Minute
// früher", "pünktlich", "laut Fahrplan".
func (l Lang) delay(d Departure) string {
	switch {
	case !d.Realtime:
		return l.pick("as timetabled", "laut Fahrplan")
	case d.Delay > 0:
		return l.minutes(d.Delay) + l.pick(" late", " Verspätung")
	case d.Delay < 0:
		return l.minutes(-d.Delay) + l.pick(" early", " früher")
	}
	return l.pick("on time", "pünktlich")
}

// lineTo is "line 2 to Kuhberg"; "Linie 2 nach Kuhberg". cap capitalises
// the first word.
func (l Lang) lineTo(d Departure, capital bool) string {
	word := l.pick("line", "Linie")
	if capital {
		word = l.pick("Line", "Linie")
	}
	if d.Direction == "" {
		return word + " " + d.Line
	}
	return word + " " + d.Line + l.pick(" to ", " nach ") + d.Direction
}

// platform is ", platform A"; ", Steig A"; "" when unknown.
func (l Lang) platform(d Departure) string {
	if d.Platform == "" {
		return ""
	}
	return l.pick(", platform ", ", Steig ") + d.Platform
}

// Sentence says one departure: "Line 2 to Kuhberg, platform A, in 3
// minutes, 2 minutes late."; "Linie 2 nach Kuhberg, Steig A, in 3 Minuten,
// 2 Minuten Verspätung." An arrival "arrives in 3 minutes" ("kommt in 3
// Minuten an"); with a walk it ends with when to leave: "…, on time;
// leave in 2 minutes." ("…, pünktlich; losgehen in 2 Minuten.").
func Sentence(l Lang, d Departure) string {
	when := l.in(d.Minutes)
	if d.Arrival {
		when = l.arrives(d.Minutes)
	}
	return l.lineTo(d, true) + l.platform(d) + ", " + when + ", " + l.delay(d) + l.leave(d) + "."
}

// arrives is when an arrival comes: "arrives now", "arrives in 3
// minutes"; "kommt jetzt an", "kommt in 3 Minuten an".
func (l Lang) arrives(n int) string {
	if l.German() {
		return "kommt " + l.in(n) + " an"
	}
	return "arrives " + l.in(n)
}

// leave is a walking rider's leave time: "; leave now", "; leave in 2
// minutes"; "; jetzt losgehen", "; losgehen in 2 Minuten"; "" without a
// walk.
func (l Lang) leave(d Departure) string {
	switch {
	case !d.Walking:
		return ""
	case d.Leave <= 0:
		return l.pick("; leave now", "; jetzt losgehen")
	}
	return l.pick("; leave in ", "; losgehen in ") + l.minutes(d.Leave)
}

// Numbered is a sentence of a list that commands refer to by its number:
// "3: Line 2 to Kuhberg, …".
func Numbered(n int, sentence string) string { return fmt.Sprintf("%d: %s", n, sentence) }

// Named is a departure named by its line, direction and timetabled time,
// as a change names it: "line 2 to Kuhberg at 07:42"; "Linie 2 nach
// Kuhberg um 07:42".
func Named(l Lang, d Departure) string {
	return l.lineTo(d, false) + l.pick(" at ", " um ") + clock(d.Scheduled)
}

// Minutes is "1 minute", "3 minutes"; "1 Minute", "3 Minuten".
func (l Lang) Minutes(n int) string { return l.minutes(n) }

// In is "now", "in 3 minutes"; "jetzt", "in 3 Minuten".
func (l Lang) In(n int) string { return l.in(n) }

// Delay is a delay of whole minutes as said: "2 minutes late", "on time",
// "1 minute early"; "as timetabled" without live data.
func (l Lang) Delay(minutes int, realtime bool) string {
	return l.delay(Departure{Delay: minutes, Realtime: realtime})
}

// clock is a departure's timetabled time, "07:42", that names it in a
// change.
func clock(t time.Time) string { return t.In(model.Berlin).Format("15:04") }

// named is a departure named by its timetabled time: "Line 2 to Kuhberg
// at 07:42"; "Linie 2 nach Kuhberg um 07:42".
func (l Lang) named(d Departure) string {
	return l.lineTo(d, true) + l.pick(" at ", " um ") + clock(d.Scheduled)
}

// Stale says how old the data is when the service does not answer: "Data
// is 2 minutes old: the service does not answer."; "Die Daten sind 2
// Minuten alt: der Dienst antwortet nicht." Under a minute it says
// seconds are not worth saying: "less than a minute".
func Stale(l Lang, age time.Duration) string {
	n := int(age / time.Minute)
	old := l.minutes(n)
	if n < 1 {
		old = l.pick("less than a minute", "weniger als eine Minute")
	}
	return l.pick("Data is "+old+" old: the service does not answer.",
		"Die Daten sind "+old+" alt: der Dienst antwortet nicht.")
}

// Recovered says the service answers again.
func Recovered(l Lang) string {
	return l.pick("The service answers again.", "Der Dienst antwortet wieder.")
}

// Unavailable says that a stop's departures cannot be said at all: the
// service does not answer and there is no earlier answer.
func Unavailable(l Lang, stop string) string {
	if stop == "" {
		return l.pick("Departures are not available: the service does not answer.",
			"Abfahrten sind nicht verfügbar: der Dienst antwortet nicht.")
	}
	return l.pick("Departures from "+stop+" are not available: the service does not answer.",
		"Abfahrten ab "+stop+" sind nicht verfügbar: der Dienst antwortet nicht.")
}

// None says a stop has no departures in the answer.
func None(l Lang, stop string) string {
	return l.pick("No departures from "+stop+" in the coming hours.",
		"Keine Abfahrten ab "+stop+" in den nächsten Stunden.")
}

// Opening heads the departures of a stop in the screen-reader mode:
// "Departures from Hauptbahnhof:"; "Abfahrten ab Hauptbahnhof:".
func Opening(l Lang, stop string) string {
	return l.pick("Departures from "+stop+":", "Abfahrten ab "+stop+":")
}
