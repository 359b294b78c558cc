package tui

import (
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// estimateRecorder is the root model with the service clock's error kept:
// after every message, how far its estimate of the service's time now is
// from the service's own clock, by local time since the start.
type estimateRecorder struct {
	Model
	mu    *sync.Mutex
	truth func() time.Time
	errs  map[time.Duration]time.Duration // local second → worst error
	start time.Time
}

func (r estimateRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := r.Model.Update(msg)
	r.Model = m.(Model)
	now := time.Now()
	if r.sh.ClockKnown() {
		e := feeds.AbsDur(r.sh.SvcAt(now).Sub(r.truth()))
		sec := now.Sub(r.start).Truncate(time.Second)
		r.mu.Lock()
		if e > r.errs[sec] {
			r.errs[sec] = e
		}
		r.mu.Unlock()
	}
	return r, cmd
}

// TestServiceClockKnownWithinSeconds: a service days away from the
// machine's clock and running at speed 10 (`abfahrt sim --start …
// --speed 10`). The board must not wait for its regular polls to learn
// the service's rate: within ten seconds of the start its estimate of the
// service's time is right within 25 service seconds (2.5 s real), and it
// stays so; before, it advanced at real time until the third answer, 30 s
// in, and the header and countdowns lagged up to four minutes.
func TestServiceClockKnownWithinSeconds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 10)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		c := simclient.Client(t, svc)
		var mu sync.Mutex
		r := estimateRecorder{Model: New(app.Options{Source: c, SourceName: "sim"}), mu: &mu,
			truth: clock.Now, errs: map[time.Duration]time.Duration{}, start: time.Now()}
		_, stop := runHeadless(t, r, 120, 40)
		time.Sleep(40 * time.Second)
		stop(feeds.DefaultInterval * 2)
		mu.Lock()
		defer mu.Unlock()
		if len(r.errs) == 0 {
			t.Fatal("the service clock was never known")
		}
		for sec, e := range r.errs {
			if sec >= 10*time.Second && e > 25*time.Second {
				t.Errorf("%v after the start the board's service time was off by %v", sec, e)
			}
		}
	})
}
