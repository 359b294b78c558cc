package tui

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// statusLine is the status bar of the view (the line above the key hint).
func statusLine(v string) string {
	l := strings.Split(v, "\n")
	return l[len(l)-2]
}

// TestStatusBarStillBetweenPolls: between two polls the status bar does not
// count seconds, so the terminal gets no new status line every second; it
// changes when an answer comes. A failed poll shows its error and retry in
// the bar at once (the stale marker waits for data older than two
// intervals, the one stale rule of every view).
func TestStatusBarStillBetweenPolls(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	first := statusLine(e.m.View())
	for s := 1; s <= 14; s++ {
		e.advance(time.Second)
		if got := statusLine(e.m.View()); got != first {
			t.Fatalf("status bar changed after %d s without a poll:\n%q\n%q", s, first, got)
		}
	}
	if !strings.Contains(first, "updated < 30 s ago") || !strings.Contains(first, "next in < 30 s") {
		t.Errorf("status bar: %q", first)
	}
	e.advance(time.Second)
	e.src.SetErr(errors.New("cannot reach api.example: connection refused"))
	e.poll()
	v := e.m.View()
	if !strings.Contains(statusLine(v), "connection refused") || !strings.Contains(statusLine(v), "retry in") {
		t.Errorf("a failed poll is not marked at once:\n%s", v)
	}
}
