package board

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// TestClockChangeNightCountsMinutes: on the night the clocks go back, a
// departure beyond the change under a 02:59 header is 61 minutes away, not
// one: the row says so in minutes instead of "~03:00" (issue 23, item 8).
func TestClockChangeNightCountsMinutes(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 20)
	now := time.Date(2026, 10, 25, 0, 59, 0, 0, time.UTC) // 02:59 CEST, the second 02:59 is an hour later
	at := func(d time.Duration, line, dir string) model.Event {
		e := testkit.Ev(line, model.VehicleBus, 0, dir, "E", 5, 0, 0, model.StatusPredicted)
		e.Scheduled = model.At(now.Add(d).In(model.Berlin))
		return e
	}
	r.src.Boards[feeds.Subject{Stop: 1008}] = model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(now),
		Events: []model.Event{at(30*time.Minute, "N1", "Ulm Donautal"), at(61*time.Minute, "N2", "Wiblingen"), at(150*time.Minute, "N3", "Böfingen"), at(5*time.Hour, "N4", "Söflingen")}}
	r.advance(now.Sub(r.now))
	r.poll(r.b.Refresh())
	if head := strings.SplitN(r.b.View(r.frame()), "\n", 2)[0]; !strings.Contains(head, "02:59") {
		t.Fatalf("header %q does not show 02:59", head)
	}
	for dir, want := range map[string]string{"Ulm Donautal": "~30 min", "Wiblingen": "~61 min", "Böfingen": "~2h30", "Söflingen": "~06:59"} {
		if row := r.rowOf(dir); !strings.Contains(row, want) {
			t.Errorf("row %q: want %q", row, want)
		}
	}
}
