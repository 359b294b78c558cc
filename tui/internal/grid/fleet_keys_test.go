package grid

import (
	"fmt"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/fleet"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/testkit"
)

// The fleet's and the removal's keys on the board side (these tests
// lived in the root package and reached into its board side).

// withFleet gives src a few trips for the fleet: six in service, one
// not.
func withFleet(src *testkit.FakeSource) *testkit.FakeSource {
	src.Fleet = testkit.FleetTrips()
	return src
}

// fleetPoll runs one full poll of the fleet's feed through the registry
// and hands its news to the board side, as the root does.
func (r *rig) fleetPoll() {
	r.t.Helper()
	news, fetch, ok := r.sh.Reg.News(r.sh.State, feeds.TickMsg{Key: feeds.FleetKey, Gen: r.d.Fleet.Polls().Gen})
	if !ok || fetch == nil {
		r.t.Fatal("fleet tick started no fetch")
	}
	r.d.Update(r.frame(), news)
	news, _, ok = r.sh.Reg.News(r.sh.State, fetch()) // its next tick, a timer, is not run
	if !ok {
		r.t.Fatal("the fleet's answer is no news")
	}
	r.d.Update(r.frame(), news)
}

// TestFleetView: v polls the trips on its own chain and lists the
// vehicles in service; s sorts by delay; leaving stops the chain.
func TestFleetView(t *testing.T) {
	r := newRigOn(t, withFleet(newFake()), stopsOver(2), nil)
	r.view(120, 40)
	cmd, _ := r.key("v")
	if r.d.Mode != ModeFleet || cmd == nil {
		t.Fatal("v did not open the fleet")
	}
	r.fleetPoll()
	f := &r.d.Fleet
	if len(f.Trips) != 6 {
		t.Fatalf("%d vehicles listed, want the 6 in service", len(f.Trips))
	}
	if fleet.TripLine(f.Trips[0]) != "1" {
		t.Errorf("first by line is line %s", fleet.TripLine(f.Trips[0]))
	}
	r.press("s")
	// A new order shows its top, the worst delay selected.
	if f := &r.d.Fleet; f.Trips[0].VehicleNumber != 161 || f.Cursor != 0 {
		t.Errorf("by delay the first is %d and the cursor on row %d; want 161 and the cursor on the top row",
			f.Trips[0].VehicleNumber, f.Cursor)
	}
	v := r.view(120, 40)
	// late >3 min counts the rows showing +4 and more (+7, +4), not the +3
	for _, want := range []string{"6 in service", "2 late >3 min", "worst +7 min: 7 → Kuhberg"} {
		if !strings.Contains(v, want) {
			t.Errorf("fleet view lacks %q:\n%s", want, v)
		}
	}
	if cmd, _ := r.key("enter"); cmd == nil {
		t.Error("enter opened nothing")
	} else if msg, ok := cmd().(app.OpenMsg); !ok || msg.Target.Vehicle != 161 {
		t.Errorf("enter opened %#v, want vehicle 161", msg)
	}
	gen := r.d.Fleet.Polls().Gen
	r.press("esc")
	if r.d.Mode != ModeGrid || r.d.Fleet.Polls().Gen == gen {
		t.Error("esc left the fleet's schedule running or did not return to the grid")
	}
}

// TestGridRemoveAsksFirst: `x` does not remove a board at once. The
// first `x` asks in the status line and marks the focused cell; any
// other key keeps the board; a second `x` removes it.
func TestGridRemoveAsksFirst(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		r := newRig(t, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}, {Stop: 1240}}, func(o *app.Options) { o.Lang = lang })
		r.view(120, 40)
		dt := &r.sh.Texts.DispTexts
		r.press("right") // board 2 (Ehinger Tor)
		_, a := r.key("x")
		if n := r.d.Grid.Len(); n != 3 {
			t.Fatalf("%s: the first x removed a board: %d left", lang, n)
		}
		v := r.view(120, 40)
		name := r.d.Grid.Focused().Name(r.sh.Texts)
		ask := fmt.Sprintf(dt.RemoveAsk, 2, name)
		if a.Notice != ask || !strings.Contains(v, dt.RemoveMark) {
			t.Errorf("%s: after the first x the status line does not ask (%q, got %q) and mark the cell (%q):\n%s", lang, ask, a.Notice, dt.RemoveMark, v)
		}
		r.press("r") // any other key keeps the board and forgets the question
		if v := r.view(120, 40); strings.Contains(v, dt.RemoveMark) || r.d.Grid.Len() != 3 {
			t.Errorf("%s: another key did not cancel the removal:\n%s", lang, v)
		}
		r.press("x")
		// The help's keys go to its overlay; the root tells the board
		// side of every key all the same.
		r.d.CancelRemoveUnless(termio.KeyMsgFor("?"))
		r.d.CancelRemoveUnless(termio.KeyMsgFor("esc"))
		r.press("x")
		if n := r.d.Grid.Len(); n != 3 {
			t.Fatalf("%s: x, another key, x removed a board: %d left", lang, n)
		}
		r.press("x")
		if g := &r.d.Grid; g.Len() != 2 {
			t.Fatalf("%s: x x kept the board: %d boards", lang, g.Len())
		}
		for _, b := range r.d.Grid.Boards {
			if b.Name(r.sh.Texts) == name {
				t.Errorf("%s: x x removed another board than %s", lang, name)
			}
		}
		if v := r.view(120, 40); strings.Contains(v, dt.RemoveMark) {
			t.Errorf("%s: a mark remains after the removal:\n%s", lang, v)
		}
	}
}
