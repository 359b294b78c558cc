package feeds

import tea "github.com/charmbracelet/bubbletea"

// Hold is a view's hold on one feed of the registry: the one way to
// acquire, release, refresh, read the poll state of and declare a demand
// on a feed, embedded by the views that show one feed (a board, the
// vehicle pane, the fleet view). Its holder token is made once in NewHold,
// so the copies Bubble Tea makes of a view are one holder.
type Hold struct {
	// Feed is the registry's entry while held, nil while not.
	Feed  *Entry
	reg   *Registry
	token Holder
	idle  Poller // the poll state shown while nothing is held: none, never written
}

// NewHold returns a hold on nothing yet in reg.
func NewHold(reg *Registry) Hold { return Hold{reg: reg, token: NewHolder()} }

// Acquire holds the feed of k, wanting demand events (board feeds; 0 for
// the others), and returns its first poll if no other view polls it
// already. A feed held before is released first, unless it is k's.
func (h *Hold) Acquire(k Key, demand int) tea.Cmd {
	if h.Feed != nil {
		if h.Feed.Key == k {
			return h.Feed.Demand(h.token, demand)
		}
		h.Release()
	}
	var cmd tea.Cmd
	h.Feed, cmd = h.reg.AcquireKey(k, h.token, demand)
	return cmd
}

// Release gives the feed up; its poll ends unless another view holds it.
func (h *Hold) Release() {
	if h.Feed != nil {
		h.reg.Release(h.Feed, h.token)
		h.Feed = nil
	}
}

// Holds reports whether e is the feed held: the root hands an answer to
// the views that hold its feed.
func (h *Hold) Holds(e *Entry) bool { return e != nil && h.Feed == e }

// Want declares the events the view now wants of its (board) feed; a rise
// polls once more at once.
func (h *Hold) Want(demand int) tea.Cmd {
	if h.Feed == nil {
		return nil
	}
	return h.Feed.Demand(h.token, demand)
}

// Refresh polls now, bypassing the client's cache, unless a request is in
// flight (its answer re-arms the schedule); nothing while nothing is held.
func (h *Hold) Refresh() tea.Cmd {
	if h.Feed == nil {
		return nil
	}
	return h.Feed.Refresh()
}

// Polls is the poll state of the feed held, or of none.
func (h *Hold) Polls() *Poller {
	if h.Feed != nil {
		return &h.Feed.Poll
	}
	return &h.idle
}
