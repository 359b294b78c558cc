package history

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

func boardAt(at time.Time, evs ...model.Event) model.Board {
	return model.Board{StopNumber: 1008, Timestamp: model.At(at), Events: evs}
}

func live(line string, sched time.Time, delay time.Duration) model.Event {
	return model.Event{StopPointCode: "100801", RouteName: line, DirectionText: "Wiblingen", VehicleNumber: 7,
		Scheduled: model.At(sched), Actual: model.At(sched.Add(delay)), Status: model.StatusPredicted}
}

// Departed when it leaves the board after its time, at the last
// prediction within the polls around it; vanished when it leaves before
// while the answer reaches beyond; undecided while the answer ends before
// its time.
func TestRecorderDepartedVanishedUndecided(t *testing.T) {
	ctx := context.Background()
	r := &Recorder{Store: mustOpen(t, filepath.Join(t.TempDir(), "h.db")), Subjects: []Subject{{Stop: 1008}}, Interval: time.Minute}
	a := live("6", t0.Add(2*time.Minute), 30*time.Second)
	b := live("4", t0.Add(20*time.Minute), 0)
	c := live("3", t0.Add(40*time.Minute), 0)
	d := live("5", t0.Add(50*time.Minute), 0)
	r.Observe(0, boardAt(t0, a, b, c))
	r.Observe(0, boardAt(t0.Add(3*time.Minute), b, c, d))
	r.Observe(0, boardAt(t0.Add(4*time.Minute), c, d))
	r.Observe(0, boardAt(t0.Add(5*time.Minute), c)) // ends before d's time
	if _, err := r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := r.Store.Events(ctx, t0, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]Event{}
	for _, e := range got {
		by[e.Line] = e
	}
	if e := by["6"]; e.Actual != t0.Add(150*time.Second).Unix() || e.Vanished || e.FirstSeen != t0.Unix() || e.Vehicle != 7 {
		t.Errorf("line 6 should have departed at its last prediction 07:02:30: %+v", e)
	}
	if e := by["4"]; !e.Vanished || e.Actual != 0 {
		t.Errorf("line 4 left 16 min early while the board reached 07:40: should have vanished: %+v", e)
	}
	if e := by["5"]; e.Vanished || e.Actual != 0 || r.Open() != 2 {
		t.Errorf("line 5 fell off a board that ends before it: undecided, got %+v (open %d)", e, r.Open())
	}
}

// The database goes away mid-run (PostgreSQL stopped and started):
// flushes fail with a clear error, the recorder keeps what it saw, and
// once the server is back everything is written, nothing twice.
func TestRecorderSurvivesPostgresRestart(t *testing.T) {
	dsn := needPostgres(t)
	ctx := context.Background()
	r := &Recorder{Store: mustOpen(t, dsn), Subjects: []Subject{{Stop: 1008}}, Interval: time.Minute}
	a := live("6", t0.Add(2*time.Minute), 0)
	b := live("4", t0.Add(10*time.Minute), 0)
	r.Observe(0, boardAt(t0, a, b))
	if _, err := r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := pg.stop(); err != nil {
		t.Fatal(err)
	}
	restarted := false
	t.Cleanup(func() {
		if !restarted {
			_ = pg.start()
		}
	})
	r.Observe(0, boardAt(t0.Add(3*time.Minute), b)) // a departed
	fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	_, err := r.Flush(fctx)
	cancel()
	if err == nil || !strings.Contains(err.Error(), "unreachable") {
		t.Fatalf("flush with the server stopped: %v, want a clear unreachable error", err)
	}
	r.Observe(0, boardAt(t0.Add(11*time.Minute))) // b departed too
	if r.Unsaved() != 2 {
		t.Fatalf("%d unsaved, want both departures kept", r.Unsaved())
	}
	if err := pg.start(); err != nil {
		t.Fatal(err)
	}
	restarted = true
	var n int
	for try := 0; ; try++ {
		if n, err = r.Flush(ctx); err == nil || try == 20 {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err != nil || n != 2 {
		t.Fatalf("flush after the restart: %d saved, %v", n, err)
	}
	got, err := r.Store.Events(ctx, t0, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Actual == 0 || got[1].Actual == 0 {
		t.Errorf("after the restart: %+v, want both departed", got)
	}
}

// setClock is a simulation clock the test moves.
type setClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *setClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *setClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// truthStops are recorded by the truth test: the main hub, a stop point
// of a tram stop and a quiet stop.
var truthStops = []Subject{{Stop: 1008}, {Stop: 1240}, {StopPoint: "135001"}}

// The truth: record a simulated morning (06:00-09:00, polls every 15 s,
// the simulated clock moved by the test, the board client's code path)
// (07:00-07:20 under the race detector) and compare with the
// simulation's own departures: >= 99 % of those at
// the recorded stop points are recorded, at their actual time within the
// polling resolution.
func TestRecorderTruth(t *testing.T) {
	const interval = 15 * time.Second
	from, to := time.Date(2026, 9, 11, 6, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 9, 0, 0, 0, model.Berlin)
	least, preroll := 300, 20*time.Minute
	if raceOn {
		from, to, least, preroll = time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 7, 20, 0, 0, model.Berlin), 40, 5*time.Minute
	}
	clock := &setClock{t: from}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	client := simclient.Client(t, svc, feed.WithoutCache())
	ctx := context.Background()
	r := &Recorder{Store: mustOpen(t, filepath.Join(t.TempDir(), "h.db")), Source: client, Subjects: truthStops, Interval: interval, Limit: 30}
	for step, at := 0, from.Add(-preroll); !at.After(to.Add(2 * time.Minute)); step, at = step+1, at.Add(interval) {
		clock.set(at)
		var wg sync.WaitGroup
		for i := range r.Subjects {
			wg.Go(func() {
				if err := r.Poll(ctx, i); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if step%8 == 0 { // the writes in 2-minute transactions: the test's time is the polls'
			if _, err := r.Flush(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := r.Store.Events(ctx, from.Add(-2*time.Hour), to.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	rec := map[Key]Event{}
	points := map[string]bool{}
	for _, e := range got {
		rec[e.Key()] = e
		points[e.StopPoint] = true
	}
	total, ok := 0, 0
	var misses []string
	for sp := range points {
		for _, d := range svc.TrueDepartures(sp, from, to) {
			total++
			e, found := rec[Key{StopPoint: sp, Line: d.Line, Direction: d.Direction, Scheduled: d.Scheduled.Unix()}]
			diff := e.Actual - d.Actual.Unix()
			if found && e.Actual != 0 && diff >= -int64(interval/time.Second) && diff <= int64(interval/time.Second) {
				ok++
				continue
			}
			if len(misses) < 10 {
				misses = append(misses, d.Line+" "+d.Direction+" "+d.Scheduled.Format("15:04:05")+" at "+sp+": true "+d.Actual.Format("15:04:05")+", recorded "+time.Unix(e.Actual, 0).In(model.Berlin).Format("15:04:05"))
			}
		}
	}
	share := float64(ok) / float64(max(total, 1))
	t.Logf("truth: %d of %d departures at %d stop points recorded within %v (%.2f %%)", ok, total, len(points), interval, 100*share)
	if total < least || share < 0.99 {
		t.Errorf("%d of %d (%.2f %%) within %v, want >= 99 %%; e.g.\n%s", ok, total, 100*share, interval, strings.Join(misses, "\n"))
	}
}
