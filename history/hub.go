package history

import (
	"context"
	"strconv"
	"sync"
	"time"

	"abfahrt/model"
)

// Hub records what a hub already fetches instead of polling: the boards
// and vehicle passages its clients asked for, handed in as they come
// (Board, Passages). Its subjects are whatever the answers are about,
// learned as they arrive; the Recorder's bookkeeping, flushing and
// resuming do the rest.
type Hub struct {
	R *Recorder

	mu      sync.Mutex
	index   map[string]int // subject ("stop 1008", "vehicle 42") → the recorder's subject number
	pending []Event        // left open by a previous run, taken up when their subject is seen
	exact   map[Key]int64  // departures recorded from passages: their actual time, not to be written again
	exactAt int64          // when exact was last cleared of the old
}

// NewHub returns a hub recorder writing to store; interval is the update
// interval of the answers (the recording's resolution).
func NewHub(store *Store, interval time.Duration) *Hub {
	return &Hub{R: &Recorder{Store: store, Interval: interval}, index: map[string]int{}, exact: map[Key]int64{}}
}

// subject returns the number of the subject named name, adopting the
// events a previous run left open that match; h.mu is held.
func (h *Hub) subject(name string, adopt func(Event) bool) int {
	if i, ok := h.index[name]; ok {
		return i
	}
	i := len(h.index)
	h.index[name] = i
	if len(h.pending) == 0 {
		return i
	}
	r := h.R
	r.mu.Lock()
	r.init()
	kept := h.pending[:0]
	for _, e := range h.pending {
		if !adopt(e) {
			kept = append(kept, e)
			continue
		}
		if r.open[e.Key()] == nil {
			r.open[e.Key()] = &tracked{Event: e, subject: i}
		}
	}
	h.pending = kept
	r.mu.Unlock()
	return i
}

// Board takes a departure board the hub fetched for s with limit
// departures: each subject and limit is a board of its own, since what
// falls off the end of a short board has not left.
func (h *Hub) Board(s Subject, limit int, b model.Board) {
	if s.StopPoint != "" && b.StopPointCode == "" {
		b.StopPointCode = s.StopPoint
	}
	if b.StopNumber == 0 {
		b.StopNumber = s.Stop
	}
	h.mu.Lock()
	i := h.subject(s.String()+" limit "+strconv.Itoa(limit), func(e Event) bool {
		return s.StopPoint == model.StopPointCode(e.StopPoint) || s.StopPoint == "" && s.Stop == e.Stop
	})
	h.mu.Unlock()
	h.R.Observe(i, b)
}

// Passages takes a vehicle's passages (its current trip, stops served
// included): a departure the vehicle made is recorded at the actual time
// the answer states, and that time wins over a board's estimate; the
// stops ahead are open events like a board's.
func (h *Hub) Passages(vp model.VehiclePassages) {
	if vp.VehicleNumber == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	i := h.subject("vehicle "+strconv.Itoa(vp.VehicleNumber), func(e Event) bool { return e.Vehicle == vp.VehicleNumber })
	r := h.R
	r.mu.Lock()
	defer r.mu.Unlock()
	r.init()
	now := vp.Timestamp.Unix()
	if !vp.Timestamp.Known() {
		now = time.Now().Unix()
	}
	r.latest = max(r.latest, now)
	if now-h.exactAt > 3600 {
		for k := range h.exact {
			if k.Scheduled < now-3*3600 {
				delete(h.exact, k)
			}
		}
		h.exactAt = now
	}
	line := vp.Line()
	seen := map[Key]bool{}
	for _, p := range vp.Passages {
		if !p.DepartureTimeScheduled.Known() || p.StopPointCode == "" {
			continue // the last stop: no departure
		}
		k := Key{StopPoint: string(p.StopPointCode), Line: line, Direction: p.DepartureDirectionText, Scheduled: p.DepartureTimeScheduled.Unix()}
		seen[k] = true
		if p.Status.Done() {
			actual := now
			if p.DepartureTimeActual.Known() && p.DepartureTimeActual.Unix() <= now {
				actual = p.DepartureTimeActual.Unix()
			}
			if h.exact[k] == actual {
				continue // written already
			}
			h.exact[k] = actual
			if t := r.open[k]; t != nil {
				t.Actual = actual
				t.LastSeen = max(t.LastSeen, now)
				t.Vehicle = vp.VehicleNumber
				r.close(k, t)
				continue
			}
			e, ok := r.dirty[k]
			switch {
			case ok && e.Vanished:
				// A board thought it vanished; the vehicle says it left.
				r.Vanished--
				r.Departed++
				delete(r.gone, k)
				e.Vanished = false
			case !ok:
				delete(r.gone, k)
				e = Event{ServiceDay: ServiceDayOf(p.DepartureTimeScheduled.Time), Stop: p.StopNumber, StopPoint: k.StopPoint,
					Line: line, Direction: k.Direction, Scheduled: k.Scheduled, FirstSeen: now, LastSeen: now, Platform: p.PlatformName}
				r.Departed++
			}
			e.Actual, e.Vehicle = actual, vp.VehicleNumber
			r.dirty[k] = e
			continue
		}
		t := r.open[k]
		if t == nil {
			if r.gone[k] {
				delete(r.gone, k)
				r.Vanished--
			}
			t = &tracked{Event: Event{ServiceDay: ServiceDayOf(p.DepartureTimeScheduled.Time), Stop: p.StopNumber, StopPoint: k.StopPoint,
				Line: line, Direction: k.Direction, Scheduled: k.Scheduled, FirstSeen: now}}
			r.open[k] = t
		}
		t.subject = i
		t.LastSeen = now
		t.Vehicle = vp.VehicleNumber
		t.Platform = p.PlatformName
		if p.DepartureTimeActual.Known() {
			if t.FirstPred == 0 {
				t.FirstPred = p.DepartureTimeActual.Unix()
			}
			t.LastPred = p.DepartureTimeActual.Unix()
		}
		r.dirty[k] = t.Event
	}
	// The stops of a trip the vehicle has finished since it was last
	// asked: departed at their last prediction, once that is past.
	for k, t := range r.open {
		if t.subject != i || seen[k] {
			continue
		}
		due := t.Scheduled
		if t.LastPred != 0 {
			due = t.LastPred
		}
		if due <= now+r.tolerance() {
			t.Actual = min(max(due, t.LastSeen), now)
			r.close(k, t)
		}
	}
}

// Resume loads the events a previous run left open (last seen within two
// hours of at); each is taken up when its stop, stop point or vehicle is
// next seen.
func (h *Hub) Resume(ctx context.Context, at time.Time) error {
	evs, err := h.R.Store.Pending(ctx, at.Add(-2*time.Hour))
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.pending = append(h.pending, evs...)
	h.mu.Unlock()
	return nil
}

// HubRunOptions drive Hub.Run.
type HubRunOptions struct {
	// Every is the time between two flushes (0: 5 s).
	Every time.Duration
	// Keep prunes events scheduled longer ago than this (0: keep all),
	// at the start and every hour.
	Keep time.Duration
	// KeepRaw prunes the raw answers (Recorder.KeepAnswer) older than
	// this (0: keep all), likewise.
	KeepRaw time.Duration
	// Logf reports errors and what was lost (nil: silent).
	Logf func(format string, a ...any)
	// Infof reports what is no error: a recovery, a pruning (nil: Logf).
	Infof func(format string, a ...any)
}

// Run writes what the hub records until ctx ends: every opts.Every what
// changed, in one transaction. A failing database is reported once (and
// its recovery), and retried; nothing is dropped meanwhile, the hub's
// boards never wait on it. At the end a last flush, whose failure it
// returns.
func (h *Hub) Run(ctx context.Context, opts HubRunOptions) error {
	logf, infof := opts.Logf, opts.Infof
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if infof == nil {
		infof = logf
	}
	h.R.mu.Lock()
	h.R.warnf = logf // refused vehicle numbers, what is dropped while the database is away
	h.R.mu.Unlock()
	every := opts.Every
	if every <= 0 {
		every = 5 * time.Second
	}
	if err := h.Resume(ctx, time.Now()); err != nil && ctx.Err() == nil {
		logf("cannot read the events a previous run left open: %v", err)
	}
	t := time.NewTicker(every)
	defer t.Stop()
	var down outage
	var pruned time.Time
	for {
		select {
		case <-ctx.Done():
			return h.R.finish(logf)
		case <-t.C:
		}
		if (opts.Keep > 0 || opts.KeepRaw > 0) && time.Since(pruned) >= time.Hour {
			h.prune(ctx, opts, logf, infof)
			pruned = time.Now()
		}
		fctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		_, err := h.R.Flush(fctx)
		cancel()
		switch {
		case err != nil && ctx.Err() == nil:
			if down.tries == 0 {
				down.since = time.Now()
			}
			down.tries++
			if err.Error() != down.last {
				logf("%v; keeping %d departures in memory (at most %d), retrying", err, h.R.Unsaved(), h.R.maxUnsaved())
				down.last = err.Error()
			}
		case err == nil && down.tries > 0:
			infof("%s", h.R.recovered(down))
			down = outage{}
		}
	}
}

// prune deletes the events and raw answers older than opts says.
func (h *Hub) prune(ctx context.Context, opts HubRunOptions, logf, infof func(string, ...any)) {
	at := h.R.Latest()
	if at.IsZero() {
		at = time.Now()
	}
	if opts.Keep > 0 {
		if n, err := h.R.Store.Prune(ctx, at.Add(-opts.Keep)); err != nil {
			logf("%v", err)
		} else if n > 0 {
			infof("pruned %d departures older than %v", n, opts.Keep)
		}
	}
	if opts.KeepRaw > 0 {
		if n, err := h.R.Store.PruneAnswers(ctx, at.Add(-opts.KeepRaw)); err != nil {
			logf("%v", err)
		} else if n > 0 {
			infof("pruned %d raw answers older than %v", n, opts.KeepRaw)
		}
	}
}
