// Package startup is what abfahrt does as its process starts: its version
// from the build information, and a raised garbage collection target for
// the first seconds.
package startup

import (
	"runtime/debug"
	"time"
)

// Garbage collection while abfahrt starts: package initialisation, the
// embedded simulation's network and first day plan, the terminal and the
// board's first frame allocate about 10 MB once, in the first tens of
// milliseconds; at Go's default target (a first cycle at a 4 MB heap, then
// each at twice the live heap) that is two or three collections before the
// first departure row, each taking a core for a few milliseconds on a
// 2-core machine. So the target is raised for the first GCFor of the
// process and then put back: one collection instead, after the start.
// Measured (three runs of 15 starts each in tmux, load average
// 3-4): the first answer in the board a median 41-54 ms after main at the
// default target, 28-38 ms with it raised. The heap grows further before
// its first collection: resident memory 8 s after the start 29 MB against
// 26 MB (before the simulation's smaller day plans: 38 MB; 12 boards 30 MB).
// The heap the raised target let grow stayed mapped after it was put back
// (the runtime returns free pages slowly): when it is put back, the free
// pages go back to the system at once (debug.FreeOSMemory, one collection).
// Measured (make mem): a board on --api 14.2 MB anonymous
// memory 8 s after the start, 9.7 MB with it.
const (
	gcPercentAtStart = 400
	// GCFor is how long the raised target holds.
	GCFor = 2 * time.Second
)

// GC raises the collector's target for the start and has after put
// the previous one back when the start is over (time.AfterFunc with
// GCFor in main; tests call it themselves). A target the user set
// higher, or GOGC=off, is left alone.
func GC(after func(restore func())) {
	prev := debug.SetGCPercent(gcPercentAtStart)
	if prev < 0 || prev >= gcPercentAtStart {
		debug.SetGCPercent(prev)
		return
	}
	after(func() { debug.SetGCPercent(prev); debug.FreeOSMemory() })
}
