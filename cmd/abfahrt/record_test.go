package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/history"
	"abfahrt/model"
)

// record on the embedded simulation writes the boards' departures into
// the default SQLite file.
func TestRecordWritesTheDefaultDatabase(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	code, out, errs := runCLI(t, "record", "--stop", "1008", "--stoppoint", "135001", "--for", "1s")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "recording 2 boards") || !strings.Contains(out, "from 2 requests") {
		t.Errorf("record said %q / %q", out, errs)
	}
	path := filepath.Join(os.Getenv("XDG_STATE_HOME"), "abfahrt", "history.db")
	s, err := history.Open(context.Background(), path, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	now := time.Now()
	evs, err := s.Events(context.Background(), now.Add(-time.Hour), now.Add(24*time.Hour))
	if err != nil || len(evs) < 20 {
		t.Fatalf("%d departures recorded (%v), want the boards' (limit 100 each)", len(evs), err)
	}
}

func TestRecordNeedsSubjects(t *testing.T) {
	code, _, errs := runCLI(t, "record")
	if code != exitUsage || !strings.Contains(errs, "--stop N, --stoppoint CODE or --all") {
		t.Errorf("exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, "record", "--stop", "1008", "--keep", "ninety days")
	if code != exitUsage || !strings.Contains(errs, "--keep") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

func TestRecordReadOnlyDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.db")
	s, err := history.Open(context.Background(), path, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "record", "--stop", "1008", "--for", "1s", "--db", path)
	if code == exitOK || !strings.Contains(errs, "read-only") || !strings.Contains(errs, path) {
		t.Errorf("exit %d, %q: want a read-only error naming the file", code, errs)
	}
}

// statsDB is a database with known departures of line 6 on two days and
// vehicle 42's runs.
func statsDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "h.db")
	s, err := history.Open(context.Background(), path, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	day := time.Now().In(model.Berlin).Add(-26 * time.Hour).Truncate(time.Hour)
	var evs []history.Event
	for i := range 10 {
		for d, base := range []int64{0, 200} {
			sched := day.Add(time.Duration(d)*24*time.Hour + time.Duration(i)*time.Minute)
			x := sched.Unix()
			evs = append(evs, history.Event{ServiceDay: history.ServiceDayOf(sched), Stop: 1008, StopPoint: "100801", Line: "6", Direction: "Wiblingen",
				Vehicle: 42, Scheduled: x, Actual: x + base + int64(i*10), FirstSeen: x - 600, LastSeen: x})
		}
	}
	if err := s.Save(context.Background(), evs); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestStatsJSONAndCSV(t *testing.T) {
	db := statsDB(t)
	day := time.Now().In(model.Berlin).Add(-26 * time.Hour).Truncate(time.Hour).Add(-3 * time.Hour).Format(time.DateOnly)
	code, out, errs := runCLI(t, "stats", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(rows) != 1 || rows[0]["line"] != "6" || rows[0]["departures"] != 20.0 || rows[0]["on_time_share"] != 0.5 ||
		rows[0]["p50_delay_s"] != 90.0 || rows[0]["p90_delay_s"] != 270.0 {
		t.Errorf("stats --json: %s", out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db, "--by", "day", "--csv", "--line", "6", "--stop", "1008")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitOK || len(lines) != 3 || lines[0] != "line,day,departures,on_time_share,p50_delay_s,p90_delay_s,vanished_share,headway_p50_s,headway_p90_s,headway_long_share,overtakings" ||
		lines[1] != "6,"+day+",10,1.0000,40,80,0.0000,70,70,0.0000,0" {
		t.Errorf("stats --by day --csv: exit %d\n%s", code, out)
	}
	// The headway at a stop where the line runs every minute (observed:
	// every 70 s); not without --stop.
	code, out, _ = runCLI(t, "stats", "--db", db, "--stop", "1008", "--json")
	if code != exitOK || !strings.Contains(out, `"headway_p50_s": 70`) || !strings.Contains(out, `"headway_p90_s": 70`) || !strings.Contains(out, `"headway_gaps": 18`) {
		t.Errorf("stats --stop --json without the headway: %s", out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db, "--stop", "1008")
	if code != exitOK || !strings.Contains(out, "HEADWAY P50") || !strings.Contains(out, "1.2 min") {
		t.Errorf("stats --stop table without the headway: %s", out)
	}
	if _, out, _ = runCLI(t, "stats", "--db", db, "--json"); strings.Contains(out, "headway") {
		t.Errorf("stats --json without --stop has a headway: %s", out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db)
	if code != exitOK || !strings.Contains(out, "1 min early to 3 min late") || !strings.Contains(out, "+1.5 min") {
		t.Errorf("stats table: exit %d\n%s", code, out)
	}
	code, _, errs = runCLI(t, "stats", "--db", filepath.Join(t.TempDir(), "none.db"))
	if code == exitOK || !strings.Contains(errs, "abfahrt record") {
		t.Errorf("stats without a database: exit %d, %q", code, errs)
	}
}

func TestHistoryOfAVehicle(t *testing.T) {
	db := statsDB(t)
	code, out, errs := runCLI(t, "history", "--vehicle", "42", "--db", db)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Hauptbahnhof (1008)") || !strings.Contains(out, "Wiblingen") || !strings.Contains(out, "vehicle 42 last seen") {
		t.Errorf("history:\n%s", out)
	}
	if n := strings.Count(out, "Wiblingen"); n != 2 {
		t.Errorf("%d runs, want 2 (one a day):\n%s", n, out)
	}
	code, out, _ = runCLI(t, "history", "--vehicle", "43", "--db", db)
	if code != exitOK || !strings.Contains(out, "never recorded") {
		t.Errorf("unknown vehicle: %d %q", code, out)
	}
}

// record --keep-raw keeps the boards' raw answers (not without it), and
// replay serves them.
func TestRecordKeepsRawAnswers(t *testing.T) {
	dir := t.TempDir()
	subjects := func(db string) map[string]bool {
		s, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = s.Close() }()
		rows, err := s.DB().Query(`SELECT DISTINCT subject FROM answers`)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = rows.Close() }()
		out := map[string]bool{}
		for rows.Next() {
			var sub string
			if err := rows.Scan(&sub); err != nil {
				t.Fatal(err)
			}
			out[sub] = true
		}
		return out
	}
	// The base data (and that the service is the simulation) are kept
	// always, for a replay's stops; the boards and alerts with --keep-raw.
	base := []string{"base/stop/extended", "base/stoppoint/extended", "base/route/extended", "base/vehicle/extended", "simulated"}
	for i, c := range []struct {
		args          []string
		want, wantNot []string
	}{
		{[]string{"--keep-raw", "14d"}, append([]string{"stop/1008", "stoppoint/135001", "alerts"}, base...), nil},
		{nil, base, []string{"stop/1008", "stoppoint/135001", "alerts"}},
	} {
		db := filepath.Join(dir, fmt.Sprintf("h%d.db", i))
		args := append([]string{"record", "--stop", "1008", "--stoppoint", "135001", "--for", "1s", "--db", db}, c.args...)
		if code, _, errs := runCLI(t, args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		got := subjects(db)
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%v: no raw answer of %s kept (%v)", c.args, w, got)
			}
		}
		for _, w := range c.wantNot {
			if got[w] {
				t.Errorf("%v: a raw answer of %s kept", c.args, w)
			}
		}
	}
	if code, _, errs := runCLI(t, "record", "--stop", "1008", "--keep-raw", "soon", "--db", filepath.Join(dir, "x.db")); code != exitUsage || !strings.Contains(errs, "--keep-raw") {
		t.Errorf("--keep-raw soon: exit %d, %q", code, errs)
	}
}
