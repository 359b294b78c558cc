// Package watch follows the departures of stops through the hub's own
// cache, for the consumers that push them (the /events stream, the MQTT
// bridge). A stop that anyone follows is read once a poll period (half a
// second by default, so that a change reaches subscribers within a second
// of the upstream's answer) from the hub's mirror in-process: the mirror
// answers from its cache and asks the upstream at most once per update interval, so
// following a stop adds no upstream request beyond what one board of that
// stop costs. Subscribers are told when the stop's departures changed (a
// departure, its time, delay, platform or status, the stale flag or a
// failure), never merely because a poll happened.
package watch

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
)

// Defaults of Options.
const (
	DefaultPoll        = 500 * time.Millisecond
	DefaultLimit       = 20
	DefaultMaxSubjects = 256
)

// ErrFull is returned by Subscribe when the watcher already follows its
// maximum number of stops and the one asked for is not among them.
var ErrFull = errors.New("too many stops followed at once")

// Subject is a stop (4-digit number) or a stop point (6 digits or a DHID).
type Subject struct {
	Stop  int
	Point model.StopPointCode
}

// ParseSubject reads a stop number (1008) or a stop point code (100801,
// de:08421:1008:1:1).
func ParseSubject(s string) (Subject, error) {
	s = strings.TrimSpace(s)
	if len(s) == 4 && strings.Trim(s, "0123456789") == "" && s[0] != '0' {
		n, _ := strconv.Atoi(s) //nolint:errcheck // four digits
		return Subject{Stop: n}, nil
	}
	c, err := model.ParseStopPointCode(s)
	if err != nil || len(s) > 64 {
		shown := s
		if len(shown) > 40 {
			shown = shown[:40] + "..."
		}
		return Subject{}, fmt.Errorf("a stop is 4 digits (1008) or a stop point 6 digits or a DHID (100801, de:08421:1008:1:1), got %q", shown)
	}
	return Subject{Point: c}, nil
}

// String is the subject as it is given: 1008 or 100801.
func (s Subject) String() string {
	if s.Point != "" {
		return s.Point.String()
	}
	return strconv.Itoa(s.Stop)
}

// Snapshot is a stop's departures as last read.
type Snapshot struct {
	Subject Subject
	// Board is the stop's departures (Limit of Options), nil-free when
	// Err is nil.
	Board model.Board
	// Answer says how old the data is and whether the hub serves it
	// stale (its upstream failing).
	Answer feed.Answer
	// Read is when the watcher read it from the hub.
	Read time.Time
	// Err is set when the hub has no departures to give (the upstream
	// down past the hub's stale limit, or the stop unknown: see NotFound).
	Err error
	// Version changes whenever what subscribers show changes.
	Version uint64
}

// NotFound reports whether the service does not know the stop.
func (s Snapshot) NotFound() bool { return errors.Is(s.Err, feed.ErrNotFound) }

// Age is how old the data was at t.
func (s Snapshot) Age(t time.Time) time.Duration {
	return max(s.Answer.Age+t.Sub(s.Read), 0)
}

// Options configure a Watcher.
type Options struct {
	// Client reads the hub (an in-process transport to its handler,
	// without a cache of its own).
	Client *feed.Client
	// Poll is how often a followed stop is read from the hub's cache.
	Poll time.Duration
	// Limit is how many departures are read per stop.
	Limit int
	// MaxSubjects bounds the stops followed at once.
	MaxSubjects int
	// Logger gets failures (nil: none).
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Watcher follows stops. It is safe for concurrent use.
type Watcher struct {
	o      Options
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	stops  map[Subject]*stop
	closed bool
}

// stop is one followed subject.
type stop struct {
	subject Subject
	subs    map[*Sub]struct{}
	cancel  context.CancelFunc
	snap    *Snapshot // nil before the first read
	sig     uint64
}

// Sub is one subscriber's hold on a stop. C receives a value whenever the
// stop's snapshot changed (at most one pending: read Latest for the
// state).
type Sub struct {
	w *Watcher
	s *stop
	c chan struct{}
	// C is told of a change; it never closes.
	C    <-chan struct{}
	once sync.Once
}

// New returns a watcher reading through o.Client.
func New(o Options) *Watcher {
	if o.Poll <= 0 {
		o.Poll = DefaultPoll
	}
	if o.Limit <= 0 || o.Limit > 100 {
		o.Limit = DefaultLimit
	}
	if o.MaxSubjects <= 0 {
		o.MaxSubjects = DefaultMaxSubjects
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Watcher{o: o, ctx: ctx, cancel: cancel, stops: map[Subject]*stop{}}
}

// Poll is the watcher's poll period.
func (w *Watcher) Poll() time.Duration { return w.o.Poll }

// Limit is how many departures a snapshot holds at most.
func (w *Watcher) Limit() int { return w.o.Limit }

// Subscribe follows subj until the Sub is closed. The first read starts
// at once; C is told when it is done.
func (w *Watcher) Subscribe(subj Subject) (*Sub, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, errors.New("the hub is stopping")
	}
	s := w.stops[subj]
	if s == nil {
		if len(w.stops) >= w.o.MaxSubjects {
			return nil, ErrFull
		}
		ctx, cancel := context.WithCancel(w.ctx)
		s = &stop{subject: subj, subs: map[*Sub]struct{}{}, cancel: cancel}
		w.stops[subj] = s
		w.wg.Add(1)
		go w.run(ctx, s)
	}
	c := make(chan struct{}, 1)
	sub := &Sub{w: w, s: s, c: c, C: c}
	s.subs[sub] = struct{}{}
	if s.snap != nil {
		c <- struct{}{}
	}
	return sub, nil
}

// Latest returns the stop's snapshot, false before the first read.
func (sub *Sub) Latest() (Snapshot, bool) {
	sub.w.mu.Lock()
	defer sub.w.mu.Unlock()
	if sub.s.snap == nil {
		return Snapshot{}, false
	}
	return *sub.s.snap, true
}

// Close ends the subscription; the stop is no longer read once nobody
// follows it.
func (sub *Sub) Close() {
	sub.once.Do(func() {
		w := sub.w
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(sub.s.subs, sub)
		if len(sub.s.subs) == 0 && w.stops[sub.s.subject] == sub.s {
			sub.s.cancel()
			delete(w.stops, sub.s.subject)
		}
	})
}

// Followed is the number of stops followed now.
func (w *Watcher) Followed() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.stops)
}

// Close stops every read and waits for them.
func (w *Watcher) Close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.cancel()
	w.wg.Wait()
}

// run reads s every poll period until ctx ends.
func (w *Watcher) run(ctx context.Context, s *stop) {
	defer w.wg.Done()
	t := time.NewTimer(0)
	defer t.Stop()
	var version uint64
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		snap := w.read(ctx, s.subject)
		if ctx.Err() != nil {
			return
		}
		next := w.o.Poll
		if snap.Err != nil && !failing {
			w.o.Logger.Warn("watch: no departures from the hub", "stop", s.subject.String(), "err", snap.Err)
		}
		failing = snap.Err != nil
		if snap.Err != nil {
			// A failure is not cached by the hub: read it again
			// no sooner than every few seconds.
			next = max(next, 5*time.Second)
		}
		sig := Signature(snap)
		w.mu.Lock()
		if s.snap == nil || sig != s.sig {
			version++
			snap.Version = version
			s.sig = sig
			s.snap = &snap
			for sub := range s.subs {
				select {
				case sub.c <- struct{}{}:
				default:
				}
			}
		} else {
			// Unchanged: keep the new read's age, the same version.
			snap.Version = s.snap.Version
			s.snap = &snap
		}
		w.mu.Unlock()
		t.Reset(next)
	}
}

// read asks the hub for the subject's departures once.
func (w *Watcher) read(ctx context.Context, subj Subject) Snapshot {
	var a feed.Answer
	actx, cancel := context.WithTimeout(feed.WithAnswer(ctx, &a), 30*time.Second)
	defer cancel()
	var b model.Board
	var err error
	if subj.Point != "" {
		b, err = w.o.Client.StopPointDepartures(actx, subj.Point, w.o.Limit)
	} else {
		b, err = w.o.Client.StopDepartures(actx, subj.Stop, w.o.Limit)
	}
	return Snapshot{Subject: subj, Board: b, Answer: a, Read: w.o.Now(), Err: err}
}

// Signature sums up what a display of the snapshot shows: each
// departure's line, direction, platform, vehicle, status, times and delay
// to the minute, the stale flag and a failure. Countdowns, the service's timestamp and the
// data age are left out: they change with every answer.
func Signature(s Snapshot) uint64 {
	h := fnv.New64a()
	if s.Err != nil {
		_, _ = h.Write([]byte("err\x00" + s.Err.Error()))
		return h.Sum64()
	}
	if s.Answer.Stale {
		_, _ = h.Write([]byte("stale\x00"))
	}
	_, _ = h.Write([]byte(s.Board.StopName + "\x00"))
	for _, e := range s.Board.Events {
		_, _ = h.Write([]byte(EventKey(e)))
	}
	return h.Sum64()
}

// EventKey is the part of a departure a display shows, as text: its
// times to the minute and its delay in whole minutes, as a board shows
// them (a prediction that moves by seconds within its minute is no
// change).
func EventKey(e model.Event) string {
	var b strings.Builder
	for _, f := range []string{e.Line(), e.DirectionText, e.PlatformName, e.StopPointCode.String(),
		strconv.Itoa(e.VehicleNumber), strconv.Itoa(int(e.Status)), timeKey(e.Scheduled), timeKey(e.Actual),
		strconv.Itoa(e.DelayMinutes())} {
		b.WriteString(f)
		b.WriteByte(0)
	}
	b.WriteByte('\n')
	return b.String()
}

func timeKey(t model.Time) string {
	if !t.Known() {
		return "-"
	}
	return strconv.FormatInt(t.Round(time.Minute).Unix()/60, 10)
}
