package tui

import (
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
)

// TestRegistrySharesAPinnedAndWatchedStop: a stop on the pin strip and on
// the grid is one feed, polled once; the grid board of a pinned stop shows
// its departures at once, from the strip's answer, without a request of
// its own.
func TestRegistrySharesAPinnedAndWatchedStop(t *testing.T) {
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = t.TempDir() })
	e.send(grid.PinsMsg{Pins: []grid.Pin{{Stop: 1350, Name: "Ehinger Tor"}}})
	pinned := e.m.disp.Pins.Feeds
	if len(pinned) != 1 {
		t.Fatalf("%d strip feeds, want 1", len(pinned))
	}
	pin := pinned[0]
	e.deliver(e.send(feeds.TickMsg{Key: pin.Key, Gen: pin.Poll.Gen}))
	calls := func(stop int) (n int) {
		e.src.Mu.Lock()
		defer e.src.Mu.Unlock()
		for _, s := range e.src.Calls {
			if s == (feeds.Subject{Stop: stop}) {
				n++
			}
		}
		return n
	}
	if n := calls(1350); n != 1 {
		t.Fatalf("%d requests for the pinned stop, want 1", n)
	}

	e.send(grid.BoardsMsg{Specs: []app.BoardSpec{{Stop: 1350}, {Stop: 1008}}})
	g := &e.m.disp.Grid
	if e.m.disp.Mode != grid.ModeGrid || g.Len() != 2 {
		t.Fatalf("mode %v with %d boards, want the grid of 2", e.m.disp.Mode, g.Len())
	}
	if g.Feeds()[0] != pin {
		t.Error("the grid polls the pinned stop on a feed of its own")
	}
	if len(g.Boards[0].Rows()) == 0 {
		t.Error("the grid board of the pinned stop waits for a poll of its own")
	}
	if n := boardFeeds(e.m.sh.Reg); n != 2 {
		t.Errorf("%d feeds in the registry for 2 stops, want 2", n)
	}
	if n := calls(1350); n != 1 {
		t.Errorf("%d requests for the pinned stop, want still 1", n)
	}
}
