package screen_test

import (
	"fmt"
	"io"
	"os"
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
	"abfahrt/tui"
	"abfahrt/tui/internal/screen"
)

// recorder feeds the strict terminal and keeps what was written, write by
// write, with the simulated time of each.
type recorder struct {
	mu     sync.Mutex
	term   *screen.Terminal
	start  time.Time
	writes []write
	err    error
}

type write struct {
	at time.Duration
	b  []byte
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.term.Write(p); err != nil && r.err == nil {
		r.err = err
	}
	r.writes = append(r.writes, write{at: time.Since(r.start), b: append([]byte(nil), p...)})
	return len(p), nil
}

// kioskRun runs the real kiosk of boards on the simulation from start at
// w×h through the strict terminal for run, and returns what it wrote and
// whether the terminal then shows the kiosk's frame ("" if it does).
func kioskRun(t *testing.T, start time.Time, w, h int, boards []tui.BoardSpec, profile termenv.Profile, run time.Duration) (writes []write, diff string) {
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(t, svc)
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(profile)
		rec := &recorder{term: screen.NewTerminal(w, h), start: time.Now()}
		o := tui.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now, Renderer: r,
			Boards: boards, StateDir: t.TempDir(),
			Kiosk: tui.KioskOptions{Enabled: true, LargeCountdown: true, HideMissed: true, Rotate: tui.DefaultKioskRotate}}
		p := tui.NewProgram(t.Context(), o, nil, rec)
		done := make(chan tea.Model)
		go func() {
			m, err := p.Run()
			if err != nil {
				t.Error(err)
			}
			done <- m
		}()
		p.Send(tea.WindowSizeMsg{Width: w, Height: h})
		time.Sleep(run)
		time.Sleep(50 * time.Millisecond)
		synctest.Wait()
		p.Quit()
		m := <-done
		rec.mu.Lock()
		if rec.err != nil {
			t.Errorf("the terminal refused a write: %v", rec.err)
		}
		diff = rec.term.Shows(m.View())
		writes = rec.writes
		rec.mu.Unlock()
		time.Sleep(2 * tui.DefaultInterval)
		synctest.Wait()
	})
	return writes, diff
}

func TestKioskBytesExplore(t *testing.T) {
	if os.Getenv("KIOSK_EXPLORE") == "" {
		t.Skip()
	}
	writes, diff := kioskRun(t, time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin), 300, 80, []tui.BoardSpec{{Stop: 1008}}, termenv.ANSI256, 10*time.Minute)
	if diff != "" {
		t.Error(diff)
	}
	total := 0
	f, _ := os.Create("/tmp/hall2/writes.txt")
	defer f.Close()
	for _, w := range writes {
		if w.at > 15*time.Second {
			total += len(w.b)
		}
		fmt.Fprintf(f, "%v %d %q\n", w.at, len(w.b), w.b)
	}
	t.Logf("%d writes, %.0f B/s after 15 s", len(writes), float64(total)/(10*time.Minute-15*time.Second).Seconds())
}
