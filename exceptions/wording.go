package exceptions

import (
	"fmt"
	"time"

	"abfahrt/model"
)

// Wording are the sentences an item is said in, in one language: the
// exception queue (TUI) and `abfahrt exceptions` (CLI) word every item
// through Describe with the same Wording, so a pair reads the same in
// both. English and German are the two the program speaks.
type Wording struct {
	// Late: "%d min late"; LateGroup: "%d vehicles, up to %d min late".
	Late, LateGroup string
	// Silent: "no position for %s" (an age).
	Silent string
	// Conn: "arr %s, %s→%s %s: %s short" (the feeder's arrival, the
	// connecting line, its direction and departure, the shortfall).
	Conn string
	// Behind is a bunched pair's or a gap's follower: "%s behind %d (plan
	// %s)" (the headway, the leader, the timetable's headway).
	Behind string
	// Overtook is a follower that passed its leader: "overtook %d (plan
	// %s behind)".
	Overtook string
	// Ghost: "no vehicle for the %s start".
	Ghost string
	// At is where an item is: "at %s"; Between "between %s and %s";
	// To its direction: "→ %s".
	At, Between, To string
	// Kinds name the kinds of item.
	Kinds map[Kind]string
}

// English is the English wording (also the Detail of every item).
var English = Wording{
	Late: "%d min late", LateGroup: "%d vehicles, up to %d min late",
	Silent:   "no position for %s",
	Conn:     "arr %s, %s→%s %s: %s short",
	Behind:   "%s behind %d (plan %s)",
	Overtook: "overtook %d (plan %s behind)",
	Ghost:    "no vehicle for the %s start",
	At:       "at %s", Between: "between %s and %s", To: "→ %s",
	Kinds: map[Kind]string{Late: "late", Bunched: "bunched", Gap: "gap", Ghost: "ghost", Silent: "silent", Connection: "connection"},
}

// German is the German wording.
var German = Wording{
	Late: "%d min verspätet", LateGroup: "%d Fahrzeuge, bis %d min verspätet",
	Silent:   "keine Position seit %s",
	Conn:     "an %s, %s→%s %s: %s zu knapp",
	Behind:   "%s hinter %d (Plan %s)",
	Overtook: "hat %d überholt (Plan %s dahinter)",
	Ghost:    "kein Fahrzeug für die Abfahrt %s",
	At:       "bei %s", Between: "zwischen %s und %s", To: "→ %s",
	Kinds: map[Kind]string{Late: "verspätet", Bunched: "Pulk", Gap: "Lücke", Ghost: "Geisterfahrt", Silent: "stumm", Connection: "Anschluss"},
}

// Kind names a kind of item.
func (w *Wording) Kind(k Kind) string {
	if s, ok := w.Kinds[k]; ok {
		return s
	}
	return string(k)
}

// Describe says what is wrong with the item: "22 s behind 42 (plan 7
// min)", "overtook 51 (plan 6 min behind)", "gap" items the same way
// against their plan, "9 min late", a line's late group "3 vehicles, up
// to 12 min late".
func (w *Wording) Describe(it *Item) string {
	ago := func(s int) string { return Ago(time.Duration(s) * time.Second) }
	switch it.Kind {
	case Late:
		if it.Count > 1 {
			return fmt.Sprintf(w.LateGroup, it.Count, model.DelayMinutes(it.Seconds))
		}
		return fmt.Sprintf(w.Late, model.DelayMinutes(it.Seconds))
	case Silent:
		return fmt.Sprintf(w.Silent, ago(it.Seconds))
	case Connection:
		if c := it.Conn; c != nil {
			return fmt.Sprintf(w.Conn, clock(c.Arrives), c.To, it.Direction, clock(c.Departs),
				MinutesUp(time.Duration(it.Seconds)*time.Second))
		}
	case Bunched, Gap:
		if it.Other == 0 {
			break
		}
		if it.Overtook {
			return fmt.Sprintf(w.Overtook, it.Other, Ago(it.Plan))
		}
		return fmt.Sprintf(w.Behind, ago(it.Seconds), it.Other, Ago(it.Plan))
	case Ghost:
		if it.Ref != "" {
			return fmt.Sprintf(w.Ghost, it.Ref)
		}
	}
	return it.Detail
}

// Where says where the item is: "at Theater", "between Theater and
// Rathaus", "" when it is not known.
func (w *Wording) Where(it *Item) string {
	switch {
	case it.StopName != "" && it.NextStop != "" && it.NextStop != it.StopName:
		return fmt.Sprintf(w.Between, it.StopName, it.NextStop)
	case it.StopName != "":
		return fmt.Sprintf(w.At, it.StopName)
	}
	return ""
}

// Towards is the item's direction: "→ Kuhberg", "" without one.
func (w *Wording) Towards(it *Item) string {
	if it.Direction == "" {
		return ""
	}
	return fmt.Sprintf(w.To, it.Direction)
}
