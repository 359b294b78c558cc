// Package progress draws the one line on a terminal that says how far a
// long wait of abfahrt has come (a large recording's first round, a count
// over a large history), written again in place; off a terminal it
// writes nothing.
package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	xterm "github.com/charmbracelet/x/term"

	"abfahrt/feed"
	"abfahrt/history"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

// Line is one line on a terminal that says how far a long wait has come,
// written again in place; on anything but a terminal (a pipe, a file, the
// journal) it writes nothing, so scripts and logs see only what they saw
// before.
type Line struct {
	w     io.Writer
	mu    sync.Mutex
	shown bool
}

// NewLine returns the progress line of w, nil when w is not a terminal
// (every method of a nil line does nothing).
func NewLine(w io.Writer) *Line {
	f, ok := w.(*os.File)
	if !ok || !xterm.IsTerminal(f.Fd()) {
		return nil
	}
	return &Line{w: f}
}

// Show writes the line, in place of the last one.
func (p *Line) Show(format string, a ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _ = fmt.Fprintf(p.w, "\r\x1b[K"+format, a...)
	p.shown = true
}

// Clear takes the line away and writes final (a whole line) if not "".
func (p *Line) Clear(final string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		_, _ = io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
	if final != "" {
		_, _ = fmt.Fprintln(p.w, final)
	}
}

// Every is how often a progress line is written again.
const Every = 500 * time.Millisecond

// CountingClient is a service client that counts the boards it was asked
// for and answered (the recorder's first round).
type CountingClient struct {
	*feed.Client
	n atomic.Int64
}

// StopDepartures asks the client and counts the answer.
func (c *CountingClient) StopDepartures(ctx context.Context, stop, limit int) (model.Board, error) {
	defer c.n.Add(1)
	return c.Client.StopDepartures(ctx, stop, limit)
}

// StopPointDepartures asks the client and counts the answer.
func (c *CountingClient) StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	defer c.n.Add(1)
	return c.Client.StopPointDepartures(ctx, code, limit)
}

// FirstRound says on a terminal how many of total boards the recorder
// has asked for, until all have been asked once or ctx ends; it returns a
// function that stops it. Nothing when p is nil.
func FirstRound(ctx context.Context, p *Line, c *CountingClient, total int) (stop func()) {
	if p == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(Every)
		defer t.Stop()
		for {
			n := int(c.n.Load())
			if n >= total {
				p.Clear(fmt.Sprintf("abfahrt: first round done: %s asked in %v", textout.Plural(total, "board", "boards"), time.Since(start).Round(time.Second)))
				return
			}
			p.Show("abfahrt: first round: %d of %d boards asked, %v", n, total, time.Since(start).Round(time.Second))
			select {
			case <-ctx.Done():
				p.Clear("")
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// Wait says on a terminal what is being waited for, with the seconds
// gone, from after a second until the returned function is called (a
// quick wait shows nothing). Nothing when p is nil.
func Wait(p *Line, what string) (stop func()) {
	if p == nil {
		return func() {}
	}
	quit := make(chan struct{})
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(Every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				p.Clear("")
				return
			case <-t.C:
				if d := time.Since(start); d >= time.Second {
					p.Show("abfahrt: %s, %v", what, d.Round(time.Second))
				}
			}
		}
	}()
	return func() { close(quit); <-done }
}

// Record shows the first round of a recording of many boards on a
// terminal (w): how many of them were asked, since at most
// history.MaxRate requests a second make the first round of every stop
// of a network take minutes. It counts through r's source, which must be
// client; it returns the function that stops the line.
func Record(ctx context.Context, w io.Writer, r *history.Recorder, client *feed.Client) (stop func()) {
	p := NewLine(w)
	if p == nil || len(r.Subjects) <= FirstRoundQuiet {
		return func() {}
	}
	c := &CountingClient{Client: client}
	r.Source = c
	return FirstRound(ctx, p, c, len(r.Subjects))
}

// FirstRoundQuiet is the most boards recorded without a progress line:
// their first round takes under ten seconds.
const FirstRoundQuiet = int(10 * history.MaxRate)
