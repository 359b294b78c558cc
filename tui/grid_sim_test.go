package tui

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// upstreamLog is an http.RoundTripper that records when each request for
// a stop's departures reached the service.
type upstreamLog struct {
	next http.RoundTripper
	mu   sync.Mutex
	at   map[string][]time.Time // by stop number
}

func (u *upstreamLog) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/stop/passage/Departures") {
		u.mu.Lock()
		stop := r.URL.Query().Get("StopNumber")
		u.at[stop] = append(u.at[stop], time.Now())
		u.mu.Unlock()
	}
	return u.next.RoundTrip(r)
}

// TestGridUpstreamRequests runs the real program with 12 boards over the
// same 4 stops on a real feed.Client over the simulation: the first round
// makes exactly 4 departures requests, and every stop then goes upstream
// exactly once per interval, over 5 simulated minutes at the default 15 s
// interval (the client's live cache lifetime, 12 s, is below the interval
// less its jitter, so every poll reaches the service). The naive count,
// one request per board per interval, would be three times as many.
func TestGridUpstreamRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const interval = feeds.DefaultInterval
		const rounds = 20 // 5 minutes
		clock := sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		log := &upstreamLog{next: sim.NewTransport(svc), at: map[string][]time.Time{}}
		client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: log}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		m := New(app.Options{Source: client, Now: clock.Now, Interval: interval, Boards: specsOver(12),
			Stats: func() int64 { return client.Stats().Upstream }})
		_, stop := runHeadless(t, m, 160, 48)
		start := time.Now()
		time.Sleep(time.Second)
		synctest.Wait()
		log.mu.Lock()
		first := 0
		for _, at := range log.at {
			first += len(at)
		}
		log.mu.Unlock()
		if first != 4 {
			t.Errorf("%d departures requests in the first second for 12 boards over 4 stops, want 4", first)
		}
		time.Sleep(rounds*interval - time.Second)
		stop(2 * interval) // let the last pending ticks fire

		log.mu.Lock()
		defer log.mu.Unlock()
		stops := make([]string, 0, len(log.at))
		for s := range log.at {
			stops = append(stops, s)
		}
		slices.Sort(stops)
		if !slices.Equal(stops, []string{"1008", "1010", "1240", "1350"}) {
			t.Fatalf("departures requested for stops %v, want the 4 watched", stops)
		}
		total := 0
		for _, s := range stops {
			at := log.at[s]
			total += len(at)
			if n := len(at); n < rounds-1 || n > rounds+1 {
				t.Errorf("stop %s: %d requests in %d intervals, want one per interval", s, n, rounds)
			}
			for i := 1; i < len(at); i++ {
				if gap := at[i].Sub(at[i-1]); gap < interval*9/10 || gap > interval*11/10 {
					t.Errorf("stop %s: request %d came %v after the one before, want one per interval (%v ± 10 %%)",
						s, i, gap, interval)
				}
			}
			if at[0].Sub(start) > time.Second {
				t.Errorf("stop %s: first request after %v", s, at[0].Sub(start))
			}
		}
		t.Logf("12 boards over 4 stops, 5 simulated minutes: %d departures requests upstream (%.2f per interval); naive, one per board per interval: %d",
			total, float64(total)/rounds, 12*rounds)
	})
}
