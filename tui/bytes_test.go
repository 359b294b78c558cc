package tui

import (
	"io"
	"net/http"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
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

func (c *byteCounter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// idleBytesPerSecond runs o's board on the simulation from start for warm
// plus window simulated seconds, in the alternate screen at 120×40 with
// 256 colours (tmux), and returns the bytes written to the terminal per
// second over the window.
func idleBytesPerSecond(t *testing.T, start time.Time, o Options, warm, window time.Duration) float64 {
	t.Helper()
	var rate float64
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client, err := feed.NewClient(sim.BaseURL,
			feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		o.Source, o.SourceName, o.Now, o.Renderer = client, "simulated Ulm network", clock.Now, r
		o.Stats = func() int64 { return client.Stats().Upstream } // the status bar's requests a minute, as the CLI
		var out byteCounter
		p := tea.NewProgram(New(o), tea.WithInput(nil), tea.WithOutput(&out), tea.WithoutSignalHandler(),
			tea.WithFPS(fps), tea.WithAltScreen())
		done := make(chan error)
		go func() {
			_, err := p.Run()
			done <- err
		}()
		p.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
		time.Sleep(warm)
		before := out.count()
		time.Sleep(window)
		rate = float64(out.count()-before) / window.Seconds()
		p.Quit()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * DefaultInterval)
		synctest.Wait()
	})
	return rate
}

// Issue 15: what an idle board writes to its terminal, in bytes a second
// over ten simulated minutes (bytes, not time: the same every run). The
// header clock shows minutes, the status bar's ages move in 30 s steps
// and its requests a minute on the minute, and only rows whose text
// changed are written again. At night that is under the 150 bytes a
// second of issue 15 (a 9600-baud serial kiosk line carries 960). By day
// it is not: when a departure leaves, every row below moves up a line and
// Bubble Tea v1's renderer writes each of them again (about 270 bytes a
// row at 120 columns), several times a minute at Hauptbahnhof; the bound
// is what that costs with some room, against about 530-590 before (the
// seconds clock alone was about 170).
func TestIdleBoardBytesPerSecond(t *testing.T) {
	for _, at := range []struct {
		name string
		h, m int
		most float64
	}{{"rush hour", 7, 30, 400}, {"noon", 12, 0, 400}, {"night", 1, 0, 150}} {
		start := time.Date(2026, 9, 11, at.h, at.m, 0, 0, model.Berlin)
		bps := idleBytesPerSecond(t, start, Options{}, 15*time.Second, 10*time.Minute)
		t.Logf("%s: %.0f bytes a second", at.name, bps)
		if bps > at.most {
			t.Errorf("%s: the idle board writes %.0f bytes a second, want at most %.0f", at.name, bps, at.most)
		}
	}
}
