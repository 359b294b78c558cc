//go:build e2e

package main

import (
	"fmt"
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
	// The simulation at rush hour, whatever the hour of the run: at night
	// the queue may be empty (and "late" is then only in "simulated").
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 120, 40, "LANG=en_US.UTF-8")
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:38:00+02:00 & sleep 1; abfahrt --api %s --stop 1008 --stop 1350 --stop 1240", addr, api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`(?s)Hauptbahnhof.*Ehinger Tor`), 10*time.Second)
	tm.keys("E")
	s := tm.waitFor(regexp.MustCompile(`Exceptions · data ok · [1-9]\d* items`), 10*time.Second)
	if !strings.Contains(s, "SINCE") || !regexp.MustCompile(`\blate\b`).MatchString(s) {
		t.Errorf("no list of exceptions with a late vehicle at rush hour:\n%s", s)
	}
	tm.keys("a")
	tm.waitFor(regexp.MustCompile(`✓ ack`), 5*time.Second)
	tm.waitFor(regexp.MustCompile(`acknowledged: \w+ · line \S+`), 5*time.Second) // which item
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
