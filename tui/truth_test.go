package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

// plannedWithHiddenPrediction is a timetable-only event (no vehicle) whose
// answer still carries an actual time and a countdown 6 minutes past the
// plan, as the service sends for trips not yet started.
func plannedWithHiddenPrediction() model.Event {
	e := ev("6", model.VehicleBus, 0, "Wiblingen Alte Siedlung", "E", 5, 7*time.Minute, 0, model.StatusPredicted)
	e.Actual = model.At(t0.Add(13 * time.Minute))
	e.Countdown = int(13 * time.Minute / time.Second)
	e.Deviation = 360
	return e
}

// Issue 12 item 4: a planned row counts down to its scheduled time.
func TestPlannedRowCountsToSchedule(t *testing.T) {
	e := newEnv(t, 120, 30, false)
	b := hbfBoard(false)
	b.Events = []model.Event{plannedWithHiddenPrediction()}
	e.src.boards[subject{stop: 1008}] = b
	e.send(e.src.base)
	e.poll()
	v := e.view()
	if !strings.Contains(v, "~7 min") {
		t.Errorf("planned row should count down to the plan (~7 min):\n%s", v)
	}
	if strings.Contains(v, "13 min") {
		t.Errorf("planned row shows the hidden prediction:\n%s", v)
	}
}
