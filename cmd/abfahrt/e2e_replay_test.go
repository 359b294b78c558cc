//go:build e2e

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"abfahrt/history"
)

// Issue 24 item 8: `abfahrt --replay DB --from TIME` opens the board on a
// recording (the real binary records the embedded simulation's stop 1008
// for a few seconds first) and says it is a replay (issue 32 item 6:
// "replay · recorded DAY" in the status bar); the same board on a stop
// that was not recorded says the recording does not hold it.
func TestE2EReplayBoard(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (run make e2e)")
	}
	db := filepath.Join(t.TempDir(), "rec.db")
	if out, err := exec.Command(bin, "record", "--stop", "1008", "--for", "3s", "--db", db).CombinedOutput(); err != nil {
		t.Fatalf("record: %v\n%s", err, out)
	}
	s, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := s.Span(context.Background())
	_ = s.Close()
	if err != nil || first.IsZero() {
		t.Fatalf("nothing recorded: %v", err)
	}
	from := first.Format(time.RFC3339)

	tm := newTerm(t, 120, 40)
	tm.typeText("abfahrt --replay " + db + " --from " + from)
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 10*time.Second)
	tm.waitFor(departureRow, 10*time.Second)
	tm.waitFor(regexp.MustCompile(`replay · recorded \d{4}-\d\d-\d\d`), 5*time.Second)
	tm.checkWidths(120)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)

	tm.typeText("abfahrt --replay " + db + " --from " + from + " --stop 1240")
	tm.keys("Enter")
	screen := tm.waitFor(regexp.MustCompile(`Universität Süd`), 10*time.Second)
	if regexp.MustCompile(`\d+ min\b|\bnow\b`).MatchString(screen) {
		t.Errorf("a stop that was not recorded shows departures:\n%s", screen)
	}
	tm.waitFor(regexp.MustCompile(`not in the recording`), 10*time.Second)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}
