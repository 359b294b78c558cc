package main

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

// progressLine is one line on a terminal that says how far a long wait
// has come, written again in place; on anything but a terminal (a pipe,
// a file, the journal) it writes nothing, so scripts and logs see only
// what they saw before.
type progressLine struct {
	w     io.Writer
	mu    sync.Mutex
	shown bool
}

// newProgressLine returns the progress line of w, nil when w is not a
// terminal (every method of a nil line does nothing).
func newProgressLine(w io.Writer) *progressLine {
	f, ok := w.(*os.File)
	if !ok || !xterm.IsTerminal(f.Fd()) {
		return nil
	}
	return &progressLine{w: f}
}

// show writes the line, in place of the last one.
func (p *progressLine) show(format string, a ...any) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _ = fmt.Fprintf(p.w, "\r\x1b[K"+format, a...)
	p.shown = true
}

// clear takes the line away and writes final (a whole line) if not "".
func (p *progressLine) clear(final string) {
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

// progressEvery is how often a progress line is written again.
const progressEvery = 500 * time.Millisecond

// countingClient is a service client that counts the boards it was
// asked for and answered (the recorder's first round).
type countingClient struct {
	*feed.Client
	n atomic.Int64
}

// StopDepartures asks the client and counts the answer.
func (c *countingClient) StopDepartures(ctx context.Context, stop, limit int) (model.Board, error) {
	defer c.n.Add(1)
	return c.Client.StopDepartures(ctx, stop, limit)
}

// StopPointDepartures asks the client and counts the answer.
func (c *countingClient) StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	defer c.n.Add(1)
	return c.Client.StopPointDepartures(ctx, code, limit)
}

// firstRoundProgress says on a terminal how many of total boards the
// recorder has asked for, until all have been asked once or ctx ends;
// it returns a function that stops it. Nothing when p is nil.
func firstRoundProgress(ctx context.Context, p *progressLine, c *countingClient, total int) (stop func()) {
	if p == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			n := int(c.n.Load())
			if n >= total {
				p.clear(fmt.Sprintf("abfahrt: first round done: %s asked in %v", textout.Plural(total, "board", "boards"), time.Since(start).Round(time.Second)))
				return
			}
			p.show("abfahrt: first round: %d of %d boards asked, %v", n, total, time.Since(start).Round(time.Second))
			select {
			case <-ctx.Done():
				p.clear("")
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// waitProgress says on a terminal what is being waited for, with the
// seconds gone, from after a second until the returned function is
// called (a quick wait shows nothing). Nothing when p is nil.
func waitProgress(p *progressLine, what string) (stop func()) {
	if p == nil {
		return func() {}
	}
	quit := make(chan struct{})
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				p.clear("")
				return
			case <-t.C:
				if d := time.Since(start); d >= time.Second {
					p.show("abfahrt: %s, %v", what, d.Round(time.Second))
				}
			}
		}
	}()
	return func() { close(quit); <-done }
}

// recordProgress shows the first round of a recording of many boards
// on a terminal (w): how many of them were asked, since at most
// history.MaxRate requests a second make the first round of every stop
// of a network take minutes. It counts through r's source, which must be
// client; it returns the function that stops the line.
func recordProgress(ctx context.Context, w io.Writer, r *history.Recorder, client *feed.Client) (stop func()) {
	p := newProgressLine(w)
	if p == nil || len(r.Subjects) <= firstRoundQuiet {
		return func() {}
	}
	c := &countingClient{Client: client}
	r.Source = c
	return firstRoundProgress(ctx, p, c, len(r.Subjects))
}

// firstRoundQuiet is the most boards recorded without a progress line:
// their first round takes under ten seconds.
const firstRoundQuiet = int(10 * history.MaxRate)
