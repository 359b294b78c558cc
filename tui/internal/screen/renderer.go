package screen

import (
	"io"
	"sync"
	"time"
)

// Renderer paints the frames of a program on its terminal through a
// Screen: a frame is written when it comes, at most fps frames a second
// on average with bursts of burst frames at once (a token bucket: the
// frame that shows the first answer comes right after the first frames,
// which came with the terminal's size); a frame beyond that waits
// for its turn, and the newest frame is written then. Nothing runs
// between frames: an idle program costs nothing here, unlike a renderer
// that wakes on a ticker to look for changes.
type Renderer struct {
	mu      sync.Mutex
	out     io.Writer
	scr     *Screen
	gap     time.Duration // one frame's share of a second
	tokens  float64       // frames that may be written now (the bucket)
	w, h    int
	frame   string
	drawn   string // the frame on the terminal, if fresh
	fresh   bool   // drawn is what the terminal shows
	pending bool   // frame is newer than the terminal
	timer   *time.Timer
	filled  time.Time // when tokens were last refilled
	stopped bool
	held    bool // the terminal is someone else's for now (suspended)
	sync    bool // frames are wrapped in synchronized output (mode 2026)
	buf     []byte
}

// Synchronized output (mode 2026): a terminal that reports it holds the
// screen while a frame is written and shows it whole.
const (
	SyncBegin = "\x1b[?2026h"
	SyncEnd   = "\x1b[?2026l"
)

// SetSync wraps every frame written from now on in synchronized output
// (when the terminal said it supports it) or not.
func (r *Renderer) SetSync(on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sync = on
}

// NewRenderer returns a Renderer that writes to out at most fps frames a
// second. It draws nothing before it knows the terminal's size.
func NewRenderer(out io.Writer, fps int) *Renderer {
	if fps < 1 {
		fps = 1
	}
	return &Renderer{out: out, scr: NewScreen(), gap: time.Second / time.Duration(fps), tokens: burst}
}

// Frame hands the renderer the program's newest frame.
func (r *Renderer) Frame(view string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.frame = view
	if r.w <= 0 || r.h <= 0 || r.fresh && view == r.drawn {
		r.pending = false
		return
	}
	r.pending = true
	if r.timer != nil || r.held {
		return // a frame is due (or the terminal back): it will be this one
	}
	r.refill(time.Now())
	if r.tokens < 1 {
		r.timer = time.AfterFunc(time.Duration((1-r.tokens)*float64(r.gap)), r.due)
		return
	}
	r.flush()
}

// burst is how many frames may be written at once, after a quiet time:
// a program's start paints its first frame with the terminal's size, then
// a status line or two (the first request counted), then the first answer,
// which should not wait for its turn.
const burst = 4

// refill adds the frames the time since the last refill allows.
func (r *Renderer) refill(now time.Time) {
	if !r.filled.IsZero() {
		r.tokens = min(burst, r.tokens+float64(now.Sub(r.filled))/float64(r.gap))
	}
	r.filled = now
}

// due writes the frame that waited for its turn.
func (r *Renderer) due() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timer = nil
	if !r.stopped && !r.held && r.pending {
		r.flush()
	}
}

// flush writes the difference to the newest frame. r.mu is held: a frame
// is written whole before the next one or Stop.
func (r *Renderer) flush() {
	r.pending = false
	r.buf = r.scr.Render(r.buf[:0], r.frame, r.w, r.h)
	r.refill(time.Now())
	r.tokens--
	r.drawn, r.fresh = r.frame, true
	if len(r.buf) > 0 {
		if r.sync {
			r.buf = append(append([]byte(SyncBegin), r.buf...), SyncEnd...)
		}
		// A failed write (the terminal gone) is the terminal watch's to
		// see (run.go).
		_, _ = r.out.Write(r.buf)
	}
	if cap(r.buf) > 1<<20 {
		r.buf = nil // a huge terminal's repaint: don't keep the buffer
	}
}

// Resize tells the renderer the terminal's size: the next frame repaints
// everything (the terminal may have reflowed or cleared its content).
func (r *Renderer) Resize(w, h int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w, r.h = w, h
	r.scr.Invalidate()
	r.fresh = false
}

// Invalidate makes the next frame repaint everything: the terminal's
// content is unknown (after a suspend, or another program drew on it).
func (r *Renderer) Invalidate() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scr.Invalidate()
	r.fresh = false
}

// Hold writes seq (giving the terminal back, e.g. leaving the alternate
// screen) after any frame being written, and writes nothing more until
// Resume.
func (r *Renderer) Hold(seq string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.held = true
	r.write(seq)
}

// Resume writes seq (taking the terminal again) and paints the newest
// frame whole.
func (r *Renderer) Resume(seq string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.held = false
	r.write(seq)
	r.scr.Invalidate()
	r.fresh = false
	if r.w > 0 && r.h > 0 && r.timer == nil {
		r.flush()
	}
}

// Control writes seq between frames (entering the alternate screen).
func (r *Renderer) Control(seq string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.stopped {
		r.write(seq)
	}
}

// Stop writes seq (leaving the alternate screen) after any frame being
// written and ends drawing: nothing more is written after it.
func (r *Renderer) Stop(seq string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.stopped = true
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.write(seq)
}

// write writes seq to the terminal; r.mu is held.
func (r *Renderer) write(seq string) {
	if seq != "" {
		_, _ = io.WriteString(r.out, seq)
	}
}
