package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

// Issue 12 item 4: the CLI's IN column of a planned row (no vehicle)
// counts to the scheduled time, not to the hidden prediction the wire
// still carries.
func TestCLIPlannedRowCountsToSchedule(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin)
	e := model.Event{RouteNumber: 6, RouteName: "6", DirectionText: "Wiblingen",
		Scheduled: model.At(at.Add(7 * time.Minute)), Actual: model.At(at.Add(13 * time.Minute)),
		Countdown: 13 * 60, Deviation: 360, Status: model.StatusPredicted}
	var out bytes.Buffer
	g := &globals{stdout: &out}
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Timestamp: model.At(at), Events: []model.Event{e}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "7 min") || strings.Contains(out.String(), "13 min") {
		t.Errorf("planned row should count 7 min to its plan:\n%s", out.String())
	}
}
