package history

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

var t0 = time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin)

func ev(line string, sched time.Time, delay int64) Event {
	s := sched.Unix()
	return Event{ServiceDay: ServiceDayOf(sched), Stop: 1008, StopPoint: "100801", Line: line, Direction: "Wiblingen",
		Vehicle: 42, Platform: "A", Scheduled: s, FirstPred: s, LastPred: s + delay, Actual: s + delay,
		FirstSeen: s - 600, LastSeen: s + delay}
}

// One row per event, updated in place: a later write keeps the first
// sighting and prediction and adds the departure.
func TestStoreUpdatesInPlace(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		e := ev("6", t0, 0)
		e.Actual, e.Vehicle = 0, 0
		if err := s.Save(ctx, []Event{e}); err != nil {
			t.Fatal(err)
		}
		later := e
		later.FirstSeen, later.FirstPred, later.LastPred, later.LastSeen = e.FirstSeen+60, e.FirstPred+30, e.Scheduled+120, e.Scheduled+110
		later.Actual, later.Vehicle = e.Scheduled+120, 17
		if err := s.Save(ctx, []Event{later}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Events(ctx, t0.Add(-time.Hour), t0.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("%d rows, want 1 (updated in place): %+v", len(got), got)
		}
		g := got[0]
		if g.FirstSeen != e.FirstSeen || g.FirstPred != e.FirstPred || g.LastPred != later.LastPred || g.Actual != later.Actual || g.Vehicle != 17 || g.ServiceDay != 20260911 {
			t.Errorf("row %+v, want first seen/pred of the first write and the rest of the second", g)
		}
		if p, err := s.Pending(ctx, t0.Add(-2*time.Hour)); err != nil || len(p) != 0 {
			t.Errorf("a departed event is pending: %v %v", p, err)
		}
	})
}

func TestStoreRefusesNewerSchema(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		if _, err := s.DB().ExecContext(ctx, s.bind(`INSERT INTO schema_version (version, applied) VALUES (?, 0)`), SchemaVersion()+1); err != nil {
			t.Fatal(err)
		}
		_ = s.Close()
		_, err := Open(ctx, dsn, Options{})
		if !errors.Is(err, ErrNewerSchema) {
			t.Fatalf("open of a newer schema: %v, want ErrNewerSchema", err)
		}
		if !strings.Contains(err.Error(), "newer abfahrt") {
			t.Errorf("error does not say what to do: %v", err)
		}
		if _, err := Open(ctx, dsn, Options{ReadOnly: true}); !errors.Is(err, ErrNewerSchema) {
			t.Errorf("read-only open of a newer schema: %v", err)
		}
	})
}

func TestStoreMigratesOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_ = mustOpen(t, dsn).Close()
		s := mustOpen(t, dsn)
		var n, v int
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_version`).Scan(&n, &v); err != nil {
			t.Fatal(err)
		}
		if n != SchemaVersion() || v != SchemaVersion() {
			t.Errorf("schema_version has %d rows up to %d, want %d", n, v, SchemaVersion())
		}
	})
}

func TestStorePrune(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		if err := s.Save(ctx, []Event{ev("6", t0.AddDate(0, 0, -100), 0), ev("6", t0.AddDate(0, 0, -10), 0), ev("6", t0, 0)}); err != nil {
			t.Fatal(err)
		}
		n, err := s.Prune(ctx, t0.AddDate(0, 0, -90))
		if err != nil || n != 1 {
			t.Fatalf("pruned %d (%v), want 1", n, err)
		}
		got, _ := s.Events(ctx, t0.AddDate(-1, 0, 0), t0.AddDate(0, 0, 1))
		if len(got) != 2 {
			t.Errorf("%d left, want 2", len(got))
		}
	})
}

// Stats: the on-time threshold (60 s early to 180 s late), nearest-rank
// p50/p90 from SQL, vanished share, by day.
func TestStoreStats(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		var evs []Event
		// Line 6: delays 0, 10, ..., 90 s and 200..1100 s (20 departures).
		for i := range 10 {
			evs = append(evs, ev("6", t0.Add(time.Duration(i)*10*time.Minute), int64(i*10)))
			evs = append(evs, ev("6", t0.Add(24*time.Hour+time.Duration(i)*10*time.Minute), int64(200+i*100)))
		}
		early := ev("4", t0, -61)
		van := ev("4", t0.Add(time.Minute), 0)
		van.Actual, van.Vanished = 0, true
		evs = append(evs, early, van, ev("4", t0.Add(2*time.Minute), 180))
		if err := s.Save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Line != "4" || got[1].Line != "6" {
			t.Fatalf("stats %+v", got)
		}
		l4, l6 := got[0], got[1]
		if l4.Departures != 2 || l4.OnTime != 1 || l4.Vanished != 1 || l4.VanishedShare < 0.33 || l4.VanishedShare > 0.34 {
			t.Errorf("line 4: %+v, want 2 departures (61 s early is late, 180 s late on time), 1 vanished", l4)
		}
		if l6.Departures != 20 || l6.OnTime != 10 || l6.OnTimeShare != 0.5 || l6.P50DelayS != 90 || l6.P90DelayS != 900 {
			t.Errorf("line 6: %+v, want 20 departures, half on time, p50 90 s, p90 900 s", l6)
		}
		days, err := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour), Line: "6", Stop: 1008, By: "day"})
		if err != nil {
			t.Fatal(err)
		}
		if len(days) != 2 || days[0].Day != "2026-09-11" || days[0].P50DelayS != 40 || days[1].Day != "2026-09-12" || days[1].P90DelayS != 1000 {
			t.Errorf("by day: %+v", days)
		}
		hours, err := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour), Line: "4", By: "hour"})
		if err != nil || len(hours) != 1 || hours[0].Hour == nil || hours[0].Hour.Hour() != 7 {
			t.Errorf("by hour: %+v %v", hours, err)
		}
	})
}

func TestStoreVehicleRuns(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		a, b, c := ev("6", t0, 60), ev("6", t0.Add(5*time.Minute), 120), ev("6", t0.Add(20*time.Minute), 0)
		b.Stop, b.StopPoint = 1010, "101001"
		c.Direction, c.Stop, c.StopPoint = "Böfingen", 1010, "101002"
		if err := s.Save(ctx, []Event{a, b, c}); err != nil {
			t.Fatal(err)
		}
		runs, last, err := s.VehicleRuns(ctx, 42, t0.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) != 2 || runs[0].FirstStop != 1008 || runs[0].LastStop != 1010 || *runs[0].LastDelay != 120 || runs[1].Direction != "Böfingen" {
			t.Errorf("runs %+v", runs)
		}
		if last.Unix() != c.LastSeen {
			t.Errorf("last seen %v", last)
		}
		if runs, last, err := s.VehicleRuns(ctx, 43, t0.Add(-time.Hour)); err != nil || len(runs) != 0 || !last.IsZero() {
			t.Errorf("unknown vehicle: %v %v %v", runs, last, err)
		}
	})
}

// A read-only SQLite file: a clear error at open, and writes through a
// read-only connection say read-only too.
func TestSQLiteReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	_ = mustOpen(t, path).Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, path, Options{})
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) {
		t.Fatalf("open of a read-only file: %v, want a read-only error naming it", err)
	}
	ro, err := Open(ctx, path, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("reading a read-only file: %v", err)
	}
	defer func() { _ = ro.Close() }()
	err = ro.Save(ctx, []Event{ev("6", t0, 0)})
	if !errors.Is(err, ErrReadOnly) {
		t.Errorf("write through a read-only connection: %v, want ErrReadOnly", err)
	}
}

func TestSQLiteIsWAL(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "h.db"))
	var mode string
	if err := s.DB().QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q (%v), want wal", mode, err)
	}
}

func TestReadOnlyOpenOfMissingFile(t *testing.T) {
	_, err := Open(context.Background(), filepath.Join(t.TempDir(), "none.db"), Options{ReadOnly: true})
	if err == nil || !strings.Contains(err.Error(), "abfahrt record") {
		t.Errorf("missing database: %v", err)
	}
}
