package feeds

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// State is the feed side of the state every pane reads: the data
// source, the poll policy, the request counter, the feed registry and the
// clocks (the local one, and the service's as estimated from answers).
// The root owns it; only the root's Update and the feed machinery write
// it.
type State struct {
	Ctx    context.Context
	Source Source
	// Simulated is set while the answers carry the simulation's marker
	// (feed.Answer.Simulated): a hub on the simulation, however far away.
	Simulated bool
	// Replay is the day recorded while the answers come from abfahrt
	// replay (feed.Answer.Replay), else empty.
	Replay string
	// lastTS is each feed's last CurrentTimestamp (standsStill).
	lastTS map[Key]time.Time
	// Clock is the local clock: timers, poll times, data ages and
	// animations run on it. local is its time at the last clockMsg.
	Clock func() time.Time
	Local time.Time
	// Now is the service's time at the last clockMsg (or answer): what
	// countdowns, ages of reports and the header clocks show. svc
	// estimates it; nil when the service's clock is in-process (Options.Now).
	Now time.Time
	Svc *ServiceClock
	// Skew is the difference shown (0 while within skewNotice), skewLog
	// the one last logged;
	// onSkew is Options.ClockSkew.
	Skew    time.Duration
	skewLog skewLog
	OnSkew  func(service, local time.Time, rate float64)
	// prober is the poller that asks again soon while the service clock
	// is unsettled, probes how often it did (svcclock.go).
	prober *Poller
	probes int
	Policy policy
	Limit  int
	seq    int       // the model-wide request counter
	Reg    *Registry // the feeds of the grid and the pin strip (registry.go)
}

// Subject is what a board shows: a stop or one of its stop points,
// departures or arrivals.
type Subject struct {
	Stop     int                 // the stop, or the stop point's parent (0 if unknown)
	Point    model.StopPointCode // set for a stop point board
	Arrivals bool
}

// NextSeq returns a new request id, never 0.
func (sh *State) NextSeq() int {
	sh.seq++
	return sh.seq
}

// ObserveMsg feeds the service clock with the CurrentTimestamp of a good
// answer, whichever pane it is for. An answer that may be a revalidated
// copy (clockSample) sets the clock only while it knows nothing better:
// the offset of a board that is empty at night. An answer a hub or cache
// says is stale (Warning 110), or older than two intervals by its Age,
// never does: its timestamp stands still while time goes on, and taken as
// "now" it would freeze the header and the kiosk's clock, or read as a
// faster clock once the service is back. The Age of an answer served from
// a cache is added to its timestamp: the service's time when it arrived.
func (sh *State) ObserveMsg(m tea.Msg) {
	msg, ok := m.(AnswerMsg)
	if ok && msg.Err == nil {
		// The simulation's marker, passed on by any hub: the status bar
		// says "simulated" whatever the source is called.
		sh.Simulated = msg.ans.Simulated
		sh.Replay = msg.ans.Replay
	}
	if !ok || msg.Err != nil || msg.ans.Stale || (msg.ans.AgeKnown && msg.ans.Age > staleDataAfter*sh.Policy.Interval) {
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
func (sh *State) standsStill(key Key, ts time.Time) bool {
	if ts.IsZero() {
		return false
	}
	if sh.lastTS == nil || len(sh.lastTS) > 256 {
		sh.lastTS = make(map[Key]time.Time)
	}
	prev, ok := sh.lastTS[key]
	sh.lastTS[key] = ts
	return ok && prev.Equal(ts)
}
