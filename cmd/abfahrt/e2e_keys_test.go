//go:build e2e

package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Keys typed together in a real terminal (issue 33 item 1): tmux writes
// "jjjjj" in one write, as a held key or a fast typist over SSH does, and
// the board reads it at once: the cursor moves five rows; "qq" quits.
func TestE2EKeysReadTogether(t *testing.T) {
	tm := newTerm(t, 100, 30)
	tm.typeText(os.Getenv("ABFAHRT_BIN") + " --stop 1008\n")
	tm.waitFor(departureRow, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	tm.typeText("jjjjj")
	cursorRow := func(s string) int {
		rows := 0
		for _, l := range strings.Split(s, "\n") {
			if !departureRow.MatchString(l) || strings.Contains(l, "·") {
				continue
			}
			if strings.HasPrefix(strings.TrimSpace(l), "▸") {
				return rows
			}
			rows++
		}
		return -1
	}
	deadline := time.Now().Add(5 * time.Second)
	for cursorRow(tm.screen()) != 5 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if s := tm.screen(); cursorRow(s) != 5 {
		t.Fatalf("the cursor is on row %d after jjjjj, want 5:\n%s", cursorRow(s), s)
	}
	tm.typeText("qq")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 10*time.Second)
}
