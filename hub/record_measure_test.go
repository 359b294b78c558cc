package hub

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/recording"
	"abfahrt/model"
)

// simClock is a clock the measurement moves.
type simClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *simClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *simClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// hubRun runs the hub's work for a simulated period, a second at a time
// on a simulated clock shared by the simulation and the mirror: boards
// boards (distinct stops, 20 departures) asking through the mirror every
// 15 s, and with record the hub's recording as serve --record --all does
// it (the mirror's answers read into the recorder, the network's
// questions every second within the budget, a write every 5 s into a
// SQLite file). It returns the CPU time the process spent and the
// departures recorded.
func hubRun(t *testing.T, from, to time.Time, boards int, record bool) (time.Duration, int, int) {
	clock := &simClock{t: from}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	var hr *hubRecorder
	mo := mirror.Options{Upstream: sim.BaseURL, Transport: sim.NewTransport(svc), Now: clock.Now, Simulated: true}
	if record {
		store, err := history.Open(context.Background(), filepath.Join(t.TempDir(), "history.db"), history.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		hr = &hubRecorder{q: make(chan observed, hubQueue), hub: history.NewHub(store, 15*time.Second)}
		mo.Observe = hr.observe
	}
	m, err := mirror.New(mo)
	if err != nil {
		t.Fatal(err)
	}
	client, err := feed.NewClient("http://hub.invalid"+mirror.BasePath, feed.WithoutCache(), feed.WithCacheDir(""),
		feed.WithHTTPClient(&http.Client{Transport: recording.HandlerTransport{H: m}}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	stops, err := client.Stops(ctx, model.ScopeBasic, 0)
	if err != nil || len(stops) < boards {
		t.Fatalf("%d stops, %v", len(stops), err)
	}
	var net *history.Network
	if record {
		net = &history.Network{Source: client, Interval: 15 * time.Second}
	}
	start := cpuTime(t)
	for at := from; at.Before(to); at = at.Add(time.Second) {
		clock.set(at)
		if at.Unix()%15 == 0 {
			for _, s := range stops[:boards] {
				if _, err := client.StopDepartures(ctx, s.StopNumber, 20); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !record {
			continue
		}
		net.Tick(ctx, at)
		for len(hr.q) > 0 {
			hr.take(<-hr.q)
		}
		if at.Unix()%5 == 0 {
			if _, err := hr.hub.R.Flush(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !record {
		return cpuTime(t) - start, 0, 0
	}
	if _, err := hr.hub.R.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	cpu := cpuTime(t) - start
	evs, err := hr.hub.R.Store.Events(ctx, from.Add(-3*time.Hour), to.Add(3*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	departed := 0
	for _, e := range evs {
		if e.Actual != 0 {
			departed++
		}
	}
	return cpu, departed, net.Requests
}

// TestMeasureHubRecordingCost is the cost measurement of BENCHMARKS.md
// (ABFAHRT_MEASURE=1): the hub's work for a simulated hour of the morning
// without and with recording the whole network, each run twice, the
// lesser CPU time counted. A simulated second of the run is a real second
// of a hub at the real 15 s interval, so the CPU time the recording adds
// per simulated hour, over 3600 s, is its share of a core.
func TestMeasureHubRecordingCost(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") != "1" {
		t.Skip("a measurement: ABFAHRT_MEASURE=1 runs it")
	}
	from, to := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 8, 0, 0, 0, model.Berlin)
	const boards = 20
	hubRun(t, from, from.Add(5*time.Minute), boards, true) // warm up
	best := func(record bool) (time.Duration, int, int) {
		var cpu time.Duration
		var dep, req int
		for i := range 2 {
			c, d, r := hubRun(t, from, to, boards, record)
			if i == 0 || c < cpu {
				cpu = c
			}
			dep, req = d, r
		}
		return cpu, dep, req
	}
	plain, _, _ := best(false)
	rec, departed, requests := best(true)
	period := to.Sub(from)
	added := rec - plain
	t.Logf("a simulated hour (%s-%s), %d boards through the mirror: CPU %v without recording, %v with --record --all (%d departures written, %d network requests, %.2f a second); ratio %.2f; the recording adds %v per hour: %.3f %% of a core at the real 15 s interval",
		from.Format("15:04"), to.Format("15:04"), boards, plain.Round(time.Millisecond), rec.Round(time.Millisecond), departed, requests,
		float64(requests)/period.Seconds(), float64(rec)/float64(plain), added.Round(time.Millisecond), 100*added.Seconds()/period.Seconds())
}
