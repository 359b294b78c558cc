package history

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/hostile"
)

// Open refuses, for reading and for writing, files that are not
// abfahrt's history, within a few seconds and in one line, and does not
// write into another program's database.
func TestOpenRefusesWhatIsNotHistory(t *testing.T) {
	files, err := hostile.HistoryFiles(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for what, path := range files {
		for _, ro := range []bool{true, false} {
			before, _ := os.ReadFile(path)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			start := time.Now()
			s, err := Open(ctx, path, Options{ReadOnly: ro})
			took := time.Since(start)
			cancel()
			if err == nil {
				_ = s.Close()
				if (what == "empty file" || what == "empty sqlite") && !ro {
					continue // an empty file is a new database to write into
				}
				t.Errorf("%s (read-only %v): opened", what, ro)
				continue
			}
			if took > 5*time.Second || !errors.Is(err, ErrNotHistory) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s (read-only %v): %v after %v; want ErrNotHistory in one line within 5 s", what, ro, err, took)
			}
			if after, _ := os.ReadFile(path); what == "other program" && string(after) != string(before) {
				t.Errorf("%s (read-only %v): the file was changed", what, ro)
			}
		}
	}
}

// A departures table in a PostgreSQL database replaced by a view is
// refused as well.
func TestOpenRefusesAViewInPostgres(t *testing.T) {
	dsn := needPostgres(t)
	s := mustOpen(t, dsn)
	if _, err := s.DB().Exec(`DROP TABLE departures CASCADE`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().Exec(`CREATE VIEW departures AS SELECT 1 AS stop`); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), dsn, Options{ReadOnly: true}); !errors.Is(err, ErrNotHistory) || !strings.Contains(err.Error(), "view") {
		t.Errorf("open: %v, want: its departures is a view", err)
	}
}

// Every query has a deadline: an insert a hostile trigger makes endless
// ends with an error that says so.
func TestSaveHasADeadline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.db")
	_ = mustOpen(t, path).Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE sink (x)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TRIGGER endless AFTER INSERT ON departures BEGIN
 INSERT INTO sink WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r; END`); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	s, err := Open(context.Background(), path, Options{QueryTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	start := time.Now()
	err = s.Save(context.Background(), []Event{ev("4", t0, 0)})
	if took := time.Since(start); err == nil || took > 5*time.Second || !strings.Contains(err.Error(), "no answer within 300ms") {
		t.Errorf("save: %v after %v", err, took)
	}
}

// Headways are measured in the order of departure: a late bus overtaken
// by the next one makes a short gap (never a negative one), and the
// overtaking is counted.
func TestStatsHeadwayInOrderOfDeparture(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		// Line 4 every 5 minutes; the third 7 minutes late: the fourth
		// (on time) leaves 2 minutes before it.
		var evs []Event
		for i, d := range []int64{0, 0, 420, 0, 0, 0} {
			evs = append(evs, ev("4", t0.Add(time.Duration(i)*5*time.Minute), d))
		}
		if err := s.Save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.Stats(ctx, StatsQuery{Since: t0.Add(-time.Hour), Stop: 1008})
		if err != nil || len(got) != 1 {
			t.Fatalf("stats %+v, %v", got, err)
		}
		st := got[0]
		// Left at 0, 5, 15, 17, 20, 25 min: gaps of 5, 10, 2, 3, 5 min.
		if st.HeadwayGaps != 5 || *st.HeadwayP50S != 300 || *st.HeadwayP90S != 600 || st.Overtakings != 1 {
			t.Errorf("headway %s, %d overtakings; want 5 gaps, p50 300, p90 600, 1 overtaking", headwayString(st), st.Overtakings)
		}
	})
}

// A run's end is never before its start: it starts and ends at what
// actually happened, and one whose last departure has not left is under
// way.
func TestVehicleRunNeverEndsBeforeItStarts(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		s := mustOpen(t, dsn)
		a := ev("2", t0.Add(25*time.Minute), 120) // left 08:27 (2 min late)
		b := ev("2", t0.Add(26*time.Minute), 0)   // not yet left (scheduled 08:26)
		b.Stop, b.StopPoint, b.Actual = 1010, "101001", 0
		c := ev("2", t0.Add(90*time.Minute), 0) // the way back, not yet begun
		c.Direction, c.Actual = "Kuhberg", 0
		if err := s.Save(ctx, []Event{a, b, c}); err != nil {
			t.Fatal(err)
		}
		runs, _, err := s.VehicleRuns(ctx, 42, t0.Add(-time.Hour))
		if err != nil || len(runs) != 2 {
			t.Fatalf("runs %+v, %v", runs, err)
		}
		r := runs[0]
		if r.LastTime < r.FirstTime || !r.UnderWay || r.Planned || r.Stops != 2 || r.FirstTime != a.Actual {
			t.Errorf("run %+v: want it from %d, under way, never ending before its start", r, a.Actual)
		}
		if r := runs[1]; r.UnderWay || !r.Planned {
			t.Errorf("run %+v: none of its departures left: want it planned, not under way", r)
		}
	})
}
