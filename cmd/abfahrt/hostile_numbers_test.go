package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

// hostileUpstream serves body at every departures path.
func hostileUpstream(t *testing.T, body []byte) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1"
}

// TestDeparturesLimitHoldsAgainstAFlood: an answer of many megabytes of
// plausible departures prints the --limit rows asked for, no more.
func TestDeparturesLimitHoldsAgainstAFlood(t *testing.T) {
	at := time.Now().In(model.Berlin).Truncate(time.Second)
	var b strings.Builder
	b.WriteString(`{"StopPassage":{"State":"ok","StopNumber":1008,"StopName":"Hauptbahnhof","CurrentTimestamp":"` + at.Format(model.WireLayout) + `","DepartureData":[`)
	for i := range 20_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		when := at.Add(time.Duration(60+i%7000) * time.Second)
		fmt.Fprintf(&b, `{"VehicleNumber":%d,"RouteNumber":102,"RouteName":"2","Status":3,"DepartureDirectionText":"Flood %d","DepartureTimeScheduled":%q,"DepartureTimeActual":%q,"DepartureCountdown":%d,"DepartureDeviation":0}`,
			1000+i, i, when.Format(model.WireLayout), when.Format(model.WireLayout), int(when.Sub(at)/time.Second))
	}
	b.WriteString(`]}}`)
	api := hostileUpstream(t, []byte(b.String()))

	code, out, errs := runCLI(t, "--api", api, "departures", "--stop", "1008", "--limit", "3")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "Flood "); n != 3 {
		t.Errorf("%d rows printed for --limit 3:\n%s", n, out)
	}
	code, out, errs = runCLI(t, "--api", api, "departures", "--stop", "1008", "--limit", "3", "--json")
	if code != exitOK {
		t.Fatalf("--json: exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "Flood "); n != 3 {
		t.Errorf("--json printed %d records for --limit 3", n)
	}
}

// TestImplausibleNumbersInTheTable: a deviation of MaxInt64 (times 2 min
// apart), an actual time in 9999, a countdown of MinInt64 and a deviation
// of MinInt64 print as the times say or as unknown, never as the numbers.
func TestImplausibleNumbersInTheTable(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 34, 56, 0, model.Berlin)
	f := func(d time.Duration) string { return `"` + at.Add(d).Format(model.WireLayout) + `"` }
	rec := func(dir, sched, actual, countdown, dev string) string {
		return `{"VehicleNumber":151,"RouteNumber":1,"RouteName":"1","Status":3,"DepartureDirectionText":"` + dir +
			`","DepartureTimeScheduled":` + sched + `,"DepartureTimeActual":` + actual +
			`,"DepartureCountdown":` + countdown + `,"DepartureDeviation":` + dev + `}`
	}
	body := `{"StopPassage":{"State":"ok","StopNumber":1008,"StopName":"Hauptbahnhof","CurrentTimestamp":` + f(0) + `,"DepartureData":[` +
		rec("MaxDev", f(5*time.Minute), f(7*time.Minute), "420", "9223372036854775807") + "," +
		rec("FarYear", f(10*time.Minute), `"9999-12-31T23:59:59+01:00"`, "600", "0") + "," +
		rec("MinCountdown", f(15*time.Minute), f(15*time.Minute), "-9223372036854775808", "0") + "," +
		rec("MinDev", f(20*time.Minute), `"1970-01-01T01:00:00+01:00"`, "1200", "-9223372036854775808") + `]}}`
	api := hostileUpstream(t, []byte(body))
	code, out, errs := runCLI(t, "--api", api, "departures", "--stop", "1008")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, bad := range []string{"153722867280912", "922337203685477", "23:59:59", "gone"} {
		if strings.Contains(out, bad) {
			t.Errorf("the table shows %q:\n%s", bad, out)
		}
	}
	want := map[string][]string{
		"MaxDev":       {"12:41:56", "+2", "7 min"},
		"FarYear":      {"(planned)", "10 min"},
		"MinCountdown": {"12:49:56", "15 min"},
		"MinDev":       {"(planned)", "20 min"},
	}
	for _, line := range strings.Split(out, "\n") {
		for dir, cells := range want {
			if strings.Contains(line, dir) {
				for _, c := range cells {
					if !strings.Contains(line, c) {
						t.Errorf("row %s lacks %q: %q", dir, c, line)
					}
				}
				delete(want, dir)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %v\n%s", want, out)
	}

	code, out, errs = runCLI(t, "--api", api, "departures", "--stop", "1008", "--json")
	if code != exitOK {
		t.Fatalf("--json: exit %d, stderr %q", code, errs)
	}
	for _, bad := range []string{"9223372036854775807", "-9223372036854775808", "9999-"} {
		if strings.Contains(out, bad) {
			t.Errorf("--json passes %q:\n%s", bad, out)
		}
	}
}
