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
