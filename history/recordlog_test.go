package history

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

// failingDB is a SQLite history whose writes of departures fail while
// set(true): a trigger aborts them, as a full disk would.
func failingDB(t *testing.T) (*Store, func(bool)) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "h.db")
	s := mustOpen(t, path)
	ctl, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ctl.Close() })
	for _, q := range []string{
		`CREATE TABLE failing (f INTEGER NOT NULL)`,
		`INSERT INTO failing VALUES (0)`,
		`CREATE TRIGGER failing_ins BEFORE INSERT ON departures WHEN (SELECT f FROM failing) = 1 BEGIN SELECT RAISE(ABORT, 'no space left (test)'); END`,
		`CREATE TRIGGER failing_upd BEFORE UPDATE ON departures WHEN (SELECT f FROM failing) = 1 BEGIN SELECT RAISE(ABORT, 'no space left (test)'); END`,
	} {
		if _, err := ctl.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return s, func(on bool) {
		if _, err := ctl.Exec(`UPDATE failing SET f = ?`, bool01(on)); err != nil {
			t.Error(err)
		}
	}
}

// logLines collects what a run logs.
type logLines struct {
	mu    sync.Mutex
	lines []string
	at    []time.Time
}

func (l *logLines) logf(format string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, a...))
	l.at = append(l.at, time.Now())
}

func (l *logLines) all() ([]string, []time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slicesClone(l.lines), append([]time.Time(nil), l.at...)
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// dbCounts is what the database holds: rows, departed, vanished.
func dbCounts(t *testing.T, s *Store) Saved {
	t.Helper()
	var c Saved
	if err := s.DB().QueryRow(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN actual IS NOT NULL THEN 1 ELSE 0 END), 0),
 COALESCE(SUM(vanished), 0) FROM departures`).Scan(&c.Departures, &c.Departed, &c.Vanished); err != nil {
		t.Fatal(err)
	}
	return c
}

// A run whose database fails for a while and comes back: the failure is
// logged once (Logf), the recovery at info level (Infof) with the
// streak's first failure as "failing since", and the saved counts are
// what the database holds from the run, including what was saved after
// the recovery.
func TestRunLogsTheRecoveryAndCountsWhatIsSaved(t *testing.T) {
	s, fail := failingDB(t)
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 30)})
	client := simclient.Client(t, svc, feed.WithoutCache())
	r := &Recorder{Store: s, Source: client, Subjects: []Subject{{Stop: 1008}, {StopPoint: "135001"}}, Interval: time.Second, Limit: 30}
	fail(true)
	time.AfterFunc(2*time.Second, func() { fail(false) })
	var errs, infos logLines
	if err := r.Run(context.Background(), RunOptions{For: 4 * time.Second, Logf: errs.logf, Infof: infos.logf}); err != nil {
		t.Fatal(err)
	}
	el, eat := errs.all()
	il, _ := infos.all()
	if len(el) != 1 || !strings.Contains(el[0], "no space left (test)") {
		t.Fatalf("errors logged: %q; want the failure once", el)
	}
	var rec string
	for _, l := range il {
		if strings.Contains(l, "writing to the history database again") {
			rec = l
		}
	}
	m := regexp.MustCompile(`failing since (\d\d:\d\d:\d\d), .*, (\d+) failed writes`).FindStringSubmatch(rec)
	if m == nil {
		t.Fatalf("no recovery at info level with its first failure: %q", il)
	}
	since, _ := time.ParseInLocation("15:04:05", m[1], time.Local)
	first := eat[0]
	if d := time.Date(first.Year(), first.Month(), first.Day(), since.Hour(), since.Minute(), since.Second(), 0, time.Local).Sub(first.Truncate(time.Second)); d < -time.Second || d > time.Second {
		t.Errorf("failing since %s, the first failure was at %s", m[1], first.Format("15:04:05.000"))
	}
	if m[2] == "1" {
		t.Errorf("%s failed writes: the streak had several", m[2])
	}
	got := dbCounts(t, s)
	if got != r.Saved || r.Saved.Departures == 0 || r.Saved.Departed == 0 {
		t.Errorf("saved counts %+v, the database holds %+v (want equal, with departures)", r.Saved, got)
	}
}

// While the database is away at most MaxUnsaved departures wait; the
// oldest go first, counted and logged once; what is saved when it comes
// back adds up with what was dropped.
func TestRecorderCapsWhatWaits(t *testing.T) {
	s, fail := failingDB(t)
	var warns logLines
	r := &Recorder{Store: s, Subjects: []Subject{{Stop: 1008}}, Interval: time.Minute, MaxUnsaved: 100}
	r.warnf = warns.logf
	fail(true)
	ctx := context.Background()
	// 300 departures a minute apart, each on the board from 10 min
	// before until it leaves.
	sched := func(i int) time.Time { return t0.Add(time.Duration(i) * time.Minute) }
	for now := -10; now <= 300; now++ {
		var evs []model.Event
		for i := max(now+1, 0); i < min(now+10, 300); i++ {
			evs = append(evs, live("4", sched(i), 0))
		}
		r.Observe(0, boardAt(sched(now), evs...))
		if _, err := r.Flush(ctx); err == nil && r.Unsaved() > 0 {
			t.Fatal("flush into the failing database succeeded")
		}
		if n := r.Unsaved(); n > 100 {
			t.Fatalf("%d departures wait, want at most 100", n)
		}
	}
	if r.Departed != 300 || r.Dropped < 200 || r.Dropped+r.Unsaved() < 300 {
		t.Fatalf("%d departed, %d dropped, %d waiting", r.Departed, r.Dropped, r.Unsaved())
	}
	if w, _ := warns.all(); len(w) != 1 || !strings.Contains(w[0], "dropping the oldest") {
		t.Errorf("logged %q, want the drop once", w)
	}
	fail(false)
	if _, err := r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got := dbCounts(t, s)
	if got != r.Saved || got.Departed+r.Dropped != 300 {
		t.Errorf("saved %+v, database %+v, %d dropped: want saved = database, saved + dropped = 300", r.Saved, got, r.Dropped)
	}
	// The newest were kept: the last departure is there.
	evs, err := s.Events(ctx, sched(299), sched(300))
	if err != nil || len(evs) != 1 || evs[0].Actual == 0 {
		t.Errorf("the newest departure: %+v, %v", evs, err)
	}
}

// A run that ends while the database is away gives up within its
// deadline and says how many departures were not saved.
func TestRunFinishesWithinItsDeadline(t *testing.T) {
	s, fail := failingDB(t)
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)})
	r := &Recorder{Store: s, Source: simclient.Client(t, svc, feed.WithoutCache()), Subjects: []Subject{{Stop: 1008}}, Interval: time.Second, Limit: 20}
	fail(true)
	var errs logLines
	start := time.Now()
	err := r.Run(context.Background(), RunOptions{For: time.Second, FinishWithin: 2 * time.Second, Logf: errs.logf})
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "departures not saved") || !strings.Contains(err.Error(), "within 2s") || took > 5*time.Second {
		t.Errorf("run: %v after %v", err, took)
	}
	if l, _ := errs.all(); len(l) == 0 || !strings.Contains(l[len(l)-1], fmt.Sprintf("%d departures not saved", r.Unsaved())) {
		t.Errorf("last log line %q, want how many were not saved", l)
	}
}

// Implausible vehicle numbers are refused at the door: the departure is
// recorded with the vehicle unknown, the number logged once and counted.
// (Before: stored as sent in SQLite; in PostgreSQL the write failed,
// and with it every write after.)
func TestRecorderRefusesImplausibleVehicles(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		var warns logLines
		r := &Recorder{Store: mustOpen(t, dsn), Subjects: []Subject{{Stop: 1008}}, Interval: time.Minute}
		r.warnf = warns.logf
		a, b, c := live("4", t0.Add(5*time.Minute), 0), live("6", t0.Add(6*time.Minute), 0), live("2", t0.Add(7*time.Minute), 0)
		a.VehicleNumber, b.VehicleNumber, c.VehicleNumber = math.MaxInt64, -3, 151
		r.Observe(0, boardAt(t0, a, b, c))
		r.Observe(0, boardAt(t0.Add(time.Minute), a, b, c))
		if _, err := r.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		evs, err := r.Store.Events(ctx, t0, t0.Add(time.Hour))
		if err != nil || len(evs) != 3 {
			t.Fatalf("%+v, %v", evs, err)
		}
		for _, e := range evs {
			if want := map[string]int{"4": 0, "6": 0, "2": 151}[e.Line]; e.Vehicle != want {
				t.Errorf("line %s: vehicle %d stored, want %d", e.Line, e.Vehicle, want)
			}
		}
		if w, _ := warns.all(); r.RefusedVehicles != 4 || len(w) != 2 || !strings.Contains(w[0], "implausible vehicle number") {
			t.Errorf("%d refused, logged %q; want 4 counted, each number logged once", r.RefusedVehicles, w)
		}
	})
}

// The hub's recorder words an outage of its database as record does: the
// failure at error level once, the recovery at info level with the
// streak's first failure and how many writes failed (issue 32 item 8;
// before, the recovery went out at error level, counting only the last
// flush).
func TestHubRunLogsTheRecoveryAtInfo(t *testing.T) {
	s, fail := failingDB(t)
	h := NewHub(s, time.Minute)
	fail(true)
	var evs []model.Event
	for i := range 5 {
		evs = append(evs, live("4", t0.Add(time.Duration(i)*time.Minute), 0))
	}
	h.Board(Subject{Stop: 1008}, 10, boardAt(t0.Add(-5*time.Minute), evs...))
	time.AfterFunc(700*time.Millisecond, func() { fail(false) })
	var errs, infos logLines
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if err := h.Run(ctx, HubRunOptions{Every: 100 * time.Millisecond, Logf: errs.logf, Infof: infos.logf}); err != nil {
		t.Fatal(err)
	}
	el, _ := errs.all()
	il, _ := infos.all()
	if len(el) != 1 || !strings.Contains(el[0], "no space left (test)") {
		t.Errorf("errors logged: %q; want the failure once", el)
	}
	if len(il) == 0 || !regexp.MustCompile(`writing to the history database again \(failing since \d\d:\d\d:\d\d, .*, \d+ failed writes\); saved by this run: 5 departures`).MatchString(strings.Join(il, "\n")) {
		t.Errorf("no recovery at info level with its first failure and what was saved: %q (errors %q)", il, el)
	}
}
