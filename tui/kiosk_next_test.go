package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// The kiosk's "Next departure" names the vehicle waiting at the stop even
// when its predicted departure is a few seconds past: the first row shows
// it as "now" at the stop, and a passenger can still board it. It used to
// name the next vehicle still to come instead (the morning rush at
// Hauptbahnhof: rows "4 … now at stop", title "Next departure: 2 …").
func TestKioskNextDepartureIsTheVehicleAtTheStop(t *testing.T) {
	e := newKioskEnv(t, 120, 40, app.KioskOptions{LargeCountdown: true})
	e.kpoll()
	e.clockTo(testkit.T0.Add(40 * time.Second)) // line 2 at the stop, due 20 s ago
	v := ansi.Strip(e.View())
	var next string
	for _, l := range strings.Split(v, "\n") {
		if i := strings.Index(l, "Next departure:"); i >= 0 {
			next = strings.Join(strings.Fields(l[i:]), " ")
		}
	}
	if !strings.Contains(v, "Science Park II") {
		t.Fatalf("the vehicle at the stop is not on the board:\n%s", v)
	}
	if !strings.HasPrefix(next, "Next departure: 2 Science Park II") {
		t.Errorf("the header says %q while line 2 waits at the stop:\n%s", next, v)
	}
}

// Issue 23 item 4: with a walking time the big "Next departure" is the
// first departure that can still be caught on foot, not a missed one.
func TestKioskNextDepartureIsCatchableOnFoot(t *testing.T) {
	spec := app.BoardSpec{Stop: 1008, Walk: app.WalkTime(4 * time.Minute)}
	e := newKioskEnv(t, 160, 48, app.KioskOptions{LargeCountdown: true}, spec)
	e.kpoll()
	b := &e.k.Kiosk.Boards[0]
	var first, catch *model.Event
	for _, r := range b.Rows(e.k.Shared.Frame(app.PaneBoard)) {
		ev := &b.Data.Events[r]
		if d, ok := ev.DueIn(e.now); !ok || d < 0 {
			continue
		}
		if first == nil {
			first = ev
		}
		if _, band, ok := ui.LeaveBand(ev, e.now, 4*time.Minute); ok && band != ui.BandMissed {
			catch = ev
			break
		}
	}
	if first == nil || catch == nil || first == catch {
		t.Fatalf("the fixture needs a missed departure before a catchable one (first %v, catchable %v)", first, catch)
	}
	v := ansi.Strip(e.View())
	var next string
	for _, l := range strings.Split(v, "\n") {
		if i := strings.Index(l, "Next departure:"); i >= 0 {
			next = strings.Join(strings.Fields(l[i:]), " ")
		}
	}
	if want := "Next departure: " + catch.Line() + " " + catch.DirectionText; !strings.HasPrefix(next, want) {
		t.Errorf("the headline says %q, want %q (the first one catchable with 4 min to walk):\n%s", next, want, v)
	}
}
