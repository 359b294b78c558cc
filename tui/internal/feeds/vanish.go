package feeds

import (
	"slices"
	"time"

	"abfahrt/model"
)

// Departures that vanish. The service has no cancellation code: a trip
// that will not come just leaves the board. A departure of the last
// answer whose time has not come, missing from the new answer while the
// new answer still reaches well beyond it, is kept for a while, marked
// (model.Event.Vanished), never counted down: a rider must not wait for it.
const (
	// VanishKeep is how long a vanished departure is kept at most.
	VanishKeep = 15 * time.Minute
	// vanishMargin: a departure due within this much may leave the board
	// because it left early, or arrived and is boarding: not vanished.
	vanishMargin = 2 * time.Minute
	// vanishReach is how far beyond the departure the new answer must
	// reach: a delay that pushed it past the answer's end is no vanishing.
	vanishReach = 5 * time.Minute
)

// eventKey identifies a trip's event at a stop point across answers: the
// vehicle may be assigned late or change.
type eventKey struct {
	route   int
	name    string
	point   model.StopPointCode
	sched   int64
	arrival bool
}

func keyOf(e *model.Event) eventKey {
	return eventKey{e.RouteNumber, e.RouteName, e.StopPointCode, e.Scheduled.Unix(), e.Arrival}
}

// KeepVanished returns cur with the departures of old that vanished (see
// above) added, marked, in time order; old's own vanished ones stay until
// their time or VanishKeep. now is the service's time.
func KeepVanished(old, cur model.Board, now time.Time) model.Board {
	if len(old.Events) == 0 || len(cur.Events) == 0 || now.IsZero() {
		return cur
	}
	var reach time.Time
	have := make(map[eventKey]bool, len(cur.Events))
	for i := range cur.Events {
		e := &cur.Events[i]
		have[keyOf(e)] = true
		if w := e.When(); w.After(reach) {
			reach = w
		}
	}
	var kept []model.Event
	for i := range old.Events {
		e := old.Events[i]
		if !e.Scheduled.Known() || have[keyOf(&e)] || e.Status != model.StatusPredicted {
			continue // still reported, or arriving, at the stop or gone by
		}
		when := e.When()
		switch {
		case !e.Vanished.IsZero():
			if !now.Before(when) || now.Sub(e.Vanished) > VanishKeep {
				continue
			}
		case when.Sub(now) > vanishMargin && reach.Sub(when) >= vanishReach:
			e.Vanished = now
		default:
			continue
		}
		kept = append(kept, e)
	}
	if len(kept) == 0 {
		return cur
	}
	// Each goes before the first reported event after it: the service's
	// own order stays.
	out := cur
	out.Events = slices.Clone(cur.Events)
	for _, e := range kept {
		at := slices.IndexFunc(out.Events, func(x model.Event) bool { return x.When().After(e.When()) })
		if at < 0 {
			at = len(out.Events)
		}
		out.Events = slices.Insert(out.Events, at, e)
	}
	return out
}
