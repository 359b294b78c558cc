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
	// fleet is the fleet's passage feeds (fleetnext.go): a fleet answer
	// brings in the feeds of the rows it shows, nil without a fleet.
	fleet *fleetNext
}

// feedEntry is one polled subject of the registry.
type feedEntry struct {
	key   feedKey
	subj  subject // key.subj, for board feeds
	poll  poller
	data  feedData // the last good answer
	have  bool
	users int // views that show it
	// wide is set while a view shows the feed through filters (a line,
	// platform or direction): its polls then ask the service for MaxLimit
	// events, so that the filtered view still fills as many rows as an
	// unfiltered one (each view shows at most shared.limit rows).
	wide bool
	// gotWide is whether the last request asked for MaxLimit.
	gotWide bool
	// wideGen is the schedule started to ask for a wide answer at once.
	wideGen int
	// asked is the Limit of its last request (board feeds), so that a
	// screen that grew taller than what was asked for (the kiosk fills
	// its height) is asked again at once, not an interval later.
	asked int
}

// newRegistry returns an empty registry.
func newRegistry() *registry { return &registry{entries: map[feedKey]*feedEntry{}} }

// acquire returns the feed of board subject s for one more view.
func (r *registry) acquire(s subject) (*feedEntry, tea.Cmd) { return r.acquireKey(boardFeed(s)) }

// acquireKey returns the feed of k for one more view, starting it (and
// returning the command of its first poll) when no view had it.
func (r *registry) acquireKey(k feedKey) (*feedEntry, tea.Cmd) {
	if e := r.entries[k]; e != nil {
		e.users++
		return e, nil
	}
	e := &feedEntry{key: k, subj: k.subj, users: 1}
	e.poll.renew()
	r.entries[k] = e
	return e, e.poll.pollNow(k)
}

// release gives up one view's hold on e; the last one ends its poll.
func (r *registry) release(e *feedEntry) {
	e.users--
	if e.users > 0 {
		return
	}
	e.poll.restart()
	if r.entries[e.key] == e {
		delete(r.entries, e.key)
	}
}

// tick starts the poll msg asks for; ok is false when msg is no entry's.
func (r *registry) tick(sh *shared, msg feedTickMsg) (e *feedEntry, cmd tea.Cmd, ok bool) {
	e = r.entries[msg.key]
	if e == nil || e.poll.gen != msg.gen {
		return nil, nil, false
	}
	limit := sh.limit
	if e.wide {
		limit = max(limit, MaxLimit)
	}
	cmd = e.poll.tick(sh, msg, limit)
	if cmd != nil {
		e.gotWide = e.wide
		e.asked = limit
	}
	return e, cmd, true
}

// widen marks the feeds that a view shows through filters (filtered
// reports it of a feed), so that their polls ask for more events
// (feedEntry.wide); a feed that just became wide and last asked for fewer
// is polled at once, so a new filter fills its rows without waiting an
// interval. The grid and the kiosk use this one rule, so the same
// filtered board asks for the same events in both.
func (r *registry) widen(filtered func(*feedEntry) bool) tea.Cmd {
	var cmds []tea.Cmd
	for _, f := range r.entries {
		w := filtered(f)
		f.wide = w
		if w && !f.gotWide && f.have && !f.poll.inFlight() && f.wideGen != f.poll.gen {
			// A new schedule (the armed tick dies), asked for once.
			cmds = append(cmds, f.refresh())
			f.wideGen = f.poll.gen
		}
	}
	return tea.Batch(cmds...)
}

// askMore polls now the board feeds whose last request asked for fewer
// events than shared.limit wants now and that have no request in flight;
// one in flight is asked again when its answer comes (receive).
func (r *registry) askMore(sh *shared) tea.Cmd {
	var cmds []tea.Cmd
	for _, e := range r.entries {
		if e.key.kind == feedBoard && e.asked > 0 && e.asked < sh.limit && !e.poll.inFlight() {
			e.asked = sh.limit // asked once; the refresh's tick records it again
			cmds = append(cmds, e.refresh())
		}
	}
	return tea.Batch(cmds...)
}

// receive takes the answer msg if an entry awaits it, records it and arms
// the entry's next tick; ok is false for any other answer.
func (r *registry) receive(sh *shared, msg feedMsg) (e *feedEntry, cmd tea.Cmd, ok bool) {
	e = r.entries[msg.key]
	if e == nil {
		return nil, nil, false
	}
	if cmd, ok = e.poll.receive(sh, msg); !ok {
		return nil, nil, false
	}
	if msg.err == nil {
		e.data, e.have = msg.data, true
		if e.key.kind == feedBoard && e.asked > 0 && e.asked < sh.limit {
			e.asked = sh.limit
			cmd = e.refresh() // the screen grew while it was asked for fewer
		}
		if e.key == fleetKey && r.fleet != nil {
			cmd = tea.Batch(cmd, r.fleet.answered(msg.data.trips))
		}
	}
	return e, cmd, true
}

// refresh polls e now, bypassing the client's cache.
func (e *feedEntry) refresh() tea.Cmd { return e.poll.refresh(e.key) }
