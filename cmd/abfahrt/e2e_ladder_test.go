//go:build e2e

package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Issue 25 items 1 and 2: `abfahrt --ladder 2` in a real terminal at rush
// hour shows line 2's ladder: both rails, the stops, vehicles with their
// headway against the plan; j moves along the vehicles, d shows one
// direction, enter opens the selected vehicle's pane, esc comes back and
// esc again to the board.
func TestE2ELadder(t *testing.T) {
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 120, 40)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:38:00+02:00 & sleep 1; abfahrt --api %s --ladder 2", addr, api))
	tm.keys("Enter")
	s := tm.waitFor(regexp.MustCompile(`\(plan \d+′\)`), 10*time.Second)
	for _, want := range []string{"Line 2", "↓ to Science Park II", "↑ to Kuhberg", "Kuhberg Schulzentrum", "Hauptbahnhof", "headways vary ±", "esc back"} {
		if !strings.Contains(s, want) {
			t.Errorf("the ladder does not show %q:\n%s", want, s)
		}
	}
	tm.checkWidths(120)
	first := lastLadderLine(s)
	tm.keys("j")
	if !tm.until(func(s string) bool { return lastLadderLine(s) != first }, 5*time.Second) {
		t.Errorf("j did not move to the next vehicle: %q", first)
	}
	tm.keys("d")
	if !tm.until(func(s string) bool {
		return strings.Contains(s, "↓ to Science Park II") && !strings.Contains(s, "↑ to Kuhberg")
	}, 5*time.Second) {
		t.Errorf("d still shows both directions:\n%s", tm.screen())
	}
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`(passed|departed|arriving|predicted|at stop)`), 10*time.Second)
	tm.keys("Escape")
	tm.waitFor(regexp.MustCompile(`Line 2`), 5*time.Second)
	tm.keys("Escape")
	tm.waitFor(regexp.MustCompile(`DIRECTION`), 5*time.Second)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}

// until polls the screen until ok says yes, for at most d.
func (tm *term) until(ok func(string) bool, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok(tm.screen()) {
			return true
		}
	}
	return false
}

// lastLadderLine is the ladder's selected-vehicle line: the one with ▸ at
// its start.
func lastLadderLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "▸ ") {
			return l
		}
	}
	return ""
}
