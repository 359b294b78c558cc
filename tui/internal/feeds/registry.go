package feeds

import (
	tea "github.com/charmbracelet/bubbletea"
)

// Registry holds one feed per polled subject (a stop's or stop point's
// departures or arrivals, a vehicle's trip and passages, the fleet, the
// alert), however many views show it: every board (the grid's, the pin
// strip, kiosk), the vehicle pane, the fleet view and the kiosk's alert
// take their data from here, so a stop that is both pinned and watched is
// polled once. Each entry has its poller (schedule, request in flight,
// last error, data age) and the last good answer. Views acquire the
// subjects they show and release them when they stop; the last release
// ends the poll. Where a board's data comes from: its feed (board.go,
// show); where a poll happens: poller.tick (feeds.go).
type Registry struct {
	Entries map[Key]*Entry
	// listeners act on each good answer of their key as it comes in,
	// before any view draws it: the fleet's NEXT column (fleetnext.go)
	// brings in the passage feeds of the rows a fleet answer shows.
	listeners map[Key]func(Data) tea.Cmd
}

// Listen calls f with every good answer of key, in receive; f's command
// joins the answer's.
func (r *Registry) Listen(key Key, f func(Data) tea.Cmd) {
	if r.listeners == nil {
		r.listeners = make(map[Key]func(Data) tea.Cmd)
	}
	r.listeners[key] = f
}

// Entry is one polled subject of the registry.
type Entry struct {
	Key     Key
	Subject Subject // key.subj, for board feeds
	Poll    Poller
	Data    Data // the last good answer
	Have    bool
	// holders are the views that show the feed, each with the number of
	// events it wants (its demand; board feeds, 0 for the others): a board
	// shown through filters (a line, platform or direction) wants MaxLimit,
	// so that it still fills as many rows as an unfiltered one, others
	// shared.limit. The feed asks for the largest demand of its holders:
	// the one demand rule of the grid, the pin strip and the kiosk alike.
	holders map[Holder]int
	// Asked is the Limit of its last request (board feeds); a demand above
	// it polls once more at once (demand), not an interval later.
	Asked int
	// Got is the Limit of the request whose answer is data: a board shows
	// at most shared.limit rows of an answer that asked for more (wideData).
	Got int
	// Again is set when the demand rose while a request was in flight:
	// its answer asks once more (receive).
	Again bool
}

// Holder identifies a view that holds feeds: a token made once per view
// (newHolder), so that the copies Bubble Tea makes of a view, whose
// models are values, are one holder.
type Holder = *holdToken

// holdToken is a holder's identity (not zero-sized: every one is a
// distinct allocation).
type holdToken struct{ _ byte }

// NewHolder returns a new holder.
func NewHolder() Holder { return &holdToken{} }

// The alert's holders: the board's root and the kiosk (one program has
// one of the two; every program has its own registry).
var (
	RootAlert  = NewHolder()
	KioskAlert = NewHolder()
)

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{Entries: map[Key]*Entry{}} }

// Acquire returns the feed of board subject s for holder h, which wants
// limit events (holder.demand).
func (r *Registry) Acquire(s Subject, h Holder, limit int) (*Entry, tea.Cmd) {
	return r.AcquireKey(BoardFeed(s), h, limit)
}

// AcquireKey returns the feed of k for holder h (wanting limit events of
// a board feed), starting it (and returning the command of its first
// poll) when no holder had it. A feed that already polls and now wants
// more is asked again at once.
func (r *Registry) AcquireKey(k Key, h Holder, limit int) (*Entry, tea.Cmd) {
	if e := r.Entries[k]; e != nil {
		e.holders[h] = limit
		return e, e.rise()
	}
	e := &Entry{Key: k, Subject: k.subj, holders: map[Holder]int{h: limit}}
	e.Poll.renew()
	r.Entries[k] = e
	return e, e.Poll.pollNow(k)
}

// Release gives up holder h's hold on e; the last one ends its poll.
func (r *Registry) Release(e *Entry, h Holder) {
	delete(e.holders, h)
	if len(e.holders) > 0 {
		return
	}
	e.Poll.restart()
	if r.Entries[e.Key] == e {
		delete(r.Entries, e.Key)
	}
}

// Demand records that holder h of e now wants limit events, and polls
// once more at once when that is more than the last request asked for.
func (e *Entry) Demand(h Holder, limit int) tea.Cmd {
	if old, ok := e.holders[h]; !ok || old == limit {
		return nil
	}
	e.holders[h] = limit
	return e.rise()
}

// Want is the largest demand of e's holders.
func (e *Entry) Want() int {
	w := 0
	for _, n := range e.holders {
		w = max(w, n)
	}
	return w
}

// rise polls e once more when its holders want more events than its last
// request asked for: at once, or when the request in flight answers.
// A feed that has not asked yet asks for the demand on its first tick.
func (e *Entry) rise() tea.Cmd {
	if e.Key.Kind != FeedBoard || e.Asked == 0 || e.Want() <= e.Asked {
		return nil
	}
	if e.Poll.InFlight() {
		e.Again = true
		return nil
	}
	e.Asked = e.Want() // asked once; the refresh's tick records it again
	return e.Refresh()
}

// Tick starts the poll msg asks for; ok is false when msg is no entry's.
func (r *Registry) Tick(sh *State, msg TickMsg) (e *Entry, cmd tea.Cmd, ok bool) {
	e = r.Entries[msg.Key]
	if e == nil || e.Poll.Gen != msg.Gen {
		return nil, nil, false
	}
	limit := e.Want()
	if limit <= 0 {
		limit = sh.Limit
	}
	cmd = e.Poll.Tick(sh, msg, limit)
	if cmd != nil {
		e.Asked = limit
	}
	return e, cmd, true
}

// Receive takes the answer msg if an entry awaits it, records it and arms
// the entry's next tick; ok is false for any other answer.
func (r *Registry) Receive(sh *State, msg AnswerMsg) (e *Entry, cmd tea.Cmd, ok bool) {
	e = r.Entries[msg.Key]
	if e == nil {
		return nil, nil, false
	}
	if cmd, ok = e.Poll.Receive(sh, msg); !ok {
		return nil, nil, false
	}
	if msg.Err == nil {
		if msg.Key.Kind == FeedBoard && e.Have {
			msg.Data.Board = KeepVanished(e.Data.Board, msg.Data.Board, sh.Now)
		}
		e.Data, e.Have, e.Got = msg.Data, true, e.Asked
	}
	if e.Again {
		e.Again = false
		if rise := e.rise(); rise != nil {
			cmd = rise // the demand rose while it was asked for fewer
		}
	}
	if f := r.listeners[e.Key]; msg.Err == nil && f != nil {
		cmd = tea.Batch(cmd, f(msg.Data))
	}
	return e, cmd, true
}

// Refresh polls e now, bypassing the client's cache.
func (e *Entry) Refresh() tea.Cmd { return e.Poll.Refresh(e.Key) }

// NewsMsg is a feed's news for the views that hold it: the registry makes
// one when a poll starts (Answer nil) and when an answer is recorded
// (News), and the root hands it to every pane; a pane acts on it when it
// holds Entry.
type NewsMsg struct {
	Entry  *Entry
	Answer *AnswerMsg
}

// News takes a poll's tick (TickMsg) or answer (AnswerMsg) as Tick and
// Receive do and returns the news for the feed's holders; ok is false
// for any other message, and for one no feed awaits.
func (r *Registry) News(sh *State, msg any) (news NewsMsg, cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case TickMsg:
		news.Entry, cmd, ok = r.Tick(sh, msg)
	case AnswerMsg:
		news.Entry, cmd, ok = r.Receive(sh, msg)
		news.Answer = &msg
	}
	return news, cmd, ok
}
