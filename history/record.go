package history

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"abfahrt/model"
)

// Source answers departure boards: *feed.Client, the client the board
// uses.
type Source interface {
	StopDepartures(ctx context.Context, stopNumber, limit int) (model.Board, error)
	StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error)
}

// Subject is what one request watches: a stop, or a stop point; its
// departures, or with Arrivals its arrivals (asked for the raw answers a
// replay serves; an arrivals board records no departures).
type Subject struct {
	Stop      int
	StopPoint model.StopPointCode
	Arrivals  bool
}

func (s Subject) String() string {
	what := "stop " + strconv.Itoa(s.Stop)
	if s.StopPoint != "" {
		what = "stop point " + string(s.StopPoint)
	}
	if s.Arrivals {
		return "arrivals of " + what
	}
	return what
}

// ArrivalsSource also answers arrival boards (*feed.Client), for the
// subjects with Arrivals.
type ArrivalsSource interface {
	StopArrivals(ctx context.Context, stopNumber, limit int) (model.Board, error)
	StopPointArrivals(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error)
}

// BoardLimit is how many departures a recorder asks for per board, the
// service's maximum: the further a board reaches, the surer a departure
// that left it early vanished rather than fell off its end.
const BoardLimit = 100

// tracked is an event on a board, not yet departed nor vanished.
type tracked struct {
	Event
	subject int
}

// Recorder turns board answers into departure events: first seen,
// predictions, departed (gone from the board after its time, or its
// status says departed), vanished (gone before its time while the answer
// still reaches beyond it). Observe is pure bookkeeping; Flush writes
// what changed in one transaction and keeps it when the write fails, so
// that nothing is lost while the database is away.
type Recorder struct {
	Store    *Store
	Source   Source
	Subjects []Subject
	// Interval is the time between two polls of a subject, the recording's
	// resolution.
	Interval time.Duration
	// Limit is how many departures to ask per board (0: BoardLimit).
	Limit int
	// MaxUnsaved bounds the departures waiting for the database while
	// it is away (0: MaxUnsaved).
	MaxUnsaved int

	mu     sync.Mutex
	open   map[Key]*tracked
	dirty  map[Key]Event
	gone   map[Key]bool // vanished, in case they come back: true once the vanish is saved
	done   map[Key]bool // departed, lest a board still showing them departs them again
	inDB   map[Key]bool // written by this run and still open, or closed and not yet saved so
	latest int64        // newest board time seen
	raw    []Answer     // raw answers not yet written (KeepAnswer)
	warnf  func(format string, a ...any)
	warned map[int]bool // implausible vehicle numbers logged

	// Counts for the summary: requests, failed requests, departures
	// seen to depart and to vanish.
	Requests, Failed, Departed, Vanished int
	// Saved counts what this run wrote into the database.
	Saved Saved
	// Dropped is how many departures were dropped unsaved, the oldest
	// first, because more than MaxUnsaved waited for the database.
	Dropped int
	// RefusedVehicles is how many departures came with an implausible
	// vehicle number (stored as unknown: MaxVehicle).
	RefusedVehicles int
}

// Saved counts the departures a run wrote into the database, each once:
// Departures of them, Departed and Vanished in their last state saved,
// the rest (Departures - Departed - Vanished) still on the boards.
type Saved struct {
	Departures, Departed, Vanished int
}

// OnBoards is how many saved departures had not yet left.
func (s Saved) OnBoards() int { return s.Departures - s.Departed - s.Vanished }

// MaxUnsaved is how many departures wait in memory, at most, for a
// database that is away: about two days of the whole network's
// (47,000 a day, BENCHMARKS.md), some 30 MB. Past it, the entries of
// departures still on the boards go first (they are kept as tracked and
// written again when next seen), then the oldest departed or vanished
// ones: a history keeps its latest stretch whole, and the gap stays one
// stretch at the start of the outage.
const MaxUnsaved = 100_000

// MaxVehicle is the largest vehicle number believed. The real service's
// fleet numbers are small (bus 151 in the captured answers; the
// simulation numbers trams from 41 and buses from 101); five digits
// leave room for another operator's numbering and stay well inside the
// 32-bit column of PostgreSQL, where a larger number fails the whole
// write. A departure with a vehicle number beyond it (or negative) is
// recorded with the vehicle unknown, logged once per number and counted.
const MaxVehicle = 99_999

// vanishMargin is how far beyond an event's time the answer must reach
// for the event's absence to mean it vanished: the last entries of an
// answer can come and go as predictions overtake each other.
const vanishMargin = 5 * 60

// tolerance is how far before its due time an event may leave the board
// and still count as departed: a vehicle can leave a little before the
// last prediction said.
func (r *Recorder) tolerance() int64 {
	return int64(max(r.Interval, 30*time.Second)/time.Second) + 60
}

func (r *Recorder) init() {
	if r.open == nil {
		r.open = map[Key]*tracked{}
		r.dirty = map[Key]Event{}
		r.gone = map[Key]bool{}
		r.done = map[Key]bool{}
		r.inDB = map[Key]bool{}
		r.warned = map[int]bool{}
	}
}

// Observe takes the answer of subject i at its time.
func (r *Recorder) Observe(i int, b model.Board) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.init()
	now := b.Timestamp.Unix()
	if !b.Timestamp.Known() {
		now = time.Now().Unix()
	}
	r.latest = max(r.latest, now)
	var horizon int64
	seen := map[Key]bool{}
	for _, e := range b.Events {
		if e.Arrival || !e.Scheduled.Known() {
			continue
		}
		horizon = max(horizon, e.When().Unix())
		sp := e.StopPointCode
		if sp == "" {
			sp = b.StopPointCode
		}
		k := Key{StopPoint: string(sp), Line: e.Line(), Direction: e.DirectionText, Scheduled: e.Scheduled.Unix()}
		if seen[k] {
			continue
		}
		seen[k] = true
		t := r.open[k]
		if t == nil {
			if r.done[k] {
				continue // departed already (the status said so before it left)
			}
			if saved, ok := r.gone[k]; ok {
				// Back on the board: it had not vanished after all (the
				// row is written open again).
				delete(r.gone, k)
				r.Vanished--
				if saved {
					r.Saved.Vanished--
					r.inDB[k] = true
				}
			}
			t = &tracked{Event: Event{ServiceDay: ServiceDayOf(e.Scheduled.Time), Stop: b.StopNumber, StopPoint: k.StopPoint,
				Line: k.Line, Direction: k.Direction, Scheduled: k.Scheduled, FirstSeen: now}}
			r.open[k] = t
		}
		t.subject = i
		t.LastSeen = now
		switch v := e.VehicleNumber; {
		case v == 0:
		case v < 0 || v > MaxVehicle:
			r.refuseVehicle(v, k)
		default:
			t.Vehicle = v
		}
		t.Platform = e.PlatformName
		if e.Realtime() {
			if t.FirstPred == 0 {
				t.FirstPred = e.Actual.Unix()
			}
			t.LastPred = e.Actual.Unix()
		}
		if e.Status.Done() {
			t.Actual = now
			if e.Actual.Known() && e.Actual.Unix() <= now {
				t.Actual = e.Actual.Unix()
			}
			r.close(k, t)
			continue
		}
		r.dirty[k] = t.Event
	}
	if len(r.gone) > 10000 {
		clear(r.gone)
	}
	if len(r.done) > 20000 {
		clear(r.done)
	}
	for k, t := range r.open {
		if t.subject != i || seen[k] {
			continue
		}
		due := t.Scheduled
		if t.LastPred != 0 {
			due = t.LastPred
		}
		switch {
		case due <= now+r.tolerance():
			// Gone after (or about at) its time: it left between the
			// last answer that showed it and this one.
			t.Actual = min(max(due, t.LastSeen), now)
			r.close(k, t)
		case horizon >= due+vanishMargin:
			t.Vanished = true
			r.gone[k] = false // not yet saved
			r.close(k, t)
		}
		// Else the answer ends before its time: it may only have been
		// pushed off the board's end; the next answers will tell.
	}
	r.trim()
}

func (r *Recorder) close(k Key, t *tracked) {
	delete(r.open, k)
	r.dirty[k] = t.Event
	if t.Vanished {
		r.Vanished++
	} else {
		r.Departed++
		r.done[k] = true
	}
}

// refuseVehicle counts a departure's implausible vehicle number and logs
// each number once (at most 100 of them).
func (r *Recorder) refuseVehicle(v int, k Key) {
	r.RefusedVehicles++
	if r.warned[v] || len(r.warned) >= 100 || r.warnf == nil {
		return
	}
	r.warned[v] = true
	r.warnf("refused the implausible vehicle number %d (line %s to %s, stop point %s; at most %d): the departure is recorded with the vehicle unknown",
		v, k.Line, k.Direction, k.StopPoint, MaxVehicle)
}

func (r *Recorder) maxUnsaved() int {
	if r.MaxUnsaved > 0 {
		return r.MaxUnsaved
	}
	return MaxUnsaved
}

// trim keeps the departures waiting for the database within
// maxUnsaved: first the entries of departures still on the boards go
// (they are tracked and written again when next seen), then the oldest
// departed and vanished ones, down to 99 % of the cap so that a long
// outage does not sort at every answer.
func (r *Recorder) trim() {
	limit := r.maxUnsaved()
	if len(r.dirty) <= limit {
		return
	}
	for k := range r.dirty {
		if r.open[k] != nil {
			delete(r.dirty, k)
		}
	}
	if len(r.dirty) <= limit {
		return
	}
	keys := make([]Key, 0, len(r.dirty))
	for k := range r.dirty {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int {
		if c := cmp.Compare(a.Scheduled, b.Scheduled); c != 0 {
			return c
		}
		return compareKeys(a, b)
	})
	drop := len(keys) - (limit - limit/100)
	for _, k := range keys[:drop] {
		delete(r.dirty, k)
		delete(r.inDB, k)
		delete(r.gone, k)
	}
	if r.Dropped == 0 && r.warnf != nil {
		r.warnf("more than %d departures wait for the history database: dropping the oldest (%d so far)", limit, drop)
	}
	r.Dropped += drop
}

// Poll asks for subject i's board and observes it.
func (r *Recorder) Poll(ctx context.Context, i int) error {
	s := r.Subjects[i]
	var b model.Board
	var err error
	limit := r.Limit
	if limit <= 0 {
		limit = BoardLimit
	}
	as, arrivals := r.Source.(ArrivalsSource)
	switch {
	case s.Arrivals && !arrivals:
		return fmt.Errorf("%s: the source answers no arrivals", s)
	case s.Arrivals && s.StopPoint != "":
		b, err = as.StopPointArrivals(ctx, s.StopPoint, limit)
	case s.Arrivals:
		b, err = as.StopArrivals(ctx, s.Stop, limit)
	case s.StopPoint != "":
		b, err = r.Source.StopPointDepartures(ctx, s.StopPoint, limit)
	default:
		b, err = r.Source.StopDepartures(ctx, s.Stop, limit)
	}
	r.mu.Lock()
	r.Requests++
	if err != nil {
		r.Failed++
	}
	r.mu.Unlock()
	if err != nil {
		return fmt.Errorf("%s: %w", s, err)
	}
	if s.StopPoint != "" && b.StopPointCode == "" {
		b.StopPointCode = s.StopPoint
	}
	if b.StopNumber == 0 {
		b.StopNumber = s.Stop
	}
	r.Observe(i, b)
	return nil
}

// maxUnsavedAnswers bounds the raw answers kept in memory while the
// database is away: the oldest go first (the events are all kept).
const maxUnsavedAnswers = 2000

// KeepAnswer takes a raw answer to write with the next Flush (record
// --keep-raw).
func (r *Recorder) KeepAnswer(a Answer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.raw) >= maxUnsavedAnswers {
		r.raw = r.raw[1:]
	}
	r.raw = append(r.raw, a)
}

// Unsaved is how many events wait to be written.
func (r *Recorder) Unsaved() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.dirty)
}

// Open is how many events are on the boards, not yet departed.
func (r *Recorder) Open() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.open)
}

// Latest is the newest board time seen (zero before the first).
func (r *Recorder) Latest() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.latest == 0 {
		return time.Time{}
	}
	return time.Unix(r.latest, 0)
}

// Flush writes what changed since the last successful flush in one
// transaction. When it fails, everything stays to be written by the next
// flush: the database holds the last good state, the recorder the rest.
func (r *Recorder) Flush(ctx context.Context) (int, error) {
	r.mu.Lock()
	r.init()
	evs := make([]Event, 0, len(r.dirty))
	for _, e := range r.dirty {
		evs = append(evs, e)
	}
	raw := r.raw
	r.mu.Unlock()
	if len(raw) > 0 {
		if err := r.Store.SaveAnswers(ctx, raw); err != nil {
			return 0, err
		}
		r.mu.Lock()
		r.raw = r.raw[min(len(raw), len(r.raw)):]
		r.mu.Unlock()
	}
	if len(evs) == 0 {
		return 0, nil
	}
	// A stable order keeps two hubs writing the same rows from locking
	// each other in PostgreSQL.
	slices.SortFunc(evs, func(a, b Event) int { return compareKeys(a.Key(), b.Key()) })
	if err := r.Store.Save(ctx, evs); err != nil {
		return 0, err
	}
	r.mu.Lock()
	for _, e := range evs {
		k := e.Key()
		r.count(k, e)
		// Only what did not change meanwhile is done with.
		if cur, ok := r.dirty[k]; ok && cur == e {
			delete(r.dirty, k)
		}
	}
	r.mu.Unlock()
	return len(evs), nil
}

// count adds a saved event to Saved: a departure once, however often its
// row is written, under the state it was last saved in.
func (r *Recorder) count(k Key, e Event) {
	if !r.inDB[k] {
		r.Saved.Departures++
	}
	if e.Actual == 0 && !e.Vanished {
		r.inDB[k] = true
		return
	}
	delete(r.inDB, k)
	if !e.Vanished {
		r.Saved.Departed++
		return
	}
	r.Saved.Vanished++
	if _, ok := r.gone[k]; ok {
		r.gone[k] = true
	}
}

// Counts returns the counts of the run so far (Requests … RefusedVehicles)
// under the recorder's lock: Run and Observe write them from other
// goroutines.
func (r *Recorder) Counts() (requests, failed int, saved Saved, unsaved, dropped, refused int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Requests, r.Failed, r.Saved, len(r.dirty), r.Dropped, r.RefusedVehicles
}

func compareKeys(a, b Key) int {
	switch {
	case a.StopPoint != b.StopPoint:
		return cmpStr(a.StopPoint, b.StopPoint)
	case a.Scheduled != b.Scheduled:
		if a.Scheduled < b.Scheduled {
			return -1
		}
		return 1
	case a.Line != b.Line:
		return cmpStr(a.Line, b.Line)
	}
	return cmpStr(a.Direction, b.Direction)
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Resume takes up the events a previous run left open (not departed, last
// seen within the last two hours of at) on the recorder's subjects, so
// that a restart still records their departure.
func (r *Recorder) Resume(ctx context.Context, at time.Time) error {
	evs, err := r.Store.Pending(ctx, at.Add(-2*time.Hour))
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.init()
	for _, e := range evs {
		for i, s := range r.Subjects {
			if !s.Arrivals && (s.StopPoint == model.StopPointCode(e.StopPoint) || s.StopPoint == "" && s.Stop == e.Stop) {
				r.open[e.Key()] = &tracked{Event: e, subject: i}
				break
			}
		}
	}
	return nil
}
