package tui

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

const (
	feedBoard    feedKind = iota // a stop's or stop point's departures or arrivals
	feedVehicle                  // a vehicle's trip and passages
	feedFleet                    // every vehicle's trip
	feedAlert                    // the unplanned passenger alert
	feedPassages                 // a vehicle's upcoming passages only (the fleet's NEXT column, fleetnext.go)
)

// feedKey names a polled subject.
type feedKey struct {
	kind    feedKind
	subj    subject     // feedBoard
	vehicle int         // feedVehicle, feedPassages
	rng     model.Range // feedVehicle, feedPassages
}

// boardFeed is the key of a board subject's feed.
func boardFeed(s subject) feedKey { return feedKey{kind: feedBoard, subj: s} }

// feedTickMsg says a feed's poll is due; gen is the schedule it belongs to.
type feedTickMsg struct {
	key   feedKey
	gen   int
	fresh bool // a manual refresh: bypass the client's cache
}

// feedMsg is the answer to one poll, identified by seq.
type feedMsg struct {
	key  feedKey
	seq  int
	data feedData
	err  error
	// at is when the answer arrived, by the local clock.
	at time.Time
	// ans is what HTTP said of the answer: its data's age behind a hub or
	// cache, a stale warning, the simulation's marker (zero from a source
	// that says nothing).
	ans feed.Answer
}

// feedData is a poll's answer: the part its kind fills.
type feedData struct {
	board    model.Board           // feedBoard
	trips    []model.Trip          // feedVehicle (its trip), feedFleet (every trip)
	passages model.VehiclePassages // feedVehicle, feedPassages
	alert    model.Alert           // feedAlert
}

// timestamp is the service's CurrentTimestamp of the answer, if it has one.
func (d *feedData) timestamp(k feedKind) time.Time {
	switch k {
	case feedBoard:
		return d.board.Timestamp.Time
	case feedVehicle, feedPassages:
		return d.passages.Timestamp.Time
	case feedAlert:
		return d.alert.Timestamp.Time
	case feedFleet:
	}
	return time.Time{}
}

// clockSample reports whether the answer's CurrentTimestamp tells the
// service's time now: a board with rows or a vehicle's passages, whose
// bodies change with every answer. An empty board or an unchanged alert
// may be a revalidated copy (ETag, 304) that keeps the timestamp of its
// first fetch, which would read as a clock standing still.
func (d *feedData) clockSample(k feedKind) bool {
	switch k {
	case feedBoard:
		return len(d.board.Events) > 0
	case feedVehicle, feedPassages:
		return len(d.passages.Passages) > 0
	case feedAlert, feedFleet:
	}
	return false
}

// feedTickCmd fires the next poll of key's schedule gen after d.
func feedTickCmd(key feedKey, gen int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return feedTickMsg{key: key, gen: gen} })
}

// feedNowCmd asks for a poll of key's schedule gen at once, through
// Update; fresh bypasses the client's cache (a manual refresh).
func feedNowCmd(key feedKey, gen int, fresh bool) tea.Cmd {
	return func() tea.Msg { return feedTickMsg{key: key, gen: gen, fresh: fresh} }
}

// pollNow asks for a poll of this schedule at once.
func (p *poller) pollNow(key feedKey) tea.Cmd { return feedNowCmd(key, p.gen, false) }

// refresh polls now, bypassing the client's cache: the armed tick dies; a
// request in flight is left to finish (its answer re-arms the schedule),
// so there is never a second one.
func (p *poller) refresh(key feedKey) tea.Cmd {
	p.renew()
	if p.inFlight() {
		return nil
	}
	return feedNowCmd(key, p.gen, true)
}

// tick starts the poll msg asks for, unless msg is of another schedule or
// a request is in flight.
// A board asks for at most limit events.
func (p *poller) tick(sh *feedState, msg feedTickMsg, limit int) tea.Cmd {
	if msg.gen != p.gen || p.inFlight() {
		return nil
	}
	seq := sh.nextSeq()
	ctx, cancel := p.begin(sh.ctx, seq, sh.pol.timeout, msg.fresh)
	return fetchFeedCmd(ctx, cancel, sh.src, msg.key, seq, limit, sh.clock)
}

// receive takes the answer msg if it is the one awaited, records it and
// arms the next tick; ok is false for any other answer.
func (p *poller) receive(sh *feedState, msg feedMsg) (cmd tea.Cmd, ok bool) {
	if !p.accept(msg.seq) {
		return nil, false
	}
	// The data's age is judged on boards with rows only: an empty board's
	// answer may be revalidated unchanged (ETag, 304) with the timestamp of
	// its first fetch, while rows carry countdowns that change every answer.
	var ts time.Time
	if msg.key.kind == feedBoard && len(msg.data.board.Events) > 0 {
		ts = msg.data.board.Timestamp.Time
	}
	d := p.settle(sh.pol, msg.err, msg.at, ts, msg.ans)
	if (msg.key.kind == feedBoard || msg.key.kind == feedVehicle) && p.lastOK.IsZero() && errors.Is(msg.err, feed.ErrNotFound) {
		// The service knows no such stop or vehicle: asking again will
		// not change that. The view says so; a manual refresh (r) asks
		// once more.
		p.next = time.Time{}
		return nil, true
	}
	if msg.err == nil && !msg.ans.Stale && msg.data.clockSample(msg.key.kind) {
		if pd := sh.probe(p, d); pd != d {
			// A probe of the service's clock: past the client's cache,
			// whose answer would carry an old CurrentTimestamp.
			p.next = msg.at.Add(pd)
			key, gen := msg.key, p.gen
			return tea.Tick(pd, func(time.Time) tea.Msg { return feedTickMsg{key: key, gen: gen, fresh: true} }), true
		}
	}
	return feedTickCmd(msg.key, p.gen, d), true
}

// fetchFeedCmd requests key's subject. ctx carries the request timeout
// (and WithFresh for a manual refresh); cancel releases it.
func fetchFeedCmd(ctx context.Context, cancel context.CancelFunc, src Source, key feedKey, seq, limit int, now func() time.Time) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		msg := feedMsg{key: key, seq: seq}
		actx := feed.WithAnswer(ctx, &msg.ans)
		switch key.kind {
		case feedBoard:
			msg.data.board, msg.err = fetchBoard(actx, src, key.subj, limit)
		case feedVehicle:
			var (
				wg         sync.WaitGroup
				tErr, pErr error
				tAns       feed.Answer
			)
			wg.Add(2)
			go func() {
				defer wg.Done()
				msg.data.trips, tErr = src.Trips(feed.WithAnswer(ctx, &tAns), key.vehicle)
			}()
			go func() {
				defer wg.Done()
				msg.data.passages, pErr = src.Passages(actx, key.vehicle, key.rng)
			}()
			wg.Wait()
			msg.err = errors.Join(tErr, pErr)
			msg.ans = mergeAnswers(msg.ans, tAns)
		case feedFleet:
			msg.data.trips, msg.err = src.Trips(actx, 0)
		case feedPassages:
			msg.data.passages, msg.err = src.Passages(actx, key.vehicle, key.rng)
		case feedAlert:
			msg.data.alert, msg.err = src.Alert(actx)
		}
		msg.at = now()
		return msg
	}
}

// mergeAnswers is what two answers of one poll say together: stale if
// either is, as old as the older, simulated if either is.
func mergeAnswers(a, b feed.Answer) feed.Answer {
	return feed.Answer{Age: max(a.Age, b.Age), AgeKnown: a.AgeKnown || b.AgeKnown,
		Stale: a.Stale || b.Stale, Simulated: a.Simulated || b.Simulated}
}
