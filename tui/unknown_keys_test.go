package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/tui/internal/grid"
)

// A board of a stop the service does not know offers no key to watch or
// pin it: `abfahrt --stop 9999` said "Stop 9999 does not exist" above
// "w watch · p pin stop", and p kept a pin to a stop that is not there.
func TestUnknownStopCannotBePinnedOrWatched(t *testing.T) {
	e := newEnv(t, 100, 24, false)
	e.src.SetErr(&feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 1008"})
	e.send(e.src.Base)
	e.deliver(e.Tick())
	v := ansi.Strip(e.View())
	if !strings.Contains(v, "does not exist") {
		t.Fatalf("the board does not say the stop does not exist:\n%s", v)
	}
	foot := lastLines(v, 1)
	for _, bad := range []string{"watch", "pin stop"} {
		if strings.Contains(foot, bad) {
			t.Errorf("the hint offers %q for a stop that does not exist: %q", bad, foot)
		}
	}
	e.Key("p")
	e.Key("w")
	if e.m.disp.Pins.Has(pinOf(t, e)) || e.m.disp.Grid.Len() > 1 {
		t.Errorf("p or w kept a stop that does not exist (pinned %v, boards %d)", e.m.disp.Pins.Has(pinOf(t, e)), e.m.disp.Grid.Len())
	}
}

// pinOf is the pin of the focused board.
func pinOf(t *testing.T, e *testEnv) grid.Pin {
	t.Helper()
	p, _ := e.m.disp.FocusedPin()
	return p
}
