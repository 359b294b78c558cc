package exceptions

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Tracker remembers when each item was first seen as it is, so that the
// queue can show its age and order items of one severity by it.
type Tracker struct {
	seen map[string]seen
}

type seen struct {
	level string
	since time.Time
}

// Stamp sets the Since of items that have none (first seen as they are;
// a change of level is a new start), forgets the items gone, and returns
// the items newest first (ties by kind, line and vehicle, so the order is
// stable).
func (t *Tracker) Stamp(items []Item, now time.Time) []Item {
	next := make(map[string]seen, len(items))
	for i := range items {
		it := &items[i]
		k := it.Key()
		s, ok := t.seen[k]
		if !ok || s.level != it.Level {
			s = seen{level: it.Level, since: now}
		}
		if it.Since.IsZero() {
			it.Since = s.since
		}
		next[k] = s
	}
	t.seen = next
	Sort(items)
	return items
}

// Sort orders items as a dispatcher works through them: by severity
// (Severity: connections at risk first, late vehicles last), then the
// oldest first (what has waited longest), then by line, vehicle and key.
// A new item joins the end of its severity, so the rows above it stay
// where they are.
func Sort(items []Item) {
	slices.SortStableFunc(items, func(a, b Item) int {
		if a.Kind != b.Kind {
			return kindOrder(a.Kind) - kindOrder(b.Kind)
		}
		if c := a.Since.Compare(b.Since); c != 0 {
			return c
		}
		if c := compareLines(a.Line, b.Line); c != 0 {
			return c
		}
		if a.Vehicle != b.Vehicle {
			return a.Vehicle - b.Vehicle
		}
		if a.Key() < b.Key() {
			return -1
		}
		if a.Key() > b.Key() {
			return 1
		}
		return 0
	})
}

// Severity is the kinds of item, the most severe first: a connection at
// risk (passengers are stranded within minutes unless someone holds the
// connecting vehicle), a ghost (a whole trip missing), a gap and a
// bunched pair (the line's service broken up), a silent vehicle (the
// data is blind there), a late vehicle (the commonest, and the one a
// dispatcher can least act on alone).
var Severity = []Kind{Connection, Ghost, Gap, Bunched, Silent, Late}

func kindOrder(k Kind) int {
	if i := slices.Index(Severity, k); i >= 0 {
		return i
	}
	return len(Severity)
}

// GroupLate makes the late vehicles of each line one item (Count, its
// vehicles in Members, worst first), so that at rush hour the bunches
// and gaps do not drown in lateness and a line's lateness is hidden with
// one key. A line with one late vehicle is a group of one that reads as
// that vehicle's item (its vehicle, place and direction), so its key
// stays the line's when a second vehicle joins. The group's
// Seconds are its worst delay, its Since its oldest member's, and its
// Level the worst member's, so a hidden group shows again when the
// line's worst delay steps up. The result is in Sort's order.
func GroupLate(items []Item) []Item {
	byLine := map[string][]Item{}
	var out []Item
	for _, it := range items {
		if it.Kind == Late && it.Count == 0 {
			byLine[it.Line] = append(byLine[it.Line], it)
			continue
		}
		out = append(out, it)
	}
	for line, ms := range byLine {
		slices.SortStableFunc(ms, func(a, b Item) int {
			if a.Seconds != b.Seconds {
				return b.Seconds - a.Seconds
			}
			return a.Vehicle - b.Vehicle
		})
		g := Item{Kind: Late, Line: line, Ref: "line", Count: len(ms), Members: ms, Seconds: ms[0].Seconds, Since: ms[0].Since}
		lv := 0
		for _, m := range ms {
			if m.Since.Before(g.Since) {
				g.Since = m.Since
			}
			if n, err := strconv.Atoi(m.Level); err == nil {
				lv = max(lv, n)
			}
		}
		g.Level = strconv.Itoa(lv)
		if len(ms) == 1 {
			m := ms[0]
			g.Vehicle, g.Direction, g.StopName, g.NextStop, g.Level = m.Vehicle, m.Direction, m.StopName, m.NextStop, m.Level
		}
		g.Detail = English.Describe(&g)
		out = append(out, g)
	}
	Sort(out)
	return out
}

// Mark is what a dispatcher did to an item: acknowledged it, or hid it,
// as it was (its level). A mark whose level is no longer the item's is
// void: the item changed and shows again.
type Mark struct {
	Level  string    `json:"level,omitempty"`
	Hidden bool      `json:"hidden,omitempty"`
	At     time.Time `json:"at"`
}

// Marks are the marks by item key, as kept in the state file.
type Marks map[string]Mark

// MarkOp is one change of the marks made here: set a mark on Key, or
// clear it (Clear).
type MarkOp struct {
	Key   string
	Mark  Mark
	Clear bool
}

// MarkKeep is how long a mark is kept: an item still there after a day
// is a new day's matter, and the file does not grow without end.
const MarkKeep = 24 * time.Hour

// Of reports how item it is marked: acknowledged, hidden, or neither
// (a mark of another level is void).
func (m Marks) Of(it Item) (acked, hidden bool) {
	mk, ok := m[it.Key()]
	if !ok || mk.Level != it.Level {
		return false, false
	}
	return !mk.Hidden, mk.Hidden
}

// Apply applies ops in order to the marks of the file (cur, which may be
// nil) and drops marks older than MarkKeep at now. Marks another
// instance set on items this one never touched are kept; an item marked
// here takes this instance's mark (the latest word on it).
func Apply(cur Marks, ops []MarkOp, now time.Time) Marks {
	out := make(Marks, len(cur)+len(ops))
	for k, v := range cur {
		out[k] = v
	}
	for _, op := range ops {
		if op.Clear {
			delete(out, op.Key)
		} else {
			out[op.Key] = op.Mark
		}
	}
	for k, v := range out {
		if now.Sub(v.At) > MarkKeep {
			delete(out, k)
		}
	}
	return out
}

// compareLines orders line names as people count them: 2 before 10,
// numbers before names.
func compareLines(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	switch {
	case ea == nil && eb == nil:
		return na - nb
	case ea == nil:
		return -1
	case eb == nil:
		return 1
	}
	return strings.Compare(a, b)
}
