package app

import (
	"strings"
	"testing"
	"time"
)

// Issue 33 item 8: one recorded departure or run is said in the singular,
// in English and German ("today 1 departure", "heute 1 Fahrt"), never
// "today 1 departures".
func TestHistoryCountsSingular(t *testing.T) {
	late := 60
	one := []VehicleRun{{Line: "4", Direction: "Böfingen", First: t0.Add(-30 * time.Minute), Last: t0.Add(-10 * time.Minute), Delay: &late}}
	for _, c := range []struct {
		lang, punct, runs, bad string
	}{
		{"en", "today 1 departure, 100 % on time", "today 1 run ·", "1 departures"},
		{"de", "heute 1 Abfahrt, 100 % pünktlich", "heute 1 Fahrt ·", "1 Abfahrten"},
	} {
		sh := newShared(&clock{t0}, Options{Lang: c.lang})
		p := PunctualityText(sh.Texts, "Hauptbahnhof", "4", Punctuality{Departures: 1, OnTimeShare: 1}, Punctuality{Departures: 1, OnTimeShare: 1})
		if !strings.Contains(p, c.punct) || strings.Contains(p, c.bad) {
			t.Errorf("%s: punctuality %q, want %q", c.lang, p, c.punct)
		}
		r := RunsText(sh.Frame(PaneBoard), HistoryMsg{Runs: one, Last: t0.Add(-10 * time.Minute), Asked: true}, 200)
		if !strings.HasPrefix(r, c.runs) {
			t.Errorf("%s: runs %q, want it to start %q", c.lang, r, c.runs)
		}
		// Several stay plural.
		p = PunctualityText(sh.Texts, "Hauptbahnhof", "4", Punctuality{Departures: 2, OnTimeShare: 1}, Punctuality{Departures: 2, OnTimeShare: 1})
		if !strings.Contains(p, map[string]string{"en": "2 departures", "de": "2 Abfahrten"}[c.lang]) {
			t.Errorf("%s: punctuality of 2 %q", c.lang, p)
		}
	}
}
