package vehicle

import (
	"strings"
	"testing"

	"abfahrt/model"
)

// TestPaneShowsTheAlertOfItsLine: the service's alert that names the
// vehicle's line shows in its pane, the part about that line; an alert
// about other lines does not.
func TestPaneShowsTheAlertOfItsLine(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	r.sh.SetAlert(model.Alert{Title: "Störungen", Items: []string{
		"Linie 4: Umleitung über Karlstraße",
		"Linie 2: die Haltestellen Ehinger Tor und Hauptbahnhof entfallen",
	}})
	r.p.Touch()
	v := r.view()
	if l := lineWith(v, "⚠"); !strings.Contains(l, "Linie 2: die Haltestellen Ehinger Tor") {
		t.Errorf("the pane of a line 2 tram does not show line 2's alert (%q):\n%s", l, v)
	}
	if strings.Contains(v, "Karlstraße") {
		t.Errorf("the pane of a line 2 tram shows line 4's alert:\n%s", v)
	}
	r.sh.SetAlert(model.Alert{Title: "Umleitung Linie 4", Items: []string{"Umleitung über Karlstraße"}})
	r.p.Touch()
	if v := r.view(); strings.Contains(v, "⚠") {
		t.Errorf("an alert about line 4 shows in the pane of a line 2 tram:\n%s", v)
	}
}
