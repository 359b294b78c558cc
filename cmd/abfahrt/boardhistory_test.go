package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/history"
	"abfahrt/model"
)

// Issue 24 item 7: the board reads a real SQLite history: a line's
// punctuality at a stop (today, and since a day) and a vehicle's runs; a
// --db that cannot be read is a clear error, no default database is no
// history (the board says so), never an error.
func TestBoardHistoryReadsSQLite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	s, err := history.Open(ctx, path, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, model.Berlin)
	var evs []history.Event
	for i, delay := range []int64{0, 60, 120, 240, 600} { // 3 of 5 on time
		sched := now.Add(time.Duration(i-5) * 10 * time.Minute).Unix()
		evs = append(evs, history.Event{ServiceDay: history.ServiceDayOf(now), Stop: 1008, StopPoint: "100801", Line: "4",
			Direction: "Böfingen", Vehicle: 151, Scheduled: sched, Actual: sched + delay, FirstSeen: sched - 600, LastSeen: sched + delay})
	}
	if err := s.Save(ctx, evs); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()

	h, why, closeHist, err := boardHistory(ctx, path)
	if err != nil || h == nil || why != "" {
		t.Fatalf("history %v, why %q, err %v", h, why, err)
	}
	defer closeHist()
	p, err := h.Punctuality(ctx, 1008, "4", now.Add(-12*time.Hour))
	if err != nil || p.Departures != 5 || p.OnTimeShare != 0.6 || p.P50 != 120 {
		t.Errorf("punctuality %+v, %v; want 5 departures, 60 %% on time, median 120 s", p, err)
	}
	if p, _ := h.Punctuality(ctx, 1008, "9", now.Add(-12*time.Hour)); p.Departures != 0 {
		t.Errorf("line 9 has %d departures recorded", p.Departures)
	}
	runs, last, err := h.VehicleRuns(ctx, 151, now.Add(-12*time.Hour))
	if err != nil || len(runs) != 1 || runs[0].Line != "4" || last.IsZero() {
		t.Errorf("runs %+v, last %v, err %v", runs, last, err)
	}

	if _, _, _, err := boardHistory(ctx, filepath.Join(t.TempDir(), "nope.db")); err == nil || !strings.Contains(err.Error(), "--db") {
		t.Errorf("a --db that does not exist: %v", err)
	} else if ue := (usageError{}); !errors.As(err, &ue) {
		t.Errorf("not a usage error: %v", err)
	}
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	if h, why, _, err := boardHistory(ctx, ""); h != nil || why != "" || err != nil {
		t.Errorf("no default database: history %v, why %q, err %v", h, why, err)
	}
}
