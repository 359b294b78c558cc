package recording

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/usage"
	"abfahrt/model"
)

// recording answers a replay's departures from a history database.
type recording struct {
	store *history.Store
	// window is how long after its last sighting a departure stays on
	// the replayed board (ReplayWindow).
	window time.Duration
	// interval is the recording's polling interval.
	interval time.Duration
	// span is the time recorded, read at most once a minute.
	span *spanCache
}

// ReplayWindow is how long a departure stays on the replayed board after
// the recording last saw it: the recording's polling interval and 5 s
// for its jitter.
func ReplayWindow(interval time.Duration) time.Duration { return interval + 5*time.Second }

// Departures implements sim.Recording.
func (r recording) Departures(ctx context.Context, points []string, at int64, limit int) ([]sim.ReplayDeparture, error) {
	evs, err := r.store.BoardAt(ctx, points, time.Unix(at, 0), r.window, limit)
	if err != nil {
		return nil, err
	}
	out := make([]sim.ReplayDeparture, len(evs))
	for i, e := range evs {
		out[i] = sim.ReplayDeparture{StopPointCode: e.StopPoint, Line: e.Line, Direction: e.Direction, Vehicle: e.Vehicle,
			Platform: e.Platform, Scheduled: e.Scheduled, Predicted: e.LastPred}
	}
	return out, nil
}

// RawAnswer implements sim.RawRecording: the last raw answer kept for
// subject at or before at, within two polling intervals; a vehicle's
// passages (asked at the start and end of its trip and every 10 minutes
// between, history.Network) within 10 minutes and two intervals.
func (r recording) RawAnswer(ctx context.Context, subject string, at int64) ([]byte, bool, error) {
	window := 2 * r.interval
	if strings.HasPrefix(subject, "passage/") {
		window += 10 * time.Minute
	}
	body, _, ok, err := r.store.AnswerAt(ctx, subject, time.Unix(at, 0), window)
	return body, ok, err
}

// BaseAnswer implements sim.BaseRecording.
func (r recording) BaseAnswer(ctx context.Context, subject string, at int64) ([]byte, bool, error) {
	body, _, ok, err := r.store.BaseAnswer(ctx, subject, time.Unix(at, 0))
	return body, ok, err
}

// Covers implements sim.CoveringRecording: at is within the recording
// (from its first departure seen to the window after its last) and, when
// points are named, one of them was recorded at all.
func (r recording) Covers(ctx context.Context, points []string, at int64) (bool, error) {
	first, last, err := r.span.get(ctx, r.store)
	if err != nil {
		return false, err
	}
	t := time.Unix(at, 0)
	if first.IsZero() || t.Before(first.Add(-r.window)) || t.After(last.Add(r.window)) {
		return false, nil
	}
	if points == nil {
		return true, nil
	}
	return r.store.StopPointsRecorded(ctx, points)
}

// spanCache holds a recording's span for a minute: a recording still
// being written grows.
type spanCache struct {
	mu          sync.Mutex
	first, last time.Time
	read        time.Time
}

func (c *spanCache) get(ctx context.Context, store *history.Store) (time.Time, time.Time, error) {
	if c == nil {
		return store.Span(ctx)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.read) < time.Minute {
		return c.first, c.last, nil
	}
	first, last, err := store.Span(ctx)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	c.first, c.last, c.read = first, last, time.Now()
	return first, last, nil
}

// newRecording is the recording in store polled every interval.
func newRecording(store *history.Store, interval time.Duration) recording {
	return recording{store: store, window: ReplayWindow(interval), interval: interval, span: &spanCache{}}
}

// replayOptions reads from store what the recording is: of the
// simulation, and with base data or not.
func replayOptions(ctx context.Context, store *history.Store) (sim.ReplayOptions, error) {
	var o sim.ReplayOptions
	simulated, err := store.SimulatedAt(ctx)
	if err != nil {
		return o, err
	}
	base := false
	for _, kind := range []string{"stop", "stoppoint", "route", "vehicle"} {
		for _, scope := range []string{"basic", "extended"} {
			ok, err := store.HasAnswers(ctx, history.SubjectBase(kind, scope))
			if err != nil {
				return o, err
			}
			base = base || ok
		}
	}
	// A recording without base data (made before they were kept) is of
	// the simulation as far as anyone can tell: its stops are served.
	o.SimulatedBase = !base
	o.Simulated = simulated || !base
	return o, nil
}

// ParseFrom reads --from: RFC 3339, or a date and time (Europe/Berlin)
// such as 2026-09-11T07:30 or "2026-09-11 07:30:00".
func ParseFrom(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, s, model.Berlin); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("--from must be a time such as 2026-09-11T07:30 (Europe/Berlin) or 2026-09-11T07:30:00+02:00, got %q", s)
}

// OpenReplay opens the recording in db (a path or URL, as DB gives it) as a mobility/v1 handler whose
// clock starts at from (empty: the start of the recording) and runs at
// speed; the base data are the recording's, else the simulation's (seed),
// which it says on logw.
func OpenReplay(ctx context.Context, db, from string, speed float64, seed int64, interval time.Duration, logw io.Writer) (http.Handler, sim.Clock, *history.Store, error) {
	var start time.Time
	if from != "" {
		var err error
		if start, err = ParseFrom(from); err != nil {
			return nil, nil, nil, usage.Wrap(err)
		}
	}
	store, err := history.Open(ctx, db, history.Options{ReadOnly: true})
	if err != nil {
		return nil, nil, nil, err
	}
	first, _, err := store.Span(ctx)
	if err != nil {
		_ = store.Close()
		return nil, nil, nil, err
	}
	if first.IsZero() {
		_ = store.Close()
		return nil, nil, nil, fmt.Errorf("nothing is recorded in %s: record some with abfahrt record", store.Name())
	}
	if start.IsZero() {
		start = first
	}
	o, err := replayOptions(ctx, store)
	if err != nil {
		_ = store.Close()
		return nil, nil, nil, err
	}
	if o.SimulatedBase && logw != nil {
		_, _ = fmt.Fprintf(logw, "abfahrt replay: %s holds no base data (recorded before abfahrt kept them): the stops, stop points, routes and vehicles are the simulation's\n", store.Name())
	}
	clock := sim.NewClock(start, speed)
	svc := sim.New(sim.Options{Seed: seed, Clock: clock})
	return svc.ReplayWith(newRecording(store, interval), o), clock, store, nil
}
