package grid

import (
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// TestRegistrySharesAPinnedAndWatchedStop: a stop on the pin strip and on
// the grid is one feed, polled once; the grid board of a pinned stop shows
// its departures at once, from the strip's answer, without a request of
// its own. (It lived in the root package and reached into its board
// side.)
func TestRegistrySharesAPinnedAndWatchedStop(t *testing.T) {
	r := newRig(t, nil, inDir(t.TempDir()))
	r.view(120, 38)
	r.d.Update(r.frame(), PinsMsg{Pins: []Pin{{Stop: 1350, Name: "Ehinger Tor"}}}) // its commands are not run: the test polls
	pinned := r.d.Pins.Feeds
	if len(pinned) != 1 {
		t.Fatalf("%d strip feeds, want 1", len(pinned))
	}
	pin := pinned[0]
	r.pollFeed(pin)
	if n := r.calls()[feeds.Subject{Stop: 1350}]; n != 1 {
		t.Fatalf("%d requests for the pinned stop, want 1", n)
	}

	r.d.Update(r.frame(), BoardsMsg{Specs: []app.BoardSpec{{Stop: 1350}, {Stop: 1008}}})
	g := &r.d.Grid
	if r.d.Mode != ModeGrid || g.Len() != 2 {
		t.Fatalf("mode %v with %d boards, want the grid of 2", r.d.Mode, g.Len())
	}
	if g.allFeeds()[0] != pin {
		t.Error("the grid polls the pinned stop on a feed of its own")
	}
	if len(g.Boards[0].Rows(r.frame())) == 0 {
		t.Error("the grid board of the pinned stop waits for a poll of its own")
	}
	if n := r.boardFeeds(); n != 2 {
		t.Errorf("%d feeds in the registry for 2 stops, want 2", n)
	}
	if n := r.calls()[feeds.Subject{Stop: 1350}]; n != 1 {
		t.Errorf("%d requests for the pinned stop, want still 1", n)
	}
}
