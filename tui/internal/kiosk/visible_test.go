package kiosk

import (
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// A hall display of large rows builds its frame only when something it
// shows turns (issue 34 item 5: the idle cost no more than a minimal
// clock's), and the frame it keeps is always the one it would build
// anew: over four minutes of seconds, with answers every 15 s, departures
// leaving, an alert's pages and the burn-in step, one board and two side
// by side at 300×80 (a column whose board did not turn is not built
// again either).
func TestKioskFrameBuiltOnlyWhenItTurns(t *testing.T) {
	for _, c := range []struct {
		name  string
		specs []app.BoardSpec
	}{{"one board", nil}, {"two boards", []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}}} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, 300, 80, app.KioskOptions{}, "")
			if c.specs != nil {
				e = newEnv(t, 300, 80, app.KioskOptions{}, "", c.specs...)
			}
			e.src.TheAlert = model.Alert{Title: "Line 2", Items: []string{
				"Trams to Kuhberg start at Ehinger Tor until 14:00 while the tracks at the Hauptbahnhof are renewed; " +
					"please use the buses of line 2E between Hauptbahnhof and Ehinger Tor, every ten minutes, " +
					"and allow ten minutes more for your journey. We apologise for the inconvenience."}}
			e.poll()
			fetch := e.send(feeds.TickMsg{Key: AlertKey, Gen: e.m.Kiosk.AlertF.Poll.Gen})
			e.send(fetch())
			if e.m.tickerLine(e.m.Shared.Frame(app.PaneBoard), 299) == "" {
				t.Fatal("no alert ticker")
			}
			const steps = 240
			before := e.m.Kiosk.cache.built
			for s := range steps {
				e.advance(time.Second)
				if s%15 == 0 {
					e.poll()
				}
				got := e.m.View()
				c := e.m.Kiosk.cache
				c.ok, c.cols, c.vis = false, nil, nil // what it would build anew
				if want := e.m.View(); got != want {
					t.Fatalf("after %d s the kiosk shows a frame it would no longer build:\n%s\nwant:\n%s", s+1, got, want)
				}
			}
			built := e.m.Kiosk.cache.built - before - steps // less those forced above
			t.Logf("%d frames built in %d seconds", built, steps)
			if built > steps/3 {
				t.Errorf("%d frames built in %d seconds of large rows, want at most %d (only when what shows turns)", built, steps, steps/3)
			}
		})
	}
}

// Between two answers a hall display of four boards side by side works
// out what of a board turns with the clock only when something of it may
// turn (a minute's turn, a countdown within two minutes of its departure,
// a departure that becomes due or leaves), not every second: over three
// minutes of seconds without an answer, each second's frame the one it
// would build anew.
func TestKioskBoardsWorkedOutOnlyWhenTheyMayTurn(t *testing.T) {
	e := newColumnsEnv(t, 300, 80, 0)
	_ = e.m.View()
	c := e.m.Kiosk.cache
	before := c.visWorked
	const steps = 180
	for s := range steps {
		e.advance(time.Second)
		got := e.m.View()
		worked := c.visWorked
		c.ok, c.cols, c.vis = false, nil, nil // what it would build anew
		if want := e.m.View(); got != want {
			t.Fatalf("after %d s the kiosk shows a frame it would no longer build:\n%s\nwant:\n%s", s+1, got, want)
		}
		c.visWorked = worked
	}
	n := c.visWorked - before
	t.Logf("four boards worked out %d times in %d seconds", n, steps)
	if n > steps {
		t.Errorf("four boards worked out %d times in %d seconds, want at most %d", n, steps, steps)
	}
}
