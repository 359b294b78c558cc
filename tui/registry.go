package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// registry holds one feed per polled subject (a stop's or stop point's
// departures or arrivals, a vehicle's trip and passages, the fleet, the
// alert), however many views show it: every board (the grid's, the pin
// strip, kiosk), the vehicle pane, the fleet view and the kiosk's alert
// take their data from here, so a stop that is both pinned and watched is
// polled once. Each entry has its poller (schedule, request in flight,
// last error, data age) and the last good answer. Views acquire the
// subjects they show and release them when they stop; the last release
// ends the poll. Where a board's data comes from: its feed (board.go,
// show); where a poll happens: poller.tick (feeds.go).
type registry struct {
	entries map[feedKey]*feedEntry
	// listeners act on each good answer of their key as it comes in,
	// before any view draws it: the fleet's NEXT column (fleetnext.go)
	// brings in the passage feeds of the rows a fleet answer shows.
	listeners map[feedKey]func(feedData) tea.Cmd
}

// listen calls f with every good answer of key, in receive; f's command
// joins the answer's.
func (r *registry) listen(key feedKey, f func(feedData) tea.Cmd) {
	if r.listeners == nil {
		r.listeners = make(map[feedKey]func(feedData) tea.Cmd)
	}
	r.listeners[key] = f
}

// feedEntry is one polled subject of the registry.
type feedEntry struct {
	key  feedKey
	subj subject // key.subj, for board feeds
	poll poller
	data feedData // the last good answer
	have bool
	// holders are the views that show the feed, each with the number of
	// events it wants (its demand; board feeds, 0 for the others): a board
	// shown through filters (a line, platform or direction) wants MaxLimit,
	// so that it still fills as many rows as an unfiltered one, others
	// shared.limit. The feed asks for the largest demand of its holders:
	// the one demand rule of the grid, the pin strip and the kiosk alike.
	holders map[holder]int
	// asked is the Limit of its last request (board feeds); a demand above
	// it polls once more at once (demand), not an interval later.
	asked int
	// got is the Limit of the request whose answer is data: a board shows
	// at most shared.limit rows of an answer that asked for more (wideData).
	got int
	// again is set when the demand rose while a request was in flight:
	// its answer asks once more (receive).
	again bool
}

// holder identifies a view that holds feeds: a token made once per view
// (newHolder), so that the copies Bubble Tea makes of a view, whose
// models are values, are one holder.
type holder = *holdToken

// holdToken is a holder's identity (not zero-sized: every one is a
// distinct allocation).
type holdToken struct{ _ byte }

// newHolder returns a new holder.
func newHolder() holder { return &holdToken{} }

// The alert's holders: the board's root and the kiosk (one program has
// one of the two; every program has its own registry).
var (
	rootAlert  = newHolder()
	kioskAlert = newHolder()
)

// newRegistry returns an empty registry.
func newRegistry() *registry { return &registry{entries: map[feedKey]*feedEntry{}} }

// acquire returns the feed of board subject s for holder h, which wants
// limit events (holder.demand).
func (r *registry) acquire(s subject, h holder, limit int) (*feedEntry, tea.Cmd) {
	return r.acquireKey(boardFeed(s), h, limit)
}

// acquireKey returns the feed of k for holder h (wanting limit events of
// a board feed), starting it (and returning the command of its first
// poll) when no holder had it. A feed that already polls and now wants
// more is asked again at once.
func (r *registry) acquireKey(k feedKey, h holder, limit int) (*feedEntry, tea.Cmd) {
	if e := r.entries[k]; e != nil {
		e.holders[h] = limit
		return e, e.rise()
	}
	e := &feedEntry{key: k, subj: k.subj, holders: map[holder]int{h: limit}}
	e.poll.renew()
	r.entries[k] = e
	return e, e.poll.pollNow(k)
}

// release gives up holder h's hold on e; the last one ends its poll.
func (r *registry) release(e *feedEntry, h holder) {
	delete(e.holders, h)
	if len(e.holders) > 0 {
		return
	}
	e.poll.restart()
	if r.entries[e.key] == e {
		delete(r.entries, e.key)
	}
}

// demand records that holder h of e now wants limit events, and polls
// once more at once when that is more than the last request asked for.
func (e *feedEntry) demand(h holder, limit int) tea.Cmd {
	if old, ok := e.holders[h]; !ok || old == limit {
		return nil
	}
	e.holders[h] = limit
	return e.rise()
}

// want is the largest demand of e's holders.
func (e *feedEntry) want() int {
	w := 0
	for _, n := range e.holders {
		w = max(w, n)
	}
	return w
}

// rise polls e once more when its holders want more events than its last
// request asked for: at once, or when the request in flight answers.
// A feed that has not asked yet asks for the demand on its first tick.
func (e *feedEntry) rise() tea.Cmd {
	if e.key.kind != feedBoard || e.asked == 0 || e.want() <= e.asked {
		return nil
	}
	if e.poll.inFlight() {
		e.again = true
		return nil
	}
	e.asked = e.want() // asked once; the refresh's tick records it again
	return e.refresh()
}

// tick starts the poll msg asks for; ok is false when msg is no entry's.
func (r *registry) tick(sh *feedState, msg feedTickMsg) (e *feedEntry, cmd tea.Cmd, ok bool) {
	e = r.entries[msg.key]
	if e == nil || e.poll.gen != msg.gen {
		return nil, nil, false
	}
	limit := e.want()
	if limit <= 0 {
		limit = sh.limit
	}
	cmd = e.poll.tick(sh, msg, limit)
	if cmd != nil {
		e.asked = limit
	}
	return e, cmd, true
}

// receive takes the answer msg if an entry awaits it, records it and arms
// the entry's next tick; ok is false for any other answer.
func (r *registry) receive(sh *feedState, msg feedMsg) (e *feedEntry, cmd tea.Cmd, ok bool) {
	e = r.entries[msg.key]
	if e == nil {
		return nil, nil, false
	}
	if cmd, ok = e.poll.receive(sh, msg); !ok {
		return nil, nil, false
	}
	if msg.err == nil {
		e.data, e.have, e.got = msg.data, true, e.asked
	}
	if e.again {
		e.again = false
		if rise := e.rise(); rise != nil {
			cmd = rise // the demand rose while it was asked for fewer
		}
	}
	if f := r.listeners[e.key]; msg.err == nil && f != nil {
		cmd = tea.Batch(cmd, f(msg.data))
	}
	return e, cmd, true
}

// refresh polls e now, bypassing the client's cache.
func (e *feedEntry) refresh() tea.Cmd { return e.poll.refresh(e.key) }
