package recording

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/recording/replaytest"
	"abfahrt/model"
)

// movedClock is a simulation clock the test moves.
type movedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movedClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *movedClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// keeper remembers the boards a recorder was answered, by subject and time.
type keeper struct {
	src    history.Source
	mu     sync.Mutex
	boards map[string]map[int64]model.Board
}

func (k *keeper) keep(what string, b model.Board, err error) (model.Board, error) {
	if err == nil {
		k.mu.Lock()
		if k.boards[what] == nil {
			k.boards[what] = map[int64]model.Board{}
		}
		k.boards[what][b.Timestamp.Unix()] = b
		k.mu.Unlock()
	}
	return b, err
}

func (k *keeper) StopDepartures(ctx context.Context, n, limit int) (model.Board, error) {
	b, err := k.src.StopDepartures(ctx, n, limit)
	return k.keep("stop", b, err)
}

func (k *keeper) StopPointDepartures(ctx context.Context, c model.StopPointCode, limit int) (model.Board, error) {
	b, err := k.src.StopPointDepartures(ctx, c, limit)
	return k.keep("point", b, err)
}

type depKey struct {
	point, line, dir string
	sched            int64
}

// keysOf is a board's departures (not yet departed) and their vehicles.
func keysOf(b model.Board) map[depKey]int {
	out := map[depKey]int{}
	for _, e := range b.Events {
		if e.Arrival || e.Status.Done() {
			continue
		}
		sp := string(e.StopPointCode)
		if sp == "" {
			sp = string(b.StopPointCode)
		}
		out[depKey{sp, e.Line(), e.DirectionText, e.Scheduled.Unix()}] = e.VehicleNumber
	}
	return out
}

// recordSim records stop 1008 and stop point 135001 of the simulation
// from from to to, polled every interval (the simulated clock moved by
// the test), the raw answers kept too with raw; it returns the store and
// the boards the recorder was answered.
func recordSim(t *testing.T, from, to time.Time, interval time.Duration, raw bool) (*history.Store, *keeper) {
	t.Helper()
	ctx := context.Background()
	clock := &movedClock{t: from}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	store, err := history.Open(ctx, filepath.Join(t.TempDir(), "h.db"), history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	var r *history.Recorder
	rt := sim.NewTransport(svc)
	if raw {
		rt = Tap{Next: rt, Keep: func(a history.Answer) { r.KeepAnswer(a) }}
	}
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: rt}), feed.WithCacheDir(""), feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	k := &keeper{src: client, boards: map[string]map[int64]model.Board{}}
	r = &history.Recorder{Store: store, Source: k, Subjects: []history.Subject{{Stop: 1008}, {StopPoint: "135001"}}, Interval: interval}
	for at := from; !at.After(to); at = at.Add(interval) {
		clock.set(at)
		for i := range r.Subjects {
			if err := r.Poll(ctx, i); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := r.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return store, k
}

// serveReplay serves the replay of store on a loopback port and returns
// a client of it and the replay's clock.
func serveReplay(t *testing.T, store *history.Store, interval time.Duration, at time.Time) (*feed.Client, *movedClock) {
	t.Helper()
	replayClock := &movedClock{t: at}
	base := replaytest.Serve(t, sim.New(sim.Options{Seed: 1, Clock: replayClock}).Replay(newRecording(store, interval)))
	c, err := feed.NewClient(base, feed.WithCacheDir(""), feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	return c, replayClock
}

// notRecorded reports whether err is the replay's answer about what it
// did not record.
func notRecorded(err error) bool {
	return errors.Is(err, feed.ErrNotFound) && strings.Contains(err.Error(), sim.NotRecorded)
}

// With the raw answers kept (record --keep-raw), the replayed board at a
// poll's time, and 4 s later, is the recorded answer itself: every
// departure with its prediction, vehicle and status, the first 20 when 20
// are asked; a stop not recorded still has none, and a time after the
// recording none.
func TestReplayServesTheRawAnswers(t *testing.T) {
	const interval = 15 * time.Second
	from, to := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 7, 10, 0, 0, model.Berlin)
	ctx := context.Background()
	store, k := recordSim(t, from, to, interval, true)
	replayed, clock := serveReplay(t, store, interval, from)
	for _, poll := range []time.Time{from.Add(2 * time.Minute), to.Add(-45 * time.Second)} {
		for _, at := range []time.Time{poll, poll.Add(4 * time.Second)} {
			clock.set(at)
			for what, ask := range map[string]func(limit int) (model.Board, error){
				"stop":  func(limit int) (model.Board, error) { return replayed.StopDepartures(ctx, 1008, limit) },
				"point": func(limit int) (model.Board, error) { return replayed.StopPointDepartures(ctx, "135001", limit) },
			} {
				rec := k.boards[what][poll.Unix()]
				if len(rec.Events) < 20 {
					t.Fatalf("the recorded %s board at %v has %d departures", what, poll, len(rec.Events))
				}
				for _, limit := range []int{history.BoardLimit, 20} {
					b, err := ask(limit)
					if err != nil {
						t.Fatal(err)
					}
					want := rec.Events[:min(limit, len(rec.Events))]
					if !reflect.DeepEqual(b.Events, want) || !b.Timestamp.Equal(rec.Timestamp.Time) {
						t.Errorf("%s at %s, limit %d: the replay (%d departures, as of %v) is not the recorded answer (%d, as of %v)",
							what, at.Format("15:04:05"), limit, len(b.Events), b.Timestamp, len(want), rec.Timestamp)
					}
				}
			}
		}
	}
	clock.set(from.Add(5 * time.Minute))
	if b, err := replayed.StopDepartures(ctx, 1240, 20); !notRecorded(err) {
		t.Errorf("stop 1240 was not recorded: %d departures (%v)", len(b.Events), err)
	}
	clock.set(to.Add(time.Hour))
	if b, err := replayed.StopDepartures(ctx, 1008, 20); !notRecorded(err) {
		t.Errorf("stop 1008 an hour after the recording: %d departures (%v)", len(b.Events), err)
	}
	var n, size, plain int
	rows, err := store.DB().QueryContext(ctx, `SELECT body FROM answers WHERE subject = 'stop/1008'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var gz []byte
		if err := rows.Scan(&gz); err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		n, size, plain = n+1, size+len(gz), plain+len(body)
	}
	_ = rows.Close()
	t.Logf("raw answers of stop 1008 (100 departures): %d kept, %d bytes each gzip-compressed (%d uncompressed)", n, size/max(n, 1), plain/max(n, 1))
}

// Issue 24 item 8: a recording of the simulation (stop 1008 and stop
// point 135001, 07:00-07:20 polled every 15 s, the simulated clock moved
// by the test), replayed over real HTTP (the replay's handler on a
// loopback port, feed.Client): the board at a poll's time, and 4 s
// later, shows the departures the recorded answer showed (less those
// departed by then), with their vehicles (a vehicle the service named
// only later is shown from the start: the events keep the last one); a stop not recorded, a time
// before or after the recording have no departures, never invented ones.
func TestReplayShowsTheRecordedBoards(t *testing.T) {
	const interval = 15 * time.Second
	from, to := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin), time.Date(2026, 9, 11, 7, 20, 0, 0, model.Berlin)
	ctx := context.Background()
	store, k := recordSim(t, from, to, interval, false)
	replayed, replayClock := serveReplay(t, store, interval, from)
	departedBy := func(at time.Time) map[depKey]bool {
		evs, err := store.Events(ctx, from.Add(-3*time.Hour), to.Add(24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		out := map[depKey]bool{}
		for _, e := range evs {
			if e.Actual != 0 && e.Actual <= at.Unix() {
				out[depKey{e.StopPoint, e.Line, e.Direction, e.Scheduled}] = true
			}
		}
		return out
	}
	checked := 0
	for _, poll := range []time.Time{from.Add(2 * time.Minute), from.Add(11*time.Minute + 15*time.Second), to.Add(-time.Minute)} {
		for _, at := range []time.Time{poll, poll.Add(4 * time.Second)} {
			replayClock.set(at)
			gone := departedBy(at)
			for what, ask := range map[string]func() (model.Board, error){
				"stop": func() (model.Board, error) { return replayed.StopDepartures(ctx, 1008, history.BoardLimit) },
				"point": func() (model.Board, error) {
					return replayed.StopPointDepartures(ctx, "135001", history.BoardLimit)
				},
			} {
				rec, ok := k.boards[what][poll.Unix()]
				if !ok {
					t.Fatalf("no %s board recorded at %v", what, poll)
				}
				want := keysOf(rec)
				for key := range want {
					if gone[key] {
						delete(want, key)
					}
				}
				b, err := ask()
				if err != nil {
					t.Fatalf("replay of the %s at %v: %v", what, at, err)
				}
				got := keysOf(b)
				if len(want) < 3 {
					t.Fatalf("the recorded %s board at %v has %d departures: too few to compare", what, poll, len(want))
				}
				for key, vehicle := range want {
					v, ok := got[key]
					switch {
					case !ok:
						t.Errorf("%s at %s: recorded %+v is missing from the replay", what, at.Format("15:04:05"), key)
					case vehicle != 0 && v != vehicle:
						t.Errorf("%s at %s: %+v was recorded with vehicle %d, the replay says %d", what, at.Format("15:04:05"), key, vehicle, v)
					}
				}
				for key := range got {
					if _, ok := want[key]; !ok {
						t.Errorf("%s at %s: the replay shows %+v, which the recording did not", what, at.Format("15:04:05"), key)
					}
				}
				if !b.Timestamp.Equal(at) {
					t.Errorf("%s at %s: the replay's timestamp is %v", what, at.Format("15:04:05"), b.Timestamp.Time)
				}
				checked += len(want)
			}
		}
	}
	t.Logf("%d recorded departures compared with the replay", checked)

	// Not recorded: another stop; the recorded ones before and well
	// after the
	// A client tells it from a board with nothing on it: the service's
	// not-found convention, "no recording found".
	replayClock.set(from.Add(10 * time.Minute))
	if b, err := replayed.StopDepartures(ctx, 1240, 20); !notRecorded(err) {
		t.Errorf("stop 1240 was not recorded: %d departures (%v)", len(b.Events), err)
	}
	if b, err := replayed.StopPointDepartures(ctx, "124001", 20); !notRecorded(err) {
		t.Errorf("stop point 124001 was not recorded: %d departures (%v)", len(b.Events), err)
	}
	for _, at := range []time.Time{from.Add(-time.Minute), to.Add(2 * time.Minute), to.Add(5 * time.Hour)} {
		replayClock.set(at)
		if b, err := replayed.StopDepartures(ctx, 1008, 20); !notRecorded(err) {
			t.Errorf("stop 1008 at %s (not recorded then): %d departures (%v)", at.Format("15:04"), len(b.Events), err)
		}
	}
	// Base data are there for clients: the stop's name.
	if stops, err := replayed.Stops(ctx, model.ScopeBasic, 1008); err != nil || len(stops) != 1 || stops[0].StopName == "" {
		t.Errorf("base data of stop 1008: %+v %v", stops, err)
	}
}
