package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// ladderCounter counts the requests the ladder makes: every vehicle's
// trips, passages of the whole trip, stop point departures.
type ladderCounter struct {
	feeds.Source
	mu                     sync.Mutex
	trips, passages, start int
}

func (c *ladderCounter) Trips(ctx context.Context, n int) ([]model.Trip, error) {
	c.mu.Lock()
	if n == 0 {
		c.trips++
	}
	c.mu.Unlock()
	return c.Source.Trips(ctx, n)
}

func (c *ladderCounter) Passages(ctx context.Context, n int, r model.Range) (model.VehiclePassages, error) {
	c.mu.Lock()
	if r == model.RangeAll {
		c.passages++
	}
	c.mu.Unlock()
	return c.Source.Passages(ctx, n, r)
}

func (c *ladderCounter) StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	c.mu.Lock()
	c.start++
	c.mu.Unlock()
	return c.Source.StopPointDepartures(ctx, code, limit)
}

// Issue 25 items 1 and 6: `abfahrt --ladder 2` runs the real program on
// the simulation at rush hour for 10 simulated minutes: the ladder shows
// line 2's vehicles with headways against the plan, and its requests
// (trips, first stops, passages round-robin) stay under one a second.
func TestLadderBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		src := &ladderCounter{Source: simclient.Client(t, svc)}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: src, SourceName: "simulated Ulm network", Now: clock.Now, Ladder: "2"}),
			mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		const run = 10 * time.Minute
		time.Sleep(run)
		stop(feeds.DefaultInterval * 2)

		src.mu.Lock()
		trips, passages, starts := src.trips, src.passages, src.start
		src.mu.Unlock()
		total := trips + passages + starts
		rate := float64(total) / run.Seconds()
		t.Logf("ladder of line 2, 10 min at rush hour: %d trips, %d passages, %d first-stop departures: %d requests, %.2f a second",
			trips, passages, starts, total, rate)
		if rate >= 1 {
			t.Errorf("the ladder asked %.2f requests a second, want under 1", rate)
		}
		if trips < 36 || trips > 45 {
			t.Errorf("%d trips polls in 10 min, want about 40 (every 15 s)", trips)
		}
		mu.Lock()
		last := ansi.Strip(views[len(views)-1])
		mu.Unlock()
		for _, want := range []string{"Line 2", "↓ to Science Park II", "↑ to Kuhberg", "(plan ", "regularity 0.", "Kuhberg Schulzentrum", "esc back"} {
			if !strings.Contains(last, want) {
				t.Errorf("the ladder on the simulation does not show %q:\n%s", want, last)
			}
		}
	})
}
