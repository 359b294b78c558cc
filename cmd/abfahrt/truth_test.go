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

// Issue 12 item 5: the CLI heads arrivals' direction FROM and leaves out a
// departure that ends at the stop.
func TestCLIArrivalsFromAndEndsHere(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin)
	ends := model.Event{VehicleNumber: 7, RouteName: "4", DirectionText: "Hauptbahnhof",
		Scheduled: model.At(at.Add(3 * time.Minute)), Actual: model.At(at.Add(3 * time.Minute))}
	var out bytes.Buffer
	g := &globals{stdout: &out}
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Timestamp: model.At(at), Events: []model.Event{ends}}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "LINE") {
		t.Errorf("a trip ending here is listed as a departure:\n%s", out.String())
	}
	out.Reset()
	arr := ends
	arr.Arrival, arr.DirectionText = true, "Böfingen"
	if err := printBoard(g, model.Board{StopName: "Hauptbahnhof", Arrivals: true, Timestamp: model.At(at), Events: []model.Event{arr}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "FROM") {
		t.Errorf("arrivals should head the column FROM:\n%s", out.String())
	}
}
