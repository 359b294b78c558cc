package startup

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the collector's target.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// Issue 15: the collector's target is raised while abfahrt starts (two or
// three collections before the first departure row cost a loaded 2-core
// machine 10-20 ms) and put back afterwards.
func TestStartGCRaisesTheTargetForTheStartOnly(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var restore func()
	GC(func(r func()) { restore = r })
	if got := gcPercent(); got != gcPercentAtStart {
		t.Fatalf("GC target %d during the start, want %d", got, gcPercentAtStart)
	}
	if restore == nil {
		t.Fatal("nothing puts the target back")
	}
	restore()
	if got := gcPercent(); got != 100 {
		t.Errorf("GC target %d after the start, want 100 back", got)
	}
}

// GOGC=off, or a target set higher than the start's, is the user's choice:
// left alone.
func TestStartGCLeavesTheUsersTarget(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, user := range []int{-1, 800} {
		debug.SetGCPercent(user)
		called := false
		GC(func(func()) { called = true })
		if got := gcPercent(); got != user || called {
			t.Errorf("GOGC %d: target %d during the start (restore scheduled: %v), want it left alone", user, got, called)
		}
	}
}
