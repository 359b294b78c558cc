package history

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

// TestMeasureStats30Days is the measurement of BENCHMARKS.md, run with
// ABFAHRT_MEASURE=1 (ABFAHRT_MEASURE_DB=postgres://... for PostgreSQL):
// 30 days of the simulated network's departures, every stop point, taken
// from the simulation's own departures (sim.TrueDepartures: what a
// recording polling every stop would keep, without its weeks), saved in
// one-day transactions; then the bytes per event of the SQLite file and
// the time of stats for one line over the 30 days.
func TestMeasureStats30Days(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") != "1" {
		t.Skip("a measurement: ABFAHRT_MEASURE=1 runs it")
	}
	ctx := context.Background()
	dsn := os.Getenv("ABFAHRT_MEASURE_DB")
	path := ""
	if dsn == "" {
		path = filepath.Join(t.TempDir(), "history.db")
		dsn = path
	}
	s := mustOpen(t, dsn)
	svc := sim.New(sim.Options{Seed: 1})
	points, err := simclient.Client(t, svc).StopPoints(ctx, model.ScopeBasic, "")
	if err != nil {
		t.Fatal(err)
	}
	first := time.Date(2026, 9, 1, 3, 0, 0, 0, model.Berlin)
	var rows int
	start := time.Now()
	for d := range 30 {
		from, to := first.AddDate(0, 0, d), first.AddDate(0, 0, d+1)
		var evs []Event
		for _, p := range points {
			for _, td := range svc.TrueDepartures(string(p.StopPointCode), from, to) {
				sc, ac := td.Scheduled.Unix(), td.Actual.Unix()
				code, _ := strconv.Atoi(td.StopPointCode)
				evs = append(evs, Event{ServiceDay: ServiceDayOf(td.Scheduled), Stop: code / 100, StopPoint: td.StopPointCode,
					Line: td.Line, Direction: td.Direction, Vehicle: td.Vehicle, Platform: p.PlatformName, Scheduled: sc,
					FirstPred: sc, LastPred: ac, Actual: ac, FirstSeen: sc - 1800, LastSeen: ac - 5})
			}
		}
		if err := s.Save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		rows += len(evs)
	}
	t.Logf("%d departures in 30 days (%d stop points), saved in %v", rows, len(points), time.Since(start).Round(time.Second))
	if path != "" {
		if _, err := s.DB().ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("SQLite file %d bytes: %.1f bytes per departure event, %.1f MB per day of the network",
			fi.Size(), float64(fi.Size())/float64(rows), float64(fi.Size())/30/1e6)
	}
	median := func(f func() error) (time.Duration, time.Duration) {
		var took []time.Duration
		for range 7 {
			t0 := time.Now()
			if err := f(); err != nil {
				t.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		return took[3].Round(time.Millisecond), took[6].Round(time.Millisecond)
	}
	for _, line := range []string{"4", "2"} {
		var st []Stat
		med, most := median(func() (err error) {
			st, err = s.Stats(ctx, StatsQuery{Line: line, Since: first})
			return err
		})
		if len(st) != 1 {
			t.Fatalf("stats: %+v", st)
		}
		// The same over every departure (the query of schema version 2,
		// still used for --by hour and --stop), in the same run.
		var raw []Stat
		rawMed, _ := median(func() (err error) {
			raw, err = s.statsRaw(ctx, StatsQuery{Line: line, Since: first})
			return err
		})
		if len(raw) != 1 || raw[0] != st[0] {
			t.Fatalf("counted %+v, raw %+v", st, raw)
		}
		byDay, _ := median(func() error {
			_, err := s.Stats(ctx, StatsQuery{Line: line, Since: first, By: "day"})
			return err
		})
		midDay, _ := median(func() error {
			_, err := s.Stats(ctx, StatsQuery{Line: line, Since: first.Add(12 * time.Hour)})
			return err
		})
		atStop, _ := median(func() error {
			_, err := s.Stats(ctx, StatsQuery{Line: line, Since: first, Stop: 1008})
			return err
		})
		t.Logf("stats --line %s over 30 days (%d departures): median %v, max %v of 7 (every departure read: median %v, %.1fx); --by day %v; since mid-day %v; --stop 1008 (with headway) %v",
			line, st[0].Departures, med, most, rawMed, float64(rawMed)/float64(max(med, time.Millisecond)), byDay, midDay, atStop)
	}
	var lineDays int
	if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM line_days`).Scan(&lineDays); err != nil {
		t.Fatal(err)
	}
	t.Logf("line_days: %d rows", lineDays)
}
