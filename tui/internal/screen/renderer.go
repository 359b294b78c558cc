package screen

import (
	"io"
	"sync"
	"time"
)

// Renderer paints the frames of a program on its terminal through a
// Screen: a frame is written when it comes, unless one was written less
// than the frame gap ago; then the newest frame is written when the gap
// is over. Nothing runs between frames: an idle program costs nothing
// here, unlike a renderer that wakes on a ticker to look for changes.
type Renderer struct {
	mu      sync.Mutex
	out     io.Writer
	scr     *Screen
	gap     time.Duration
	w, h    int
	frame   string
	drawn   string // the frame on the terminal, if fresh
	fresh   bool   // drawn is what the terminal shows
	pending bool   // frame is newer than the terminal
	timer   *time.Timer
	last    time.Time
	stopped bool
	buf     []byte
	err     error
	written int64
}

// NewRenderer returns a Renderer that writes to out at most fps frames a
// second. It draws nothing before it knows the terminal's size.
func NewRenderer(out io.Writer, fps int) *Renderer {
	if fps < 1 {
		fps = 1
	}
	return &Renderer{out: out, scr: NewScreen(), gap: time.Second / time.Duration(fps)}
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
	if r.timer != nil {
		return // a frame is due: it will be this one
	}
	if wait := r.gap - time.Since(r.last); wait > 0 {
		r.timer = time.AfterFunc(wait, r.due)
		return
	}
	r.flush()
}

// due writes the frame that waited for its turn.
func (r *Renderer) due() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timer = nil
	if !r.stopped && r.pending {
		r.flush()
	}
}

// flush writes the difference to the newest frame. r.mu is held: a frame
// is written whole before the next one or Stop.
func (r *Renderer) flush() {
	r.pending = false
	r.buf = r.scr.Render(r.buf[:0], r.frame, r.w, r.h)
	r.drawn, r.fresh, r.last = r.frame, true, time.Now()
	if len(r.buf) > 0 {
		n, err := r.out.Write(r.buf)
		r.written += int64(n)
		if err != nil && r.err == nil {
			r.err = err
		}
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

// Repaint draws the newest frame again, whole, now.
func (r *Renderer) Repaint() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped || r.w <= 0 || r.h <= 0 {
		return
	}
	r.scr.Invalidate()
	r.flush()
}

// Stop ends drawing: after it returns nothing more is written.
func (r *Renderer) Stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = true
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

// Written returns the bytes written so far and the first write error.
func (r *Renderer) Written() (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.written, r.err
}
