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

// resetSteady forgets what an earlier test said about the process.
func resetSteady(t *testing.T) {
	t.Helper()
	steady.mu.Lock()
	steady.prev, steady.over, steady.board = 100, false, false
	steady.mu.Unlock()
	t.Cleanup(func() {
		steady.mu.Lock()
		steady.prev, steady.over, steady.board = 100, false, false
		steady.mu.Unlock()
	})
}

// A board collects at BoardGCPercent after its start, whether it says
// so before the start is over or after; a process that is no board (the
// hub, the simulation's server) goes back to Go's default.
func TestABoardCollectsAtItsOwnTargetAfterTheStart(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	for _, when := range []string{"before", "after", "never"} {
		resetSteady(t)
		debug.SetGCPercent(100)
		var restore func()
		GC(func(r func()) { restore = r })
		if when == "before" {
			Board()
		}
		restore()
		if when == "after" {
			Board()
		}
		want := BoardGCPercent
		if when == "never" {
			want = 100
		}
		if got := gcPercent(); got != want {
			t.Errorf("Board called %s the start's end: target %d, want %d", when, got, want)
		}
	}
}

// A target the user set (GOGC) is the user's, board or not.
func TestABoardKeepsTheTargetTheUserSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	resetSteady(t)
	t.Setenv("GOGC", "80")
	debug.SetGCPercent(80)
	var restore func()
	GC(func(r func()) { restore = r })
	Board()
	restore()
	if got := gcPercent(); got != 80 {
		t.Errorf("GOGC=80 on a board: target %d after the start, want 80", got)
	}
}
