package main

import (
	"strings"
	"testing"
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
