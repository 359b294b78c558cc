package tui

import (
	"strings"
	"testing"
	"time"
)

// TestCachedRowsFollowTheLeaveTime: with a walking time, a cached row's
// leave-by text moves with the clock too.
func TestCachedRowsFollowTheLeaveTime(t *testing.T) {
	e := newWalkEnv(t, 120, 30, 4*time.Minute)
	if r := rowOf(t, e.m.View(), "Pfuhl"); !strings.Contains(r, "» in 5 min") {
		t.Fatalf("row of Pfuhl: %q", r)
	}
	e.advance(time.Minute)
	if r := rowOf(t, e.m.View(), "Pfuhl"); !strings.Contains(r, "» in 4 min") {
		t.Errorf("a minute later the row of Pfuhl says %q, want » in 4 min", r)
	}
}
