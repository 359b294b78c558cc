package speech

import "time"

// Tracker remembers what was last said of each departure, so that later
// answers are said only by what changed: a new departure, a delay that
// moved by at least MinDelayStep minutes from the one said, a new
// platform, one that left, one that vanished before its time.
type Tracker struct {
	said  map[string]Departure
	order []string
}

// MinDelayStep is the smallest change of a delay that is said again: a
// delay that wobbles by a minute between answers is not news.
const MinDelayStep = 2

// Reset forgets everything said (a new stop, a new filter): the next
// Update says nothing and only remembers.
func (t *Tracker) Reset() { t.said, t.order = nil, nil }

// Started reports whether the tracker holds an answer.
func (t *Tracker) Started() bool { return t.said != nil }

// Update takes the departures of a new answer at time now and returns the
// sentences of what changed since the last one said. The first answer
// after a Reset returns none: its departures are said as a list by the
// caller (Sentence for each).
func (t *Tracker) Update(l Lang, fresh []Departure, now time.Time) []string {
	first := t.said == nil
	next := make(map[string]Departure, len(fresh))
	order := make([]string, 0, len(fresh))
	var reach time.Time
	for _, d := range fresh {
		if d.At.After(reach) {
			reach = d.At
		}
	}
	var out []string
	freshKeys := make(map[string]bool, len(fresh))
	for _, d := range fresh {
		freshKeys[d.Key()] = true
	}
	if !first {
		for _, k := range t.order {
			if freshKeys[k] {
				continue
			}
			d := t.said[k]
			switch {
			case !d.At.After(now.Add(time.Minute)):
				out = append(out, l.named(d)+l.pick(" has left.", " ist abgefahren."))
			case d.At.Before(reach):
				out = append(out, l.named(d)+l.pick(" is no longer announced.", " wird nicht mehr angezeigt."))
			}
			// Else it fell beyond the end of a shorter answer: not news.
		}
	}
	for _, d := range fresh {
		k := d.Key()
		if _, dup := next[k]; dup {
			continue
		}
		old, known := t.said[k]
		switch {
		case first:
		case !known:
			out = append(out, l.pick("New: ", "Neu: ")+Sentence(l, d))
		default:
			if d.Platform != old.Platform && d.Platform != "" {
				out = append(out, l.named(d)+l.pick(" now leaves from platform ", " fährt jetzt von Steig ")+d.Platform+l.pick(".", " ab."))
			} else {
				d.Platform = old.Platform
			}
			if delayNews(old, d) {
				when := l.in(d.Minutes)
				if d.Minutes <= 0 {
					when = l.pick("about to leave", "fährt gleich ab") // not "is now on time, now."
				}
				out = append(out, l.named(d)+l.pick(" is now ", ": jetzt ")+l.delay(d)+", "+when+".")
			} else {
				d.Delay, d.Realtime = old.Delay, old.Realtime
			}
		}
		next[k] = d
		order = append(order, k)
	}
	t.said, t.order = next, order
	return out
}

// delayNews reports whether a departure's delay changed enough since it
// was said: live data appeared, or the delay moved by MinDelayStep or
// more, or it became on time.
func delayNews(old, d Departure) bool {
	if old.Realtime != d.Realtime {
		return d.Realtime
	}
	if !d.Realtime {
		return false
	}
	step := d.Delay - old.Delay
	return step >= MinDelayStep || step <= -MinDelayStep || (d.Delay == 0 && old.Delay != 0)
}
