package feeds

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
)

// Every poll of abfahrt runs the same loop, written once here: a tick
// (feedTickMsg) starts a request unless its schedule is old or one is in
// flight; the answer (feedMsg) is taken only if it is the one awaited, is
// recorded by the poller (data age, last error, backoff) and arms the
// next tick. Both messages carry the feedKey of the polled subject, and
// schedule generations and request ids are unique in the process, so a
// message finds its poller by key and generation (or request id) alone,
// whichever view owns it.

// feedKind is what a feed polls.
type feedKind int

// The kinds of feed.
const (
	FeedBoard    feedKind = iota // a stop's or stop point's departures or arrivals
	FeedVehicle                  // a vehicle's trip and passages
	feedFleet                    // every vehicle's trip
	FeedAlert                    // the unplanned passenger alert
	FeedPassages                 // a vehicle's upcoming passages only (the fleet's NEXT column, fleetnext.go)
)

// Key names a polled subject.
type Key struct {
	Kind    feedKind
	subj    Subject     // feedBoard
	Vehicle int         // feedVehicle, feedPassages
	Range   model.Range // feedVehicle, feedPassages
}

// BoardFeed is the key of a board subject's feed.
func BoardFeed(s Subject) Key { return Key{Kind: FeedBoard, subj: s} }

// TickMsg says a feed's poll is due; gen is the schedule it belongs to.
type TickMsg struct {
	Key   Key
	Gen   int
	Fresh bool // a manual refresh: bypass the client's cache
}

// AnswerMsg is the answer to one poll, identified by seq.
type AnswerMsg struct {
	Key  Key
	Seq  int
	Data Data
	Err  error
	// At is when the answer arrived, by the local clock.
	At time.Time
	// ans is what HTTP said of the answer: its data's age behind a hub or
	// cache, a stale warning, the simulation's marker (zero from a source
	// that says nothing).
	ans feed.Answer
}

// Data is a poll's answer: the part its kind fills.
type Data struct {
	Board    model.Board           // feedBoard
	Trips    []model.Trip          // feedVehicle (its trip), feedFleet (every trip)
	Passages model.VehiclePassages // feedVehicle, feedPassages
	Alert    model.Alert           // feedAlert
}

// timestamp is the service's CurrentTimestamp of the answer, if it has one.
func (d *Data) timestamp(k feedKind) time.Time {
	switch k {
	case FeedBoard:
		return d.Board.Timestamp.Time
	case FeedVehicle, FeedPassages:
		return d.Passages.Timestamp.Time
	case FeedAlert:
		return d.Alert.Timestamp.Time
	case feedFleet:
	}
	return time.Time{}
}

// clockSample reports whether the answer's CurrentTimestamp tells the
// service's time now: a board with rows or a vehicle's passages, whose
// bodies change with every answer. An empty board or an unchanged alert
// may be a revalidated copy (ETag, 304) that keeps the timestamp of its
// first fetch, which would read as a clock standing still.
func (d *Data) clockSample(k feedKind) bool {
	switch k {
	case FeedBoard:
		return len(d.Board.Events) > 0
	case FeedVehicle, FeedPassages:
		return len(d.Passages.Passages) > 0
	case FeedAlert, feedFleet:
	}
	return false
}

// feedTickCmd fires the next poll of key's schedule gen after d.
func feedTickCmd(key Key, gen int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return TickMsg{Key: key, Gen: gen} })
}

// feedNowCmd asks for a poll of key's schedule gen at once, through
// Update; fresh bypasses the client's cache (a manual refresh).
func feedNowCmd(key Key, gen int, fresh bool) tea.Cmd {
	return func() tea.Msg { return TickMsg{Key: key, Gen: gen, Fresh: fresh} }
}

// pollNow asks for a poll of this schedule at once.
func (p *Poller) pollNow(key Key) tea.Cmd { return feedNowCmd(key, p.Gen, false) }

// Refresh polls now, bypassing the client's cache: the armed tick dies; a
// request in flight is left to finish (its answer re-arms the schedule),
// so there is never a second one.
func (p *Poller) Refresh(key Key) tea.Cmd {
	p.renew()
	if p.InFlight() {
		return nil
	}
	return feedNowCmd(key, p.Gen, true)
}

// Tick starts the poll msg asks for, unless msg is of another schedule or
// a request is in flight.
// A board asks for at most limit events.
func (p *Poller) Tick(sh *State, msg TickMsg, limit int) tea.Cmd {
	if msg.Gen != p.Gen || p.InFlight() {
		return nil
	}
	seq := sh.NextSeq()
	ctx, cancel := p.begin(sh.Ctx, seq, sh.Policy.Timeout, msg.Fresh)
	return fetchFeedCmd(ctx, cancel, sh.Source, msg.Key, seq, limit, sh.Clock)
}

// Receive takes the answer msg if it is the one awaited, records it and
// arms the next tick; ok is false for any other answer.
func (p *Poller) Receive(sh *State, msg AnswerMsg) (cmd tea.Cmd, ok bool) {
	if !p.accept(msg.Seq) {
		return nil, false
	}
	// The data's age is judged on boards with rows only: an empty board's
	// answer may be revalidated unchanged (ETag, 304) with the timestamp of
	// its first fetch, while rows carry countdowns that change every answer.
	var ts time.Time
	if msg.Key.Kind == FeedBoard && len(msg.Data.Board.Events) > 0 {
		ts = msg.Data.Board.Timestamp.Time
	}
	d := p.Settle(sh.Policy, msg.Err, msg.At, ts, msg.ans)
	if (msg.Key.Kind == FeedBoard || msg.Key.Kind == FeedVehicle) && p.LastOK.IsZero() && errors.Is(msg.Err, feed.ErrNotFound) {
		// The service knows no such stop or vehicle: asking again will
		// not change that. The view says so; a manual refresh (r) asks
		// once more.
		p.Next = time.Time{}
		return nil, true
	}
	if msg.Err == nil && !msg.ans.Stale && msg.Data.clockSample(msg.Key.Kind) {
		if pd := sh.probe(p, d); pd != d {
			// A probe of the service's clock: past the client's cache,
			// whose answer would carry an old CurrentTimestamp.
			p.Next = msg.At.Add(pd)
			key, gen := msg.Key, p.Gen
			return tea.Tick(pd, func(time.Time) tea.Msg { return TickMsg{Key: key, Gen: gen, Fresh: true} }), true
		}
	}
	return feedTickCmd(msg.Key, p.Gen, d), true
}

// fetchFeedCmd requests key's subject. ctx carries the request timeout
// (and WithFresh for a manual refresh); cancel releases it.
func fetchFeedCmd(ctx context.Context, cancel context.CancelFunc, src Source, key Key, seq, limit int, now func() time.Time) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		msg := AnswerMsg{Key: key, Seq: seq}
		actx := feed.WithAnswer(ctx, &msg.ans)
		switch key.Kind {
		case FeedBoard:
			msg.Data.Board, msg.Err = FetchBoard(actx, src, key.subj, limit)
		case FeedVehicle:
			var (
				wg         sync.WaitGroup
				tErr, pErr error
				tAns       feed.Answer
			)
			wg.Add(2)
			go func() {
				defer wg.Done()
				msg.Data.Trips, tErr = src.Trips(feed.WithAnswer(ctx, &tAns), key.Vehicle)
			}()
			go func() {
				defer wg.Done()
				msg.Data.Passages, pErr = src.Passages(actx, key.Vehicle, key.Range)
			}()
			wg.Wait()
			msg.Err = errors.Join(tErr, pErr)
			msg.ans = mergeAnswers(msg.ans, tAns)
		case feedFleet:
			msg.Data.Trips, msg.Err = src.Trips(actx, 0)
		case FeedPassages:
			msg.Data.Passages, msg.Err = src.Passages(actx, key.Vehicle, key.Range)
		case FeedAlert:
			msg.Data.Alert, msg.Err = src.Alert(actx)
		}
		msg.At = now()
		return msg
	}
}

// mergeAnswers is what two answers of one poll say together: stale if
// either is, as old as the older, simulated if either is.
func mergeAnswers(a, b feed.Answer) feed.Answer {
	return feed.Answer{Age: max(a.Age, b.Age), AgeKnown: a.AgeKnown || b.AgeKnown,
		Stale: a.Stale || b.Stale, Simulated: a.Simulated || b.Simulated, Replay: max(a.Replay, b.Replay)}
}

// FetchBoard calls the Source method that serves subject s.
func FetchBoard(ctx context.Context, src Source, s Subject, limit int) (model.Board, error) {
	switch {
	case s.Point != "" && s.Arrivals:
		return src.StopPointArrivals(ctx, s.Point, limit)
	case s.Point != "":
		return src.StopPointDepartures(ctx, s.Point, limit)
	case s.Arrivals:
		return src.StopArrivals(ctx, s.Stop, limit)
	default:
		return src.StopDepartures(ctx, s.Stop, limit)
	}
}

// FleetKey is the key of the fleet's feed.
var FleetKey = Key{Kind: feedFleet}
