//go:build e2e

package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// mouseFlags is tmux's view of the pane's mouse modes: normal tracking
// (1000), button-event tracking (1002), any-event tracking (1003), SGR
// coordinates (1006).
func (tm *term) mouseFlags() string {
	tm.t.Helper()
	return strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name,
		"#{mouse_standard_flag} #{mouse_button_flag} #{mouse_all_flag} #{mouse_sgr_flag}"))
}

// sgrMouse writes the bytes a terminal sends for a mouse event in SGR
// mode at column x, line y (from 1): button b pressed, and released when
// release is set (tmux's send-keys -M forwards only real mouse events, so
// the pane gets the raw bytes as input).
func (tm *term) sgrMouse(b, x, y int, release bool) {
	tm.t.Helper()
	s := fmt.Sprintf("\x1b[<%d;%d;%dM", b, x, y)
	if release {
		s += fmt.Sprintf("\x1b[<%d;%d;%dm", b, x, y)
	}
	tm.typeText(s)
}

// vehicleRows returns the screen lines of the board's rows that show a
// vehicle number (the last column), by line.
func vehicleRows(s string) map[int]int {
	out := map[int]int{}
	lines := strings.Split(s, "\n")
	head := -1
	for y, l := range lines {
		if head < 0 {
			if strings.Contains(l, "DIRECTION") && strings.Contains(l, "VEH") {
				head = y
			}
			continue
		}
		f := strings.Fields(strings.TrimPrefix(l, "▸"))
		if len(f) < 4 {
			break
		}
		if n, err := strconv.Atoi(f[len(f)-1]); err == nil {
			out[y] = n
		}
	}
	return out
}

// Issue 26 item 9: `abfahrt --mouse` in a real terminal turns on normal
// mouse tracking with SGR coordinates (not motion), a click on a row
// (raw SGR bytes) opens that row's vehicle, the wheel moves the cursor,
// and quitting turns the modes off; without --mouse they stay off.
func TestE2EMouse(t *testing.T) {
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 120, 40)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:38:00+02:00 & sleep 1; abfahrt --api %s --mouse", addr, api))
	tm.keys("Enter")
	s := tm.waitFor(regexp.MustCompile(`VEH[\s\S]*\d+ min`), 10*time.Second)
	if f := tm.mouseFlags(); f != "1 0 0 1" {
		t.Errorf("mouse modes %q with --mouse, want normal tracking and SGR only (1 0 0 1)", f)
	}
	rows := vehicleRows(s)
	if len(rows) < 5 {
		t.Fatalf("%d rows with a vehicle:\n%s", len(rows), s)
	}
	// The third row with a vehicle, clicked in its direction column.
	var ys []int
	for y := range 40 {
		if _, ok := rows[y]; ok {
			ys = append(ys, y)
		}
	}
	y, want := ys[2], rows[ys[2]]
	tm.sgrMouse(0, 20, y+1, true)
	pane := regexp.MustCompile(fmt.Sprintf(`(Bus|Tram) %d\b`, want))
	if _, ok := tm.tryWait(pane, 10*time.Second); !ok {
		t.Fatalf("a click on line %d (vehicle %d) did not open its vehicle pane:\n%s", y, want, tm.screen())
	}
	tm.keys("Escape")
	s = tm.waitFor(regexp.MustCompile(`VEH`), 5*time.Second)
	// Three steps of the wheel down from the clicked row.
	for range 3 {
		tm.sgrMouse(65, 20, y+1, false)
	}
	if !tm.until(func(s string) bool {
		l := strings.Split(s, "\n")
		return len(l) > y+3 && strings.HasPrefix(l[y+3], "▸")
	}, 5*time.Second) {
		t.Errorf("the wheel did not move the cursor three rows down from line %d:\n%s", y, tm.screen())
	}
	// A click on the column titles does nothing.
	head, _, _ := strings.Cut(s, "VEH")
	tm.sgrMouse(0, 20, strings.Count(head, "\n")+1, true)
	time.Sleep(500 * time.Millisecond)
	if strings.Contains(tm.screen(), "PL SCHED LIVE") {
		t.Error("a click on the column titles opened a vehicle pane")
	}
	tm.keys("q")
	tm.waitFor(promptLast, 5*time.Second)
	if f := tm.mouseFlags(); f != "0 0 0 0" {
		t.Errorf("mouse modes %q after quitting, want all off", f)
	}

	tm.typeText(fmt.Sprintf("abfahrt --api %s", api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`VEH[\s\S]*\d+ min`), 10*time.Second)
	if f := tm.mouseFlags(); f != "0 0 0 0" {
		t.Errorf("mouse modes %q without --mouse, want all off", f)
	}
	tm.keys("q")
	tm.waitFor(promptLast, 5*time.Second)
	// The simulation ends before the test's directories are removed.
	tm.typeText("kill %1; wait; echo sim-gone")
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`(?m)^sim-gone`), 10*time.Second)
}
