package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// implausibleBoard is a departures answer at t0 whose numbers are out of
// any plausible range: a deviation of MaxInt64 (times 2 min apart), an
// actual time in the year 9999, a countdown of MinInt64, a deviation of
// MinInt64 without an actual time.
func implausibleBoard(at time.Time) string {
	f := func(d time.Duration) string { return `"` + at.Add(d).Format(model.WireLayout) + `"` }
	rec := func(line, dir, sched, actual, countdown, dev string) string {
		return `{"VehicleNumber":151,"RouteNumber":1,"RouteName":"` + line + `","Status":3,"DepartureDirectionText":"` + dir +
			`","DepartureTimeScheduled":` + sched + `,"DepartureTimeActual":` + actual +
			`,"DepartureCountdown":` + countdown + `,"DepartureDeviation":` + dev + `}`
	}
	return `{"StopPassage":{"State":"ok","StopNumber":1008,"StopName":"Hauptbahnhof","CurrentTimestamp":` + f(0) + `,"DepartureData":[` +
		rec("H1", "MaxDev", f(5*time.Minute), f(7*time.Minute), "420", "9223372036854775807") + "," +
		rec("H2", "FarYear", f(10*time.Minute), `"9999-12-31T23:59:59+01:00"`, "600", "0") + "," +
		rec("H3", "MinCountdown", f(15*time.Minute), f(15*time.Minute), "-9223372036854775808", "0") + "," +
		rec("H4", "MinDev", f(20*time.Minute), `"1970-01-01T01:00:00+01:00"`, "1200", "-9223372036854775808") + `]}}`
}

// TestImplausibleNumbersReadAsUnknown: the board shows neither the huge
// numbers nor the year 9999 as a time of today.
func TestImplausibleNumbersReadAsUnknown(t *testing.T) {
	b, err := feed.DecodeDepartures([]byte(implausibleBoard(testkit.T0)))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, 160, 30, true)
	e.src.Mu.Lock()
	e.src.Boards[feeds.Subject{Stop: 1008}] = b
	e.src.Mu.Unlock()
	e.poll()
	v := e.m.View()
	for _, bad := range []string{"153722867280912928", "-153722867280912928", "23:59", "9999", "922337", "153722867280912"} {
		if strings.Contains(v, bad) {
			t.Errorf("the board shows %q:\n%s", bad, v)
		}
	}
	for _, dir := range []string{"MaxDev", "FarYear", "MinCountdown", "MinDev"} {
		if !strings.Contains(v, dir) {
			t.Errorf("row %s missing:\n%s", dir, v)
		}
	}
}
