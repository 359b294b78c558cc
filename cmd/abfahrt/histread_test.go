package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/history"
	"abfahrt/internal/hostile"
	"abfahrt/model"
)

// runCLIWithin runs the command as a user would (no deadline of its own)
// but stops it after limit, so that a hang fails the test instead of
// stalling it; it returns how long the command took.
func runCLIWithin(t *testing.T, limit time.Duration, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	t.Setenv("ABFAHRT_API", "")
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var out, errb bytes.Buffer
	start := time.Now()
	code := run(ctx, args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String(), time.Since(start)
}

// stats and history on files that are not abfahrt's history (an endless
// recursive view in place of the departures table, random bytes, an
// empty file, an empty SQLite database, another program's database, a
// departures table of another program) answer within a few seconds with
// one clear line and exit 1; before, the recursive view hung them.
func TestStatsHistoryRefuseHostileFiles(t *testing.T) {
	files, err := hostile.HistoryFiles(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for what, path := range files {
		for _, args := range [][]string{
			{"stats", "--db", path},
			{"stats", "--db", path, "--stop", "1008", "--by", "hour"},
			{"history", "--vehicle", "42", "--db", path},
		} {
			code, out, errs, took := runCLIWithin(t, 20*time.Second, args...)
			msg := strings.TrimSpace(errs)
			t.Logf("%s: %s: %s (%v)", what, args[0], msg, took.Round(time.Millisecond))
			switch {
			case took > 5*time.Second:
				t.Errorf("%s: %v took %v (exit %d, %q)", what, args[0], took.Round(time.Millisecond), code, msg)
			case code != exitFailure:
				t.Errorf("%s: %v: exit %d, want 1; stdout %q stderr %q", what, args[0], code, out, msg)
			case strings.Count(msg, "\n") != 0 || !strings.Contains(msg, path) || !strings.Contains(msg, "not an abfahrt history database"):
				t.Errorf("%s: %v said %q: want one line naming the file as not an abfahrt history database", what, args[0], msg)
			}
		}
	}
}

// endedDB is a recording of a morning 80 days ago (as a simulated day
// is, seen from the wall clock): line 4 every 5 minutes at stop 1008
// from 08:25, its third bus 7 minutes late and overtaken by the fourth;
// vehicle 42's run on line 2 left 1008 at 08:27 (2 minutes late) and
// has not yet left 1010 (scheduled 08:26).
func endedDB(t *testing.T) (path string, day time.Time) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "h.db")
	s, err := history.Open(context.Background(), path, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	y, m, d := time.Now().In(model.Berlin).AddDate(0, 0, -80).Date()
	day = time.Date(y, m, d, 8, 25, 0, 0, model.Berlin)
	ev := func(line string, sched time.Time, delay int64) history.Event {
		x := sched.Unix()
		return history.Event{ServiceDay: history.ServiceDayOf(sched), Stop: 1008, StopPoint: "100801", Line: line, Direction: "Wiblingen",
			Vehicle: 7, Scheduled: x, Actual: x + delay, FirstSeen: x - 600, LastSeen: x + delay}
	}
	var evs []history.Event
	for i, delay := range []int64{0, 0, 420, 0, 0, 0} {
		evs = append(evs, ev("4", day.Add(time.Duration(i)*5*time.Minute), delay))
	}
	a := ev("2", day.Add(0), 120)
	a.Vehicle = 42
	b := ev("2", day.Add(time.Minute), 0)
	b.Vehicle, b.Stop, b.StopPoint, b.Actual = 42, 1010, "101001", 0
	if err := s.Save(context.Background(), append(evs, a, b)); err != nil {
		t.Fatal(err)
	}
	return path, day
}

// stats on a recording that ended before --since's window (a simulated
// day, an old recording) counts back from the recording's end and says
// so; with nothing in the selection it says what the recording spans.
// Headways at a stop are in the order of departure: the overtaking is
// counted, no gap is negative. Before, stats said "no departures
// recorded" and, at a stop, printed negative headways.
func TestStatsOnARecordingThatEnded(t *testing.T) {
	db, day := endedDB(t)
	span := day.Format("2006-01-02") + " 08:15–08:50" // first seen 10 min before the first, last seen at the last departure
	code, out, errs := runCLI(t, "stats", "--db", db)
	if code != exitOK || !strings.Contains(out, "the recording ends "+day.Format("2006-01-02")+" 08:50") || !strings.Contains(out, "counts back from its end") {
		t.Errorf("stats on a recording 80 days old: exit %d\n%s%s", code, out, errs)
	}
	if !regexp.MustCompile(`(?m)^4 +6 `).MatchString(out) {
		t.Errorf("stats: no row of line 4 with its 6 departures:\n%s", out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db, "--line", "99")
	if code != exitOK || !strings.Contains(out, "none in the 7 days before the recording's end") || !strings.Contains(out, "recorded "+span) {
		t.Errorf("stats --line 99: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db, "--stop", "1008")
	if code != exitOK || regexp.MustCompile(`-\d+\.\d min`).MatchString(out) || !regexp.MustCompile(`(?m)^4 .* 5\.0 min +10\.0 min +\d+ % +1 *$`).MatchString(out) {
		t.Errorf("stats --stop 1008: want headways 5.0 and 10.0 min and 1 overtaking, none negative:\n%s", out)
	}
	code, out, _ = runCLI(t, "stats", "--db", db, "--stop", "1008", "--json")
	if code != exitOK || !strings.Contains(out, `"overtakings": 1`) {
		t.Errorf("stats --stop 1008 --json: %s", out)
	}
}

// history shows a run from what actually happened (left 08:27) and
// under way while its last departure has not left, never ending before
// it starts; and counts --since back from the vehicle's last sighting
// when that lies before the window. Before: no run (80 days ago), and
// on the day 08:27–08:26.
func TestHistoryRunUnderWay(t *testing.T) {
	db, _ := endedDB(t)
	code, out, errs := runCLI(t, "history", "--vehicle", "42", "--db", db)
	if code != exitOK || !strings.Contains(out, "under way") || !strings.Contains(out, "08:27") || strings.Contains(out, "08:26") {
		t.Errorf("history: exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "counts back from its last sighting") {
		t.Errorf("history does not say where --since counts from:\n%s", out)
	}
}

// record's closing line counts what the run saved in the database, each
// departure once, and its parts add up to it. Before, it counted the
// departures seen to leave ("recorded 0 departures" over a database of
// thousands of rows).
func TestRecordClosingLineCountsTheDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	code, out, errs := runCLI(t, "record", "--stop", "1008", "--stoppoint", "135001", "--for", "2s", "--db", db)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`saved (\d+) departures in .*: (\d+) departed, (\d+) vanished, (\d+) still on the boards; in \S+ from (\d+) requests`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("closing line %q", out)
	}
	s, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	var rows, departed, vanished int
	if err := s.DB().QueryRow(`SELECT COUNT(*), COUNT(actual), COALESCE(SUM(vanished), 0) FROM departures`).Scan(&rows, &departed, &vanished); err != nil {
		t.Fatal(err)
	}
	want := []string{strconv.Itoa(rows), strconv.Itoa(departed), strconv.Itoa(vanished), strconv.Itoa(rows - departed - vanished)}
	if rows == 0 || m[1] != want[0] || m[2] != want[1] || m[3] != want[2] || m[4] != want[3] {
		t.Errorf("closing line %q; the database holds %v", out, want)
	}
}
