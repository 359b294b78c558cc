package tui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// ladderCounter counts the live requests a program makes: every
// vehicle's trips, passages of the whole trip, stop point departures and
// arrivals (the ladder's last stops), stops' boards (the queue's
// connections). Base data (asked once a day) is not counted.
type ladderCounter struct {
	feeds.Source
	mu                                   sync.Mutex
	trips, passages, ends, boards, other int
}

func (c *ladderCounter) count(n *int) {
	c.mu.Lock()
	*n++
	c.mu.Unlock()
}

func (c *ladderCounter) Trips(ctx context.Context, n int) ([]model.Trip, error) {
	if n == 0 {
		c.count(&c.trips)
	} else {
		c.count(&c.other)
	}
	return c.Source.Trips(ctx, n)
}

func (c *ladderCounter) Passages(ctx context.Context, n int, r model.Range) (model.VehiclePassages, error) {
	if r == model.RangeAll {
		c.count(&c.passages)
	} else {
		c.count(&c.other)
	}
	return c.Source.Passages(ctx, n, r)
}

func (c *ladderCounter) StopPointArrivals(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	c.count(&c.ends)
	return c.Source.StopPointArrivals(ctx, code, limit)
}

func (c *ladderCounter) StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	c.count(&c.other)
	return c.Source.StopPointDepartures(ctx, code, limit)
}

func (c *ladderCounter) StopDepartures(ctx context.Context, n, limit int) (model.Board, error) {
	c.count(&c.boards)
	return c.Source.StopDepartures(ctx, n, limit)
}

func (c *ladderCounter) StopArrivals(ctx context.Context, n, limit int) (model.Board, error) {
	c.count(&c.boards)
	return c.Source.StopArrivals(ctx, n, limit)
}

func (c *ladderCounter) Alert(ctx context.Context) (model.Alert, error) {
	c.count(&c.other)
	return c.Source.Alert(ctx)
}

func (c *ladderCounter) Pattern(ctx context.Context, n int, sc model.PatternScope) (model.Pattern, error) {
	c.count(&c.other)
	return c.Source.Pattern(ctx, n, sc)
}

// total is every live request counted, and a line saying of which.
func (c *ladderCounter) total() (int, string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.trips + c.passages + c.ends + c.boards + c.other
	return n, fmt.Sprintf("%d trips, %d passages, %d last-stop arrivals, %d stop boards, %d others", c.trips, c.passages, c.ends, c.boards, c.other)
}

// ladderOnSim runs `abfahrt --ladder 2` as the real program (headless,
// 120×40) on the simulation from start, its requests counted; last is
// its latest frame as plain text. Call it inside synctest.Test.
func ladderOnSim(t *testing.T, start time.Time) (src *ladderCounter, p *tea.Program, stop func(time.Duration), last func() string) {
	t.Helper()
	clock := sim.NewClock(start, 1)
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	src = &ladderCounter{Source: simclient.Client(t, svc)}
	var mu sync.Mutex
	var views []string
	m := recorder{Model: New(app.Options{Source: src, SourceName: "simulated Ulm network", Now: clock.Now, Ladder: "2"}),
		mu: &mu, views: &views}
	p, stop = runHeadless(t, m, 120, 40)
	return src, p, stop, func() string {
		mu.Lock()
		defer mu.Unlock()
		return ansi.Strip(views[len(views)-1])
	}
}

// Issue 25 items 1 and 6: `abfahrt --ladder 2` runs the real program on
// the simulation at rush hour for 10 simulated minutes: the ladder shows
// line 2's vehicles with headways against the plan, and its requests
// (trips, last stops' arrivals, passages once per trip; the board behind
// it and the alert counted too) stay under one a second.
func TestLadderBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src, _, stop, lastView := ladderOnSim(t, time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin))
		const run = 10 * time.Minute
		time.Sleep(run)
		stop(feeds.DefaultInterval * 2)

		total, which := src.total()
		rate := float64(total) / run.Seconds()
		t.Logf("ladder of line 2, 10 min at rush hour: %s: %d requests, %.2f a second", which, total, rate)
		if rate >= 1 {
			t.Errorf("the ladder asked %.2f requests a second, want under 1", rate)
		}
		src.mu.Lock()
		trips := src.trips
		src.mu.Unlock()
		if trips < 36 || trips > 45 {
			t.Errorf("%d trips polls in 10 min, want about 40 (every 15 s)", trips)
		}
		last := lastView()
		for _, want := range []string{"Line 2", "↓ to Science Park II", "↑ to Kuhberg", "(plan ", "headways vary ±", "Kuhberg Schulzentrum", "esc back"} {
			if !strings.Contains(last, want) {
				t.Errorf("the ladder on the simulation does not show %q:\n%s", want, last)
			}
		}
	})
}

// Issue 25 item 6: the ladder of one line and the network-wide exception
// queue (opened with E: it lists every line's items) share the feed
// registry and together stay under one request a second, in the first
// 10 simulated minutes at rush hour (the queue learning the vehicles) and
// the next 10; and the queue lists line items then.
func TestLadderAndQueueBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src, p, stop, lastView := ladderOnSim(t, time.Date(2026, 9, 10, 8, 15, 0, 0, model.Berlin))
		time.Sleep(time.Second)
		p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("E")})
		// The first 10 minutes, while the queue learns the network's
		// vehicles, and the next 10.
		const run = 10 * time.Minute
		time.Sleep(run)
		first, which := src.total()
		t.Logf("ladder of line 2 and the exception queue, first 10 min at rush hour: %s: %d requests, %.2f a second", which, first, float64(first)/run.Seconds())
		time.Sleep(run)
		stop(feeds.DefaultInterval * 2)
		total, which := src.total()
		t.Logf("the whole 20 min: %s; the second 10 min: %d requests, %.2f a second", which, total-first, float64(total-first)/run.Seconds())
		for i, n := range []int{first, total - first} {
			if rate := float64(n) / run.Seconds(); rate >= 1 {
				t.Errorf("ladder and queue asked %.2f requests a second in the %s 10 minutes, want under 1", rate, []string{"first", "second"}[i])
			}
		}
		last := lastView()
		for _, want := range []string{"Exceptions", "bunched", " behind "} {
			if !strings.Contains(last, want) {
				t.Errorf("the queue on the simulation does not show %q:\n%s", want, last)
			}
		}
	})
}
