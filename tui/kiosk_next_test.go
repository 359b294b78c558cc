package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
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
