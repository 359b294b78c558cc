package tui

import (
	"context"
	"regexp"
	"strings"
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

// countingSource wraps a Source and records the board requests: when
// each started and how many were in flight at once.
type countingSource struct {
	feeds.Source
	mu       sync.Mutex
	starts   []time.Time
	limits   []int
	inFlight int
	maxIn    int
}

func (c *countingSource) StopDepartures(ctx context.Context, stop, limit int) (model.Board, error) {
	c.mu.Lock()
	c.starts = append(c.starts, time.Now())
	c.limits = append(c.limits, limit)
	c.inFlight++
	c.maxIn = max(c.maxIn, c.inFlight)
	c.mu.Unlock()
	defer func() { c.mu.Lock(); c.inFlight--; c.mu.Unlock() }()
	return c.Source.StopDepartures(ctx, stop, limit)
}

// recorder is the root model with every distinct view kept.
type recorder struct {
	Model
	mu    *sync.Mutex
	views *[]string
}

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := r.Model.Update(msg)
	r.Model = m.(Model)
	return r, cmd
}

// viewRecorder is any root model (the kiosk's) with every distinct view kept.
type viewRecorder struct {
	tea.Model
	mu    *sync.Mutex
	views *[]string
}

func (r viewRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := r.Model.Update(msg)
	r.Model = m
	return r, cmd
}

func (r viewRecorder) View() string {
	v := r.Model.View()
	r.mu.Lock()
	if n := len(*r.views); n == 0 || (*r.views)[n-1] != v {
		*r.views = append(*r.views, v)
	}
	r.mu.Unlock()
	return v
}

func (r recorder) View() string {
	v := r.Model.View()
	r.mu.Lock()
	if n := len(*r.views); n == 0 || (*r.views)[n-1] != v {
		*r.views = append(*r.views, v)
	}
	r.mu.Unlock()
	return v
}

// TestProgramOnSimulation runs the real program on the simulated network
// for 75 simulated seconds: the board polls every interval, one request at
// a time, and its countdowns move between polls.
func TestProgramOnSimulation(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clock := sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(t, svc)
		src := &countingSource{Source: client}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: src, SourceName: "simulated Ulm network", Now: clock.Now}),
			mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		time.Sleep(75 * time.Second)
		stop(feeds.DefaultInterval * 2) // let the last pending tick fire; Bubble Tea cannot cancel it

		src.mu.Lock()
		starts, limits, maxIn := src.starts, src.limits, src.maxIn
		src.mu.Unlock()
		// The first poll may go out before the terminal's size arrives;
		// the board then asks again at once for the rows the size has
		// room for. That second ask is the first poll, not an extra one.
		if len(starts) > 1 && starts[1].Equal(starts[0]) && limits[1] > limits[0] {
			starts = starts[1:]
		}
		if len(starts) < 5 || len(starts) > 6 {
			t.Errorf("%d polls in 75 s, want 5 or 6 (every 15 s ± 10 %%)", len(starts))
		}
		for i := 1; i < len(starts); i++ {
			if gap := starts[i].Sub(starts[i-1]); gap < 13500*time.Millisecond || gap > 16500*time.Millisecond {
				t.Errorf("poll %d came %v after the one before, want 15 s ± 10 %%", i, gap)
			}
		}
		if maxIn != 1 {
			t.Errorf("%d board requests in flight at once, want 1", maxIn)
		}

		mu.Lock()
		defer mu.Unlock()
		// The header clock shows hours and minutes: it turned from 07:30 to
		// 07:31 on the minute, and the board was not drawn anew every
		// second for nothing (issue 15).
		turned := ""
		for _, v := range views {
			if strings.Contains(strings.SplitN(v, "\n", 2)[0], "07:31") {
				turned = v
				break
			}
		}
		if turned == "" {
			t.Errorf("the header never showed 07:31 in 75 s from 07:30; last view:\n%s", views[len(views)-1])
		}
		if len(views) >= 60 {
			t.Errorf("%d distinct views in 75 s: the board is drawn every second although it changes less often", len(views))
		}
		// The same trip (by vehicle number, the last column) shows
		// different countdowns over time.
		row := regexp.MustCompile(`(now|\d+ min)\s+\d\d:\d\d\s.*?\s(\d+)\s*$`)
		dues := map[string]map[string]bool{}
		for _, v := range views {
			for _, l := range strings.Split(v, "\n") {
				if s := row.FindStringSubmatch(l); s != nil {
					if dues[s[2]] == nil {
						dues[s[2]] = map[string]bool{}
					}
					dues[s[2]][s[1]] = true
				}
			}
		}
		changed := 0
		for _, d := range dues {
			if len(d) > 1 {
				changed++
			}
		}
		if len(dues) == 0 || changed == 0 {
			t.Errorf("no countdown changed in 75 s (%d vehicles seen); last view:\n%s", len(dues), views[len(views)-1])
		}
	})
}
