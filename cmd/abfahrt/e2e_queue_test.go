//go:build e2e

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestE2EExceptionQueue: E on the grid opens the exception queue with the
// network data verdict and the late vehicles of the simulation; E again
// gives the grid back, whose summary line now starts with the verdict; a
// acknowledges the row under the cursor (▸) and says which item it was.
func TestE2EExceptionQueue(t *testing.T) {
	tm := newTerm(t, 120, 40, "LANG=en_US.UTF-8")
	tm.typeText("abfahrt --stop 1008 --stop 1350 --stop 1240")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`(?s)Hauptbahnhof.*Ehinger Tor`), 10*time.Second)
	tm.keys("E")
	s := tm.waitFor(regexp.MustCompile(`Exceptions · data ok · \d+ items?`), 10*time.Second)
	if !strings.Contains(s, "SINCE") && !strings.Contains(s, "nothing needs a dispatcher") {
		t.Errorf("no list of exceptions:\n%s", s)
	}
	if strings.Contains(s, "late") {
		tm.keys("a")
		tm.waitFor(regexp.MustCompile(`✓ ack`), 5*time.Second)
		tm.waitFor(regexp.MustCompile(`acknowledged: \w+ · line \S+`), 5*time.Second) // which item (issue 33)
	}
	if !strings.HasPrefix(strings.Split(tm.screen(), "\n")[2], "▸ ") {
		t.Errorf("no ▸ cursor on the queue's first row:\n%s", tm.screen())
	}
	tm.checkWidths(120)
	tm.keys("E")
	s = tm.waitFor(regexp.MustCompile(`(?m)^ data ok · 3 boards`), 5*time.Second)
	if strings.Contains(s, "Exceptions") {
		t.Errorf("E did not close the queue:\n%s", s)
	}
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}
