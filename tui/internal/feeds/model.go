package feeds

import (
	"abfahrt/model"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// subject is what a board shows: a stop or one of its stop points,
// departures or arrivals.
type Subject struct {
	Stop     int                 // the stop, or the stop point's parent (0 if unknown)
	Point    model.StopPointCode // set for a stop point board
	Arrivals bool
}

// nextSeq returns a new request id, never 0.
func (sh *FeedState) NextSeq() int {
	sh.seq++
	return sh.seq
}

// observeMsg feeds the service clock with the CurrentTimestamp of a good
// answer, whichever pane it is for. An answer that may be a revalidated
// copy (clockSample) sets the clock only while it knows nothing better:
// the offset of a board that is empty at night. An answer a hub or cache
// says is stale (Warning 110), or older than two intervals by its Age,
// never does: its timestamp stands still while time goes on, and taken as
// "now" it would freeze the header and the kiosk's clock, or read as a
// faster clock once the service is back. The Age of an answer served from
// a cache is added to its timestamp: the service's time when it arrived.
func (sh *FeedState) ObserveMsg(m tea.Msg) {
	msg, ok := m.(FeedMsg)
	if ok && msg.Err == nil {
		// The simulation's marker, passed on by any hub: the status bar
		// says "simulated" whatever the source is called.
		sh.Simulated = msg.ans.Simulated
	}
	if !ok || msg.Err != nil || msg.ans.Stale || (msg.ans.AgeKnown && msg.ans.Age > staleDataAfter*sh.Pol.Interval) {
		return
	}
	ts := msg.Data.timestamp(msg.Key.Kind)
	if sh.standsStill(msg.Key, ts) {
		// The same CurrentTimestamp as this feed's last answer: a copy a
		// cache keeps serving (one that says nothing of its age), not a
		// clock; taken as one it would set the clock back.
		return
	}
	if msg.Data.clockSample(msg.Key.Kind) || !sh.ClockKnown() {
		if !ts.IsZero() && msg.ans.AgeKnown {
			ts = ts.Add(msg.ans.Age)
		}
		sh.Observe(ts, msg.At)
	}
}

// standsStill reports whether ts is the timestamp of key's previous
// answer, and remembers it.
func (sh *FeedState) standsStill(key FeedKey, ts time.Time) bool {
	if ts.IsZero() {
		return false
	}
	if sh.lastTS == nil || len(sh.lastTS) > 256 {
		sh.lastTS = make(map[FeedKey]time.Time)
	}
	prev, ok := sh.lastTS[key]
	sh.lastTS[key] = ts
	return ok && prev.Equal(ts)
}
