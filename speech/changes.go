package speech

import "time"

// Tracker remembers what was last said of each departure, so that later
// answers are said only by what changed: a new departure, a delay that
// moved by at least MinDelayStep minutes from the one said, a new
// platform, one that left, one that vanished before its time.
type Tracker struct {
	said  map[string]Departure
	order []string
	// Horizon: a departure further away than this is not said when it
	// comes or changes (only when the list is asked for); it is said,
	// once, as it comes within. 0 says every one.
	Horizon time.Duration
	// Walk is the rider's walking time: a departure whose leave time has
	// passed goes without a word (it cannot be reached any more).
	Walk time.Duration
}

// DefaultHorizon is how far ahead the screen-reader mode says changes:
// departures more than 30 minutes away are said only when the list is
// asked for.
const DefaultHorizon = 30 * time.Minute

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
			case t.far(d, now) || (t.Walk > 0 && d.At.Add(-t.Walk).Before(now)):
				// Beyond the horizon, or missed on foot: not news.
			case !d.At.After(now.Add(time.Minute)) && d.Arrival:
				out = append(out, l.named(d)+l.pick(" has arrived.", " ist angekommen."))
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
		case !known && t.far(d, now):
			continue // said when it comes within the horizon
		case !known:
			out = append(out, l.pick("New: ", "Neu: ")+Sentence(l, d))
		case t.far(d, now):
			d = old // its changes are said when it comes within the horizon
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
		// Live data that confirms the timetable is no news: one
		// announcement per change, not "new" and then "on time".
		return d.Realtime && (d.Delay >= MinDelayStep || d.Delay <= -MinDelayStep)
	}
	if !d.Realtime {
		return false
	}
	step := d.Delay - old.Delay
	return step >= MinDelayStep || step <= -MinDelayStep || (d.Delay == 0 && old.Delay != 0)
}

// far reports whether d is beyond the tracker's horizon at now.
func (t *Tracker) far(d Departure, now time.Time) bool {
	return t.Horizon > 0 && d.At.Sub(now) > t.Horizon
}
