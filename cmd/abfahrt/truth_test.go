package main

import (
	"bytes"
	"encoding/json"
	"strconv"
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

// Issue 12 item 16: --json prints null for what the service marks
// unknown, never its placeholders.
func TestJSONUnknownIsNull(t *testing.T) {
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", DepartureData: []model.Departure{{
		RouteNumber: 6, RouteName: "6", DepartureDirectionText: "Wiblingen",
		DepartureTimeScheduled: model.At(time.Date(2026, 9, 11, 12, 7, 0, 0, model.Berlin)),
		DepartureCountdown:     -1795376359, DepartureDeviation: 0,
	}}}
	var out bytes.Buffer
	if err := printJSON(&out, b); err != nil {
		t.Fatal(err)
	}
	var v struct{ DepartureData []map[string]any }
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	d := v.DepartureData[0]
	for _, k := range []string{"DepartureTimeActual", "DepartureCountdown", "VehicleNumber", "VehicleCategory", "DepartureDeviation"} {
		if x, ok := d[k]; !ok || x != nil {
			t.Errorf("%s = %v, want null", k, x)
		}
	}
	if d["DepartureTimeScheduled"] != "2026-09-11T12:07:00+02:00" || d["RouteName"] != "6" {
		t.Errorf("known values changed: %v", d)
	}
	if strings.Contains(out.String(), model.NoTime) {
		t.Errorf("placeholder time in the output:\n%s", out.String())
	}
}

// Issue 12 item 16: a vehicle not in service says so and exits with 3
// (the first such vehicle of the simulation at this time of day).
func TestVehicleNotInService(t *testing.T) {
	for n := 40; n < 400; n++ {
		v := strconv.Itoa(n)
		code, out, _ := runCLI(t, "vehicle", v)
		if code != exitNotInService {
			continue
		}
		if !strings.Contains(out, "not in service") {
			t.Errorf("vehicle %d: exit %d, %q; want 'not in service'", n, code, out)
		}
		code, out, _ = runCLI(t, "vehicle", v, "--json")
		if code != exitNotInService || !strings.Contains(out, `"InService": false`) {
			t.Errorf("vehicle %d --json: exit %d, %q", n, code, out)
		}
		return
	}
	t.Error("no vehicle of the simulation is out of service")
}
