package kiosk

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// Issue 34 item 4: a kiosk whose departures come from the timetable only
// (no vehicle reports live data) says so, once, in English and German.
func TestKioskSentenceSaysTimetableOnly(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "Next departures from Hauptbahnhof, timetable only: line 4 to Kuhberg in 3 minutes; line 1 to Böfingen in 7 minutes."},
		{"de", "Nächste Abfahrten ab Hauptbahnhof, nur laut Fahrplan: Linie 4 nach Kuhberg in 3 Minuten; Linie 1 nach Böfingen in 7 Minuten."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			e := newEnv(t, 120, 40, app.KioskOptions{}, c.lang)
			next := e.now.Add(feeds.DefaultInterval)
			e.src.Mu.Lock()
			e.src.Boards[feeds.Subject{Stop: 1008}] = model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(next),
				Events: []model.Event{at("4", "Kuhberg", next.Add(3*time.Minute+10*time.Second)), at("1", "Böfingen", next.Add(7*time.Minute+10*time.Second))}}
			e.src.Mu.Unlock()
			e.clockTo(next)
			e.poll()
			e.advance(time.Second)
			if got := e.m.Kiosk.Sentence(e.m.Shared.Frame(app.PaneBoard)); got != c.want {
				t.Errorf("said %q, want %q", got, c.want)
			}
			if v := e.screen(); !strings.Contains(v, "Kuhberg") {
				t.Errorf("the board does not show the timetabled departures:\n%s", v)
			}
		})
	}
}
