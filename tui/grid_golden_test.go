package tui

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// goldenSpecs are the grid goldens' boards: the four stops, some with
// filters, one showing arrivals.
func goldenSpecs(n int) []app.BoardSpec {
	s := specsOver(n)
	if n > 6 {
		s[4].Lines = []string{"2"}
		s[5].Platform = "B"
		s[6].Arrivals = true
		s[7].Direction = "böfingen"
	}
	return s
}

// newGoldenGrid is the grid of goldenSpecs(n) at w×h after a failed poll
// of Rathaus Ulm (stale) and a minute of requests.
func newGoldenGrid(t *testing.T, w, h, n int) *testEnv {
	var req int64
	e := newGridEnv(t, w, h, goldenSpecs(n), func(o *app.Options) { o.Stats = func() int64 { return req } })
	e.advance(15 * time.Second)
	req = 8
	e.advance(time.Second)
	if f := e.feed(feeds.BoardFeed(feeds.Subject{Stop: 1010})); f != nil {
		e.src.SetErr(errString("cannot reach api.swu.de"))
		e.deliver(e.send(feeds.TickMsg{Key: feeds.BoardFeed(f.Subject), Gen: f.Poll.Gen}))
		e.src.SetErr(nil)
		f.Poll.LastOK = e.now.Add(-time.Minute) // stale: older than two intervals (issue 12 item 13)
	}
	e.Key("right")
	return e
}

func TestGoldenGrid(t *testing.T) {
	for _, c := range []struct {
		name    string
		w, h, n int
	}{{"80x24", 80, 24, 6}, {"160x48", 160, 48, 12}, {"240x70", 240, 70, 12}} {
		t.Run(c.name, func(t *testing.T) {
			e := newGoldenGrid(t, c.w, c.h, c.n)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}

func TestGoldenGridZoom(t *testing.T) {
	e := newGoldenGrid(t, 120, 30, 12)
	e.Key("5")
	e.Key("enter")
	golden.RequireEqual(t, []byte(e.m.View()))
}

func TestGoldenFleet(t *testing.T) {
	e := newGoldenGrid(t, 120, 30, 6)
	e.Key("v")
	e.fleetPoll()
	e.Key("s")
	golden.RequireEqual(t, []byte(e.m.View()))
}

func TestGoldenMerged(t *testing.T) {
	e := newGoldenGrid(t, 120, 30, 4)
	e.Key("m")
	e.Key("down")
	golden.RequireEqual(t, []byte(e.m.View()))
}
