package textout

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

// departures --walk counts planned rows down to the timetable, as the
// plain table and the board do, not to the service's hidden prediction
// (its countdown of a trip without a vehicle); and it leaves out a trip
// that ends at the stop, as the plain table does.
func TestWalkTableTellsTheTimetable(t *testing.T) {
	now := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	b := model.Board{StopName: "Hauptbahnhof", Timestamp: model.At(now), Events: []model.Event{
		{RouteName: "6", DirectionText: "Wiblingen", Scheduled: model.At(now.Add(10 * time.Minute)),
			Countdown: 16 * 60}, // planned: no vehicle, the service's guess 16 min
		{RouteName: "2", DirectionText: "Hauptbahnhof", VehicleNumber: 44, Scheduled: model.At(now.Add(3 * time.Minute)),
			Actual: model.At(now.Add(3 * time.Minute)), Countdown: 180}, // ends here
	}}
	var out bytes.Buffer
	if err := PrintWalkBoard(&out, Words{}, b, 4*time.Minute); err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "6 ") {
			row = l
		}
	}
	if !strings.Contains(row, "10 min") || strings.Contains(row, "16 min") {
		t.Errorf("the planned row counts down to %q, want 10 min (the timetable):\n%s", row, out.String())
	}
	if strings.Contains(out.String(), "Hauptbahnhof  ") || strings.Contains(out.String(), "2     Hauptbahnhof") {
		t.Errorf("a trip that ends here is listed as a departure:\n%s", out.String())
	}
}
