//go:build e2e

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Issue 38 item 5: `record --all` says on a terminal how far its first
// round of every stop has come (it takes minutes at 2 requests a
// second), and says it done; piped, its standard error is what it was:
// the one "recording" line, no progress.
func TestE2ERecordAllProgress(t *testing.T) {
	tm := newTerm(t, 100, 10)
	db := filepath.Join(t.TempDir(), "h.db")
	tm.typeText("abfahrt record --all --for 6s --db " + db)
	tm.keys("Enter")
	s := tm.waitFor(regexp.MustCompile(`abfahrt: first round: \d+ of \d{3} boards asked, \d+s`), 10*time.Second)
	if strings.Count(s, "first round:") != 1 {
		t.Errorf("the progress is not one line written in place:\n%s", s)
	}
	s = tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 20*time.Second)
	if strings.Contains(s, "first round:") {
		t.Errorf("the progress line stays after the run ended:\n%s", s)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Getenv("ABFAHRT_BIN"), "record", "--all", "--for", "3s", "--db", filepath.Join(t.TempDir(), "p.db"))
	cmd.Env = exampleEnv(t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("record --all piped: %v: %s", err, stderr.String())
	}
	if strings.Contains(stderr.String(), "first round") || strings.ContainsRune(stderr.String(), '\r') {
		t.Errorf("piped, record --all writes progress: %q", stderr.String())
	}
	if !strings.Contains(stderr.String(), "abfahrt: recording ") {
		t.Errorf("piped, record --all no longer says what it records: %q", stderr.String())
	}
}
