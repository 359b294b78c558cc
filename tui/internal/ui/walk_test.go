package ui_test

import (
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// TestLeaveBandRule: when to leave for a departure with a walking time,
// and its band (this test lived in the root package).
func TestLeaveBandRule(t *testing.T) {
	m := time.Minute
	cases := []struct {
		name string
		e    model.Event
		walk time.Duration
		want ui.Band
		at   time.Time
	}{
		{"catchable", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 7*m, 0, model.StatusPredicted), 4 * m, ui.BandCatch, testkit.T0.Add(3 * m)},
		{"hurry: leave now", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 4*m, 0, model.StatusPredicted), 4 * m, ui.BandHurry, testkit.T0},
		{"hurry: leave within a minute", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 4*m+59*time.Second, 0, model.StatusPredicted), 4 * m, ui.BandHurry, testkit.T0.Add(59 * time.Second)},
		{"missed: leave time passed", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 3*m+59*time.Second, 0, model.StatusPredicted), 4 * m, ui.BandMissed, testkit.T0.Add(-time.Second)},
		// Scheduled in 2 min but 5 min late: the live prediction counts.
		{"delay makes it catchable", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 7*m, 300, model.StatusPredicted), 4 * m, ui.BandCatch, testkit.T0.Add(3 * m)},
		// Timetable only: the schedule counts.
		{"planned", testkit.Ev("6", model.VehicleBus, 0, "X", "E", 5, 2*m, 0, model.StatusPredicted), 4 * m, ui.BandMissed, testkit.T0.Add(-2 * m)},
	}
	for _, c := range cases {
		at, b, ok := ui.LeaveBand(&c.e, testkit.T0, c.walk)
		if !ok || b != c.want || !at.Equal(c.at) {
			t.Errorf("%s: leave at %v band %v ok %v, want %v %v", c.name, at, b, ok, c.at, c.want)
		}
	}
	var none model.Event
	if _, b, ok := ui.LeaveBand(&none, testkit.T0, 4*m); ok || b != ui.BandNone {
		t.Errorf("an event without a time has band %v", b)
	}
}
