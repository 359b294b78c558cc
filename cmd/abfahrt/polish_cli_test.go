package main

import (
	"strings"
	"testing"

	"abfahrt/internal/textout"
	"abfahrt/model"
)

// Issue 33 item 8: `abfahrt stats` gives delays in minutes, as the board,
// `departures` and the punctuality line do ("+1.5 min", not "+90 s"), and
// says its on-time window in minutes; `history` likewise. JSON and CSV
// keep their seconds (p50_delay_s) for scripts.
func TestStatsAndHistorySayMinutes(t *testing.T) {
	db := statsDB(t)
	code, out, errs := runCLI(t, "stats", "--db", db)
	if code != exitOK {
		t.Fatalf("stats: exit %d: %s", code, errs)
	}
	for _, want := range []string{"+1.5 min", "+4.5 min", "1 min early to 3 min late", "delay in minutes"} {
		if !strings.Contains(out, want) {
			t.Errorf("stats lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " s ") || strings.Contains(out, "+90 s") || strings.Contains(out, "seconds") {
		t.Errorf("stats says seconds:\n%s", out)
	}
	code, out, errs = runCLI(t, "history", "--vehicle", "42", "--db", db)
	if code != exitOK {
		t.Fatalf("history: exit %d: %s", code, errs)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Wiblingen") && strings.HasSuffix(strings.Fields(l)[4], "s") {
			t.Errorf("history's delay in seconds: %q", l)
		}
	}
	if strings.Contains(out, " s ") {
		t.Errorf("history says seconds:\n%s", out)
	}
}

// Issue 33 item 8: `abfahrt stops` finds a stop by any stop point code:
// the 6-digit codes the simulation sends (100801), and DHIDs as the real
// service sends them, of a stop point (de:08421:1008:1:1) or of the stop
// (de:08421:1008), with Hauptbahnhof first.
func TestStopsFindsStopPointCodesAndDHIDs(t *testing.T) {
	for _, q := range []string{"100801", "de:08421:1008", "de:08421:1008:1:1", "DE:08421:1008:2:2"} {
		code, out, errs := runCLI(t, "stops", q)
		rows := strings.Split(strings.TrimSpace(out), "\n")
		if code != exitOK || len(rows) < 2 || !strings.Contains(rows[1], "Hauptbahnhof") {
			t.Errorf("abfahrt stops %s: exit %d, %q %q; want Hauptbahnhof first", q, code, out, errs)
		}
	}
	// A service whose stop points are DHIDs (the live one): each code, and
	// the stop's DHID they share, finds its stop.
	stops := []model.Stop{
		{StopNumber: 1240, StopName: "Theater", StopPoints: []model.StopStopPoint{{StopPointCode: "de:08421:1240:0:3"}, {StopPointCode: "de:08421:1240:0:4"}}},
		{StopNumber: 1710, StopName: "Rathaus Neu-Ulm", StopPoints: []model.StopStopPoint{{StopPointCode: "de:09775:1710:1:1"}}},
	}
	for q, want := range map[string]string{"de:08421:1240:0:4": "Theater", "de:08421:1240": "Theater", "de:09775:1710": "Rathaus Neu-Ulm", "de:09775:1710:1:1": "Rathaus Neu-Ulm"} {
		if got := textout.FindStops(stops, q, 10); len(got) == 0 || got[0].StopName != want {
			t.Errorf("stops %s: %+v, want %s first", q, got, want)
		}
	}
	// A DHID of a stop the service does not have finds nothing.
	if code, _, _ := runCLI(t, "stops", "de:08421:9999"); code == exitOK {
		t.Errorf("abfahrt stops de:08421:9999 (no such stop) exited 0")
	}
}
