package history

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

// networkRun records the simulated network from..to (after a preroll)
// with a Network ticking every simulated second into a hub recorder, and
// compares with the simulation's own departures at every stop point:
// the share recorded at all and within the interval of the true time,
// and the requests a second.
type networkResult struct {
	total, found, exact int
	requests            int
	seconds             float64
	misses              []string
}

func recordNetwork(t *testing.T, store *Store, from, to time.Time, preroll time.Duration) networkResult {
	t.Helper()
	const interval = 15 * time.Second
	clock := &setClock{t: from.Add(-preroll)}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	client := simclient.Client(t, svc, feed.WithoutCache())
	ctx := context.Background()
	hub := NewHub(store, interval)
	n := &Network{Source: client, Observe: hub.Passages, Interval: interval}
	// Until an hour after to: a departure is recorded at its actual time
	// when its trip ends.
	start, end := from.Add(-preroll), to.Add(time.Hour)
	for at := start; !at.After(end); at = at.Add(time.Second) {
		clock.set(at)
		n.Tick(ctx, at)
		if at.Unix()%120 == 0 {
			if _, err := hub.R.Flush(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := hub.R.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := store.Events(ctx, from.Add(-2*time.Hour), to.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	rec := map[Key]Event{}
	for _, e := range got {
		rec[e.Key()] = e
	}
	points, err := client.StopPoints(ctx, model.ScopeBasic, "")
	if err != nil {
		t.Fatal(err)
	}
	res := networkResult{requests: n.Requests, seconds: end.Sub(start).Seconds()}
	for _, p := range points {
		sp := string(p.StopPointCode)
		for _, d := range svc.TrueDepartures(sp, from, to) {
			res.total++
			e, ok := rec[Key{StopPoint: sp, Line: d.Line, Direction: d.Direction, Scheduled: d.Scheduled.Unix()}]
			if !ok || e.Actual == 0 {
				if len(res.misses) < 40 {
					res.misses = append(res.misses, d.Line+" "+d.Direction+" "+d.Scheduled.Format("15:04:05")+" at "+sp+": not recorded (vehicle "+strconv.Itoa(d.Vehicle)+")")
				}
				continue
			}
			res.found++
			if diff := e.Actual - d.Actual.Unix(); diff >= -int64(interval/time.Second) && diff <= int64(interval/time.Second) {
				res.exact++
			}
		}
	}
	return res
}

// The whole network within the budget: a simulated hour of the morning
// (ten minutes under the race detector), every stop point, compared with
// the simulation's truth; at most 2 requests a second on average.
func TestNetworkCompleteness(t *testing.T) {
	from, to, preroll := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 8, 0, 0, 0, model.Berlin), 30*time.Minute
	if raceOn {
		to, preroll = from.Add(10*time.Minute), 10*time.Minute
	}
	if os.Getenv("ABFAHRT_MEASURE") == "1" {
		from, to = time.Date(2026, 9, 11, 6, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 9, 0, 0, 0, model.Berlin)
	}
	res := recordNetwork(t, mustOpen(t, filepath.Join(t.TempDir(), "h.db")), from, to, preroll)
	rate := float64(res.requests) / res.seconds
	t.Logf("--all %s-%s: %d of %d departures of the network recorded (%.2f %%), %d (%.2f %%) within 15 s of the true time; %d requests in %.0f s: %.3f a second",
		from.Format("15:04"), to.Format("15:04"), res.found, res.total, 100*float64(res.found)/float64(res.total),
		res.exact, 100*float64(res.exact)/float64(res.total), res.requests, res.seconds, rate)
	if rate > MaxRate {
		t.Errorf("%.3f requests a second, over the budget of %v", rate, MaxRate)
	}
	if res.total < 500 || float64(res.exact) < 0.95*float64(res.total) {
		t.Errorf("%d of %d recorded within 15 s, want >= 95 %%; e.g.\n%s", res.exact, res.total, strings.Join(res.misses, "\n"))
	}
}

// A board's guess of when a departure left gives way to the vehicle's
// own account: the passages' actual time is written, once.
func TestHubPassagesWinOverBoards(t *testing.T) {
	ctx := context.Background()
	h := NewHub(mustOpen(t, filepath.Join(t.TempDir(), "h.db")), time.Minute)
	a := live("6", t0.Add(2*time.Minute), 30*time.Second)
	h.Board(Subject{Stop: 1008}, 20, boardAt(t0, a))
	h.Board(Subject{Stop: 1008}, 20, boardAt(t0.Add(4*time.Minute))) // gone: departed at the last prediction, 07:02:30
	vp := model.VehiclePassages{VehicleNumber: 7, RouteName: "6", Timestamp: model.At(t0.Add(5 * time.Minute)), Passages: []model.Passage{{
		StopNumber: 1008, StopPointCode: "100801", DepartureDirectionText: "Wiblingen", DepartureTimeScheduled: model.At(t0.Add(2 * time.Minute)),
		DepartureTimeActual: model.At(t0.Add(2*time.Minute + 50*time.Second)), Status: model.StatusDeparted,
	}}}
	if _, err := h.R.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	h.Passages(vp)
	if n, err := h.R.Flush(ctx); err != nil || n != 1 {
		t.Fatalf("flush after the passages: %d, %v", n, err)
	}
	h.Passages(vp)
	if h.R.Unsaved() != 0 {
		t.Errorf("the same passages again: %d to write, want none", h.R.Unsaved())
	}
	got, err := h.R.Store.Events(ctx, t0, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Actual != t0.Add(170*time.Second).Unix() || got[0].FirstSeen != t0.Unix() {
		t.Errorf("recorded %+v, want one departure at 07:02:50 first seen at 07:00", got)
	}
}

// The hub's writer with PostgreSQL going away mid-run: a clear error in
// the log, the boards go on being taken, and once the server is back
// every departure is written.
func TestHubRunSurvivesPostgresRestart(t *testing.T) {
	dsn := needPostgres(t)
	ctx, cancel := context.WithCancel(context.Background())
	h := NewHub(mustOpen(t, dsn), time.Minute)
	var mu sync.Mutex
	var logged []string
	done := make(chan error, 1)
	go func() {
		done <- h.Run(ctx, HubRunOptions{Every: 100 * time.Millisecond, Logf: func(f string, a ...any) {
			mu.Lock()
			logged = append(logged, fmt.Sprintf(f, a...))
			mu.Unlock()
		}})
	}()
	a := live("6", t0.Add(2*time.Minute), 0)
	b := live("4", t0.Add(10*time.Minute), 0)
	h.Board(Subject{Stop: 1008}, 20, boardAt(t0, a, b))
	waitFor(t, func() bool { return h.R.Unsaved() == 0 })
	if err := pg.stop(); err != nil {
		t.Fatal(err)
	}
	restarted := false
	t.Cleanup(func() {
		if !restarted {
			_ = pg.start()
		}
	})
	h.Board(Subject{Stop: 1008}, 20, boardAt(t0.Add(3*time.Minute), b)) // a departed
	h.Board(Subject{Stop: 1008}, 20, boardAt(t0.Add(11*time.Minute)))   // b too
	waitFor(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(logged) > 0
	})
	mu.Lock()
	if !strings.Contains(logged[0], "unreachable") || !strings.Contains(logged[0], "keeping 2 departures in memory") {
		t.Errorf("log with the server stopped: %q", logged)
	}
	mu.Unlock()
	if err := pg.start(); err != nil {
		t.Fatal(err)
	}
	restarted = true
	waitFor(t, func() bool { return h.R.Unsaved() == 0 })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got, err := h.R.Store.Events(context.Background(), t0, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Actual == 0 || got[1].Actual == 0 {
		t.Errorf("after the restart: %+v, want both departed", got)
	}
	mu.Lock()
	if !strings.Contains(strings.Join(logged, "\n"), "writing to the history database again") {
		t.Errorf("no recovery in the log: %q", logged)
	}
	mu.Unlock()
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
