package app

import (
	"errors"
	"testing"
	"time"
)

// Issue 24 item 7: the vehicle pane's line of today's runs names each run
// (latest first) with its delay at the last stop, and when the vehicle was
// last seen; a vehicle never recorded, one not seen today and a failed
// query are each said plainly.
func TestRunsText(t *testing.T) {
	sh := newShared(&clock{t0}, Options{})
	late, early := 130, -70
	runs := []VehicleRun{
		{Line: "4", Direction: "Böfingen", First: t0.Add(-90 * time.Minute), Last: t0.Add(-60 * time.Minute), Delay: &late},
		{Line: "4", Direction: "Kuhberg", First: t0.Add(-50 * time.Minute), Last: t0.Add(-20 * time.Minute), Delay: &early},
		{Line: "4", Direction: "Böfingen", First: t0.Add(20 * time.Minute), Last: t0.Add(20 * time.Minute)}, // ahead: no run yet
	}
	for _, c := range []struct {
		msg  HistoryMsg
		want string
	}{
		{HistoryMsg{Runs: runs, Last: t0.Add(-20 * time.Minute), Asked: true},
			"today 2 runs · 4 → Kuhberg 11:44–12:14 -1 · 4 → Böfingen 11:04–11:34 +2 · last seen 12:14"},
		{HistoryMsg{Asked: true}, "history: this vehicle was never recorded"},
		{HistoryMsg{Last: t0.AddDate(0, 0, -2), Asked: true}, "history: no runs recorded today · last seen 09.09. 12:34"},
		{HistoryMsg{Err: errors.New("database is locked"), Asked: true}, "history: database is locked"},
	} {
		if got := RunsText(sh.Frame(PaneBoard), c.msg, 200); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}
