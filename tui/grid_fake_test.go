package tui

import (
	"cmp"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// gridStops are the stops of the grid tests besides Hauptbahnhof: each a
// copy of the Hauptbahnhof board, later by some minutes.
var gridStops = []struct {
	n     int
	name  string
	shift time.Duration
}{{1350, "Ehinger Tor", time.Minute}, {1240, "Theater", 2 * time.Minute}, {1010, "Rathaus Ulm", 3 * time.Minute}}

// addGridStops gives the fake source the boards of gridStops and a few
// trips for the fleet.
func addGridStops(f *testkit.FakeSource) {
	for i, s := range gridStops {
		for _, arr := range []bool{false, true} {
			b := testkit.MovedBoard(testkit.HbfBoard(arr), s.n, s.name, s.shift, 60*i, 1000*(i+1))
			f.Boards[feeds.Subject{Stop: s.n, Arrivals: arr}] = b
		}
	}
	f.Fleet = testkit.FleetTrips()
}

// specsOver returns n board specs cycling over the four test stops.
func specsOver(n int) []app.BoardSpec {
	stops := []int{1008, 1350, 1240, 1010}
	out := make([]app.BoardSpec, n)
	for i := range out {
		out[i] = app.BoardSpec{Stop: stops[i%len(stops)]}
	}
	return out
}

// newGridEnv returns a model of size w×h with base data loaded, the
// boards of specs watched and every feed's first poll answered.
func newGridEnv(t testing.TB, w, h int, specs []app.BoardSpec, opt func(*app.Options)) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	addGridStops(e.src)
	o := app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Boards: specs}
	if opt != nil {
		opt(&o)
	}
	e.m = New(o)
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.pollFeeds()
	return e
}

// boardFeeds are the board feeds of the root's registry (every board the
// root shows holds one: the grid's, the plain board's, the pin strip's),
// in a stable order.
func (e *testEnv) boardFeeds() []*feeds.Entry {
	var out []*feeds.Entry
	for _, f := range e.m.sh.Reg.Entries {
		if f.Key.Kind == feeds.FeedBoard {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b *feeds.Entry) int {
		if c := cmp.Compare(a.Subject.Stop, b.Subject.Stop); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Subject.Point, b.Subject.Point); c != 0 {
			return c
		}
		if a.Subject.Arrivals == b.Subject.Arrivals {
			return 0
		}
		if a.Subject.Arrivals {
			return 1
		}
		return -1
	})
	return out
}

// feed is the root's registry feed of key k (nil when nothing holds it).
func (e *testEnv) feed(k feeds.Key) *feeds.Entry { return e.m.sh.Reg.Entries[k] }

// pollFeeds runs one full poll of every board feed.
func (e *testEnv) pollFeeds() {
	e.t.Helper()
	for _, f := range e.boardFeeds() {
		cmd := e.send(feeds.TickMsg{Key: feeds.BoardFeed(f.Subject), Gen: f.Poll.Gen})
		if cmd == nil {
			e.t.Fatalf("feed %v: tick started no fetch", f.Subject)
		}
		e.deliver(cmd)
	}
}

// fleetPoll runs one full poll of the fleet.
func (e *testEnv) fleetPoll() {
	e.t.Helper()
	f := e.feed(feeds.FleetKey)
	if f == nil {
		e.t.Fatal("no fleet feed")
	}
	cmd := e.send(feeds.TickMsg{Key: feeds.FleetKey, Gen: f.Poll.Gen})
	if cmd == nil {
		e.t.Fatal("fleet tick started no fetch")
	}
	e.send(cmd())
}

// removeBoard removes the focused grid board: `x` asks, a second `x`
// removes. It returns the second key's command.
func (e *testEnv) removeBoard() tea.Cmd {
	e.t.Helper()
	e.Key("x")
	return e.Key("x")
}
