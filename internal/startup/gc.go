// Package startup is what abfahrt does as its process starts: its version
// from the build information, and a raised garbage collection target for
// the first seconds.
package startup

import (
	"os"
	"runtime/debug"
	"sync"
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
// the steady one back when the start is over (time.AfterFunc with
// GCFor in main; tests call it themselves): the previous target, or
// BoardGCPercent once Board has said the process is a board. A target
// the user set higher, or GOGC=off, is left alone.
func GC(after func(restore func())) {
	prev := debug.SetGCPercent(gcPercentAtStart)
	if prev < 0 || prev >= gcPercentAtStart {
		debug.SetGCPercent(prev)
		return
	}
	steady.mu.Lock()
	steady.prev, steady.over = prev, false
	steady.mu.Unlock()
	after(func() {
		steady.mu.Lock()
		steady.over = true
		debug.SetGCPercent(steady.target())
		steady.mu.Unlock()
		debug.FreeOSMemory()
	})
}

// BoardGCPercent is the collector's target of a board after its start
// (Go's default is 100): a new cycle when the heap has grown by half
// its live data, not by all of it. The resident heap is about 1.1 times
// the target's heap, so a board holds a smaller heap. Measured
// (.ci/perf/mem.sh, three rounds each, a board on --api at 120x40):
// anonymous memory 9.3 MB at 100, 8.5 MB at 50; on the embedded simulation 12.5 →
// 10.6 MB. A board allocates little between two polls (a kiosk of four
// boards about 170 kB/s, a collection of its 3 MB heap a few
// milliseconds), so the cost in CPU is within the spread of
// .ci/perf/kiosk-idle.sh's rounds. The hub, the simulation's server and
// the recorder keep Go's default: their heaps follow their clients.
const BoardGCPercent = 50

// steadyGC is the target the start's restore puts back.
type steadyGC struct {
	mu sync.Mutex
	// prev is the target before the start's (100, or GOGC); over: the
	// start is over (the steady target is set); board: Board was called.
	prev        int
	over, board bool
}

var steady = steadyGC{prev: 100}

// target is the steady target: BoardGCPercent for a board whose
// target the user did not set (GOGC), else the previous one.
func (s *steadyGC) target() int {
	if s.board && os.Getenv("GOGC") == "" {
		return BoardGCPercent
	}
	return s.prev
}

// Board says that this process is a board (or a kiosk): after its start
// it collects at BoardGCPercent. Called before the start is over, the
// start's restore sets it; after, it is set at once.
func Board() {
	steady.mu.Lock()
	defer steady.mu.Unlock()
	steady.board = true
	if steady.over {
		debug.SetGCPercent(steady.target())
	}
}
