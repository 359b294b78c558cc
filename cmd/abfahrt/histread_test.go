package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/hostile"
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
