package tui

import (
	"io"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// byteCounter counts what Bubble Tea's renderer writes to the terminal.
type byteCounter struct {
	mu sync.Mutex
	n  int
}

func (c *byteCounter) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.n += len(p)
	c.mu.Unlock()
	return len(p), nil
}

func (c *byteCounter) Count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// idleBytesPerSecond runs o's board on the simulation from start for warm
// plus window simulated seconds, in the alternate screen at 120×40 with
// 256 colours (tmux), and returns the bytes written to the terminal per
// second over the window.
//
// With bubbleTea the program paints through Bubble Tea v1's own renderer
// (the reference), else through abfahrt's (tui/internal/screen).
func idleBytesPerSecond(t *testing.T, start time.Time, o app.Options, warm, window time.Duration, bubbleTea bool) float64 {
	t.Helper()
	var rate float64
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(t, svc)
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		o.Source, o.SourceName, o.Now, o.Renderer = client, "simulated Ulm network", clock.Now, r
		o.Stats = func() int64 { return client.Stats().Upstream } // the status bar's requests a minute, as the CLI
		var out byteCounter
		var p interface {
			Run() (tea.Model, error)
			Send(tea.Msg)
			Quit()
		}
		if bubbleTea {
			p = tea.NewProgram(New(o), tea.WithInput(nil), tea.WithOutput(&out), tea.WithoutSignalHandler(),
				tea.WithFPS(fps), tea.WithAltScreen())
		} else {
			p = newProgram(New(o), nil, &out, tea.WithoutSignalHandler())
		}
		done := make(chan error)
		go func() {
			_, err := p.Run()
			done <- err
		}()
		p.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
		time.Sleep(warm)
		before := out.Count()
		time.Sleep(window)
		rate = float64(out.Count()-before) / window.Seconds()
		p.Quit()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * feeds.DefaultInterval)
		synctest.Wait()
	})
	return rate
}

// Issue 15: what an idle board writes to its terminal, in bytes a second
// over ten simulated minutes (bytes, not time: the same every run), at
// most 150 (a 9600-baud serial kiosk line carries 960) at every hour.
// abfahrt's renderer writes only the cells that changed: a countdown
// turning costs a cursor move and a digit, and when a departure leaves,
// the rows below move up with one delete-line instead of being written
// again. Bubble Tea v1's renderer, which writes every changed line whole,
// is measured in the same run as the reference (about 270-320 bytes a
// second by day).
func TestIdleBoardBytesPerSecond(t *testing.T) {
	for _, at := range []struct {
		name string
		h, m int
	}{{"rush hour", 7, 30}, {"noon", 12, 0}, {"night", 1, 0}} {
		start := time.Date(2026, 9, 11, at.h, at.m, 0, 0, model.Berlin)
		// The budget is for a board of 20 rows (--limit 20); a board that
		// fills its 120×40 terminal (36 rows) writes for what it shows,
		// still at most half of what Bubble Tea's renderer writes.
		twenty := idleBytesPerSecond(t, start, app.Options{Limit: app.DefaultLimit}, 15*time.Second, 10*time.Minute, false)
		ours := idleBytesPerSecond(t, start, app.Options{}, 15*time.Second, 10*time.Minute, false)
		ref := idleBytesPerSecond(t, start, app.Options{}, 15*time.Second, 10*time.Minute, true)
		t.Logf("%s: %.0f bytes a second, %.0f with 20 rows (Bubble Tea v1's renderer: %.0f, x%.2f)", at.name, ours, twenty, ref, ours/ref)
		if twenty > 150 {
			t.Errorf("%s: the idle board of 20 rows writes %.0f bytes a second, want at most 150", at.name, twenty)
		}
		if ours > ref/2 {
			t.Errorf("%s: the idle board writes %.0f bytes a second, Bubble Tea's renderer %.0f: want at most half", at.name, ours, ref)
		}
	}
}
