package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// `u` (upcoming only) leaves the served stops out even though the service
// answers Range=upcoming with the whole trip, as the real one and the
// simulation do: the pane's list did not change, though its hint said
// "u all stops".
func TestVehicleUpcomingLeavesServedStopsOut(t *testing.T) {
	e := vehicleEnv(t, 80, 40, 8, model.PhaseBetween)
	e.src.Mu.Lock()
	e.src.WholeTrip = true
	e.src.Mu.Unlock()
	p := &e.m.vehicle
	e.deliver(e.runNow(e.Key("u")))
	if p.Rng != model.RangeUpcoming {
		t.Fatal("u did not switch to upcoming")
	}
	v := ansi.Strip(e.m.View())
	if len(p.Pass.Passages) != 11 || strings.Contains(v, "Kuhberg Schulzentrum") {
		t.Errorf("upcoming lists %d stops, want the 11 ahead:\n%s", len(p.Pass.Passages), v)
	}
	if !strings.Contains(v, line2Stops[8].name) {
		t.Errorf("the next stop is missing:\n%s", v)
	}
	e.deliver(e.runNow(e.Key("u")))
	if len(p.Pass.Passages) != 19 {
		t.Errorf("u again lists %d stops, want all 19", len(p.Pass.Passages))
	}
}

// In the upcoming view the vehicle between two stops names the stop it
// left, not "the previous stop": the list starts after it.
func TestVehicleUpcomingNamesTheStopItLeft(t *testing.T) {
	e := vehicleEnv(t, 80, 40, 8, model.PhaseBetween)
	e.src.Mu.Lock()
	e.src.WholeTrip = true
	e.src.Mu.Unlock()
	e.deliver(e.runNow(e.Key("u")))
	v := ansi.Strip(e.m.View())
	want := "between " + line2Stops[7].name + " and " + line2Stops[8].name
	if !strings.Contains(v, want) {
		t.Errorf("the vehicle line does not say %q:\n%s", want, v)
	}
}
