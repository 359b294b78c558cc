package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// Issue 33 item 5: L on a board row opens the row's line's ladder with
// the row's vehicle selected (its line at the foot of the ladder names
// it), not the line's first vehicle.
func TestLadderFromBoardRowSelectsItsVehicle(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	testkit.InstallLadder(e.src)
	b := e.src.Boards[feeds.Subject{Stop: 1008}]
	for i := range b.Events {
		if b.Events[i].Line() == "4" {
			b.Events[i].VehicleNumber = 103 // the third of line 4's vehicles on the ladder
		}
	}
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	e.send(e.src.Base)
	e.poll()
	for range 10 {
		if cursorLine(e.screenLines()) == "4" {
			break
		}
		e.Key("j")
	}
	e.runNow(e.Key("L"))
	for range 6 { // trips, last stops, passages: whatever is asked and not in
		asked := false
		for k, f := range e.m.sh.Reg.Entries {
			if f.Have || f.Poll.InFlight() {
				continue
			}
			if cmd := e.send(feeds.TickMsg{Key: k, Gen: f.Poll.Gen}); cmd != nil {
				e.deliver(cmd)
				asked = true
			}
		}
		if !asked {
			break
		}
	}
	v := ansi.Strip(e.m.View())
	if !strings.Contains(v, "Line 4") || !strings.Contains(v, "▸ Vehicle 103 ·") {
		t.Errorf("L on line 4's row with vehicle 103 does not select it on the ladder:\n%s", v)
	}
}

// The help overlay over the ladder explains the ladder's symbols (its
// legend), not the board's.
func TestHelpOverLadderHasItsLegend(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	testkit.InstallLadder(e.src)
	e.send(e.src.Base)
	e.poll()
	e.runNow(e.Key("L"))
	e.Key("?")
	v := ansi.Strip(e.m.View())
	if !strings.Contains(v, "│ ● at a stop · ↓↑ on the way") {
		t.Errorf("the help over the ladder lacks its legend:\n%s", v)
	}
}

// A ladder that waits for its line says so in words, never with a format
// verb ("Loading %s…" was the board's text, shadowing the ladder's own).
func TestLadderLoadingSaysIt(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	testkit.InstallLadder(e.src)
	e.send(e.src.Base)
	e.poll()
	e.runNow(e.Key("L"))
	if v := ansi.Strip(e.m.View()); strings.Contains(v, "%s") || !strings.Contains(v, "loading the line") {
		t.Errorf("the loading ladder:\n%s", v)
	}
}
