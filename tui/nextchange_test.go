package tui

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// frame is a distinct view, with the clock's time when it was drawn.
type frame struct {
	at time.Time
	v  string
}

// clockCounter is the root model with its clock messages counted and every
// distinct view kept with the time it was drawn.
type clockCounter struct {
	Model
	clock  func() time.Time
	mu     *sync.Mutex
	ticks  *int
	frames *[]frame
}

func (c clockCounter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(app.ClockMsg); ok {
		c.mu.Lock()
		*c.ticks++
		c.mu.Unlock()
	}
	m, cmd := c.Model.Update(msg)
	c.Model = m.(Model)
	return c, cmd
}

func (c clockCounter) View() string {
	v := c.Model.View()
	c.mu.Lock()
	if n := len(*c.frames); v != "" && (n == 0 || (*c.frames)[n-1].v != v) {
		*c.frames = append(*c.frames, frame{at: c.clock(), v: v})
	}
	c.mu.Unlock()
	return v
}

// runCounted runs the board of src on a clock that starts at t0 for d, and
// returns its clock messages, its distinct frames and its shared state.
func runCounted(t *testing.T, o app.Options, d, drain time.Duration, during func(clock func() time.Time)) (int, []frame, *app.Shared) {
	start := time.Now()
	clock := func() time.Time { return testkit.T0.Add(time.Since(start)) }
	o.Now = clock
	var (
		mu     sync.Mutex
		ticks  int
		frames []frame
	)
	c := clockCounter{Model: New(o), clock: clock, mu: &mu, ticks: &ticks, frames: &frames}
	_, stop := runHeadless(t, c, 160, 48)
	if during != nil {
		during(clock)
	}
	time.Sleep(d - time.Since(start))
	stop(drain)
	mu.Lock()
	defer mu.Unlock()
	return ticks, frames, c.sh
}

// countdownAt is what the board's due column says for an event due at due
// when the clock shows now.
func countdownAt(due, now time.Time) string {
	switch d := due.Sub(now); {
	case d < time.Minute:
		return "now"
	default:
		return strings.TrimSpace(ui.Itoa(int(d/time.Minute))) + " min"
	}
}

// Issue 15: an idle board is not woken every second. Over five minutes its
// clock messages come only where something visible changes, yet every
// frame stays true for as long as it is on screen: the header clock turns
// on the minute, and a countdown whose event is due at 12:37:06 turns at
// 12:35:06 and 12:36:06 (events have seconds), each within 2 ms.
func TestBoardClockWakesOnlyForVisibleChanges(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ticks, frames, _ := runCounted(t, app.Options{Source: testkit.NewFakeSource(), SourceName: "sim"}, 5*time.Minute, 2*feeds.DefaultInterval, nil)
		if len(frames) < 3 {
			t.Fatalf("%d frames in 5 minutes", len(frames))
		}
		// A second clock would send 300; the changes on this board: 5
		// minutes, the turns of its 20 events' countdowns (each at its own
		// second), rows leaving, the status bar's steps.
		if ticks >= 100 {
			t.Errorf("%d clock messages in 5 minutes: more than the board's changes need", ticks)
		}
		wasted := 0
		for i := 1; i < len(frames); i++ {
			if frames[i].v == frames[i-1].v {
				wasted++
			}
		}
		due := testkit.T0.Add(2*time.Minute + 10*time.Second) // Böfingen from platform D
		row := regexp.MustCompile(`Böfingen\s+D\s+(now|\d+ min)\s`)
		turns := 0
		for i, f := range frames {
			until := testkit.T0.Add(5 * time.Minute)
			if i+1 < len(frames) {
				until = frames[i+1].at.Add(-2 * time.Millisecond)
			}
			head := strings.SplitN(f.v, "\n", 2)[0]
			for _, at := range []time.Time{f.at, until} {
				if want := at.In(model.Berlin).Format("15:04"); !strings.Contains(head, " "+want+" ") {
					t.Errorf("the frame drawn at %s, still on screen at %s, shows the header %q, want %s",
						f.at.Format("15:04:05.000"), at.Format("15:04:05.000"), head, want)
				}
			}
			if m := row.FindStringSubmatch(f.v); m != nil {
				for _, at := range []time.Time{f.at, until} {
					if want := countdownAt(due, at); m[1] != want {
						t.Errorf("the frame drawn at %s shows Böfingen %q at %s, want %q",
							f.at.Format("15:04:05.000"), m[1], at.Format("15:04:05.000"), want)
					}
				}
				if i > 0 {
					if p := row.FindStringSubmatch(frames[i-1].v); p != nil && p[1] != m[1] {
						turns++
					}
				}
			}
		}
		if turns < 2 {
			t.Errorf("Böfingen's countdown turned %d times in 5 minutes, want 2 (2 → 1 min → now)", turns)
		}
		t.Logf("%d clock messages, %d distinct frames in 5 minutes (a second clock: 300)", ticks, len(frames))
	})
}

// Issue 15: the stale marker still appears the moment the data turns
// stale (two intervals after the last good answer), not at the next
// minute or poll.
func TestStaleMarkerOnTimeWithoutSecondClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := testkit.NewFakeSource()
		_, frames, sh := runCounted(t, app.Options{Source: src, SourceName: "sim"}, 2*time.Minute, 10*time.Minute, func(func() time.Time) {
			time.Sleep(time.Second) // the first answer is in
			src.Mu.Lock()
			src.Err = errors.New("connection refused")
			src.Mu.Unlock()
		})
		var staleAt time.Time
		for _, f := range sh.Reg.Entries {
			if f.Key == feeds.BoardFeed(feeds.Subject{Stop: app.DefaultStop}) {
				staleAt = f.Poll.StaleAt(sh.Policy.Interval)
			}
		}
		if staleAt.IsZero() {
			t.Fatal("the board had no good answer")
		}
		for i, f := range frames {
			stale := strings.Contains(f.v, "stale since")
			if stale != f.at.After(staleAt) {
				t.Errorf("frame %d drawn at %s says stale=%v; stale from %s", i, f.at.Format("15:04:05.000"), stale, staleAt.Format("15:04:05.000"))
			}
			if stale {
				if late := f.at.Sub(staleAt); late > 2*time.Millisecond {
					t.Errorf("the stale marker came %v after the data turned stale", late)
				}
				break
			}
		}
	})
}

// The next change of a service clock running at ten times real time comes
// through its rate: the next service minute, 55 service seconds away, is
// 5.5 s of local time.
func TestNextChangeThroughServiceRate(t *testing.T) {
	m := New(app.Options{Source: testkit.NewFakeSource()})
	l0 := time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)
	m.sh.Svc = &feeds.ServiceClock{Known: true, RefL: l0, RefS: time.Date(2026, 9, 11, 7, 30, 5, 0, model.Berlin), Rate: 10}
	m.sh.Tick(l0)
	got := m.nextChange(l0)
	if want := l0.Add(5500*time.Millisecond + feeds.ChangeSlack); !got.Equal(want) {
		t.Errorf("next change at %v after %v, want %v", got.Sub(l0), l0, want.Sub(l0))
	}
	if s := m.sh.SvcAt(got); s.Before(time.Date(2026, 9, 11, 7, 31, 0, 0, model.Berlin)) {
		t.Errorf("the service's clock shows %s then, before its minute", s.Format("15:04:05.000"))
	}
	// In-process clocks pass through unchanged.
	m.sh.Svc = nil
	if got := m.nextChange(l0); !got.Equal(l0.Add(time.Minute + feeds.ChangeSlack)) {
		t.Errorf("in-process: next change %v after a whole minute, want a minute", got.Sub(l0))
	}
}

// slowBoardSource answers the board after a second, and records when the
// base data was asked for.
type slowBoardSource struct {
	*testkit.FakeSource
	mu              sync.Mutex
	boardAt, baseAt time.Time
}

func (s *slowBoardSource) StopDepartures(ctx context.Context, n, limit int) (model.Board, error) {
	time.Sleep(time.Second)
	s.mu.Lock()
	if s.boardAt.IsZero() {
		s.boardAt = time.Now()
	}
	s.mu.Unlock()
	return s.FakeSource.StopDepartures(ctx, n, limit)
}

func (s *slowBoardSource) Stops(ctx context.Context, sc model.Scope, limit int) ([]model.Stop, error) {
	s.mu.Lock()
	if s.baseAt.IsZero() {
		s.baseAt = time.Now()
	}
	s.mu.Unlock()
	return s.FakeSource.Stops(ctx, sc, limit)
}

// Issue 15: at start the base data load (four large answers for the
// search) waits for the board's first answer, so the first departure rows
// do not share the service, or the embedded simulation's processor, with it.
func TestBaseDataWaitsForTheFirstBoardAnswer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := &slowBoardSource{FakeSource: testkit.NewFakeSource()}
		_, stop := runHeadless(t, New(app.Options{Source: src, SourceName: "sim"}), 120, 40)
		time.Sleep(5 * time.Second)
		stop(2 * feeds.DefaultInterval)
		src.mu.Lock()
		defer src.mu.Unlock()
		if src.boardAt.IsZero() || src.baseAt.IsZero() {
			t.Fatalf("board answered at %v, base data asked at %v", src.boardAt, src.baseAt)
		}
		if src.baseAt.Before(src.boardAt) {
			t.Errorf("the base data was asked for %v before the board's first answer", src.boardAt.Sub(src.baseAt))
		}
	})
}

// funcClock is a sim.Clock read from a function.
type funcClock func() time.Time

func (f funcClock) Now() time.Time { return f() }

// newSimGrid returns a model of size w×h watching specs on the
// simulation at the clock of now (a stopped clock the test moves by
// hand), its feeds' first answers in.
func newSimGrid(t *testing.T, now *time.Time, w, h int, specs []app.BoardSpec, src feeds.Source) *testEnv {
	t.Helper()
	clock := func() time.Time { return *now }
	if src == nil {
		svc := sim.New(sim.Options{Seed: 1, Clock: funcClock(clock)})
		src = simclient.Client(t, svc, feed.WithoutCache(), feed.WithClock(clock))
	}
	e := &testEnv{t: t, now: *now}
	e.m = New(app.Options{Source: src, SourceName: "sim", Now: clock, Boards: specs})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.pollFeeds()
	return e
}

// pollDue brings e's clock to at, as a message arriving at at does, and
// runs the polls of every feed due by then.
func (e *testEnv) pollDue(at time.Time) {
	e.t.Helper()
	e.advance(at.Sub(e.now))
	for _, f := range e.boardFeeds() {
		if !f.Poll.Next.IsZero() && !f.Poll.Next.After(at) {
			if cmd := e.send(feeds.TickMsg{Key: feeds.BoardFeed(f.Subject), Gen: f.Poll.Gen}); cmd != nil {
				e.deliver(cmd)
			}
		}
	}
}

// nextPollAt is when e's next poll is due.
func (e *testEnv) nextPollAt() time.Time {
	var at time.Time
	for _, f := range e.boardFeeds() {
		if n := f.Poll.Next; !n.IsZero() && (at.IsZero() || n.Before(at)) {
			at = n
		}
	}
	return at
}

// gridWakeCase is a grid whose planned clock is checked against a clock
// of every second.
type gridWakeCase struct {
	name  string
	start time.Time
	w, h  int
	specs []app.BoardSpec
	setup func(e *testEnv)
	// frozen: no poll after the first, as when the service stopped
	// answering: rows leave on the clock alone.
	frozen bool
	src    feeds.Source // the simulation when nil
}

// runGridWakes runs two copies of the grid of c on the simulation for d:
// one woken every whole second (the reference), one woken only at its
// planned changes (nextChange); both get the same polls at the same
// moments. Every second the planned copy's screen, drawn at its last
// wake-up or poll (from its caches, as the program draws), must equal the
// reference's drawn anew then.
// It returns the planned copy's clock wake-ups in the first five minutes.
func runGridWakes(t *testing.T, c gridWakeCase, d time.Duration) int {
	t.Helper()
	nowA, nowB := c.start, c.start
	a := newSimGrid(t, &nowA, c.w, c.h, c.specs, c.src)
	b := newSimGrid(t, &nowB, c.w, c.h, c.specs, c.src)
	sync := func(e *testEnv, now *time.Time) { *now = e.now }
	if c.setup != nil {
		c.setup(a)
		c.setup(b)
	}
	end := c.start.Add(d)
	wakes, wakes5, bad := 0, 0, 0
	// The reference is drawn 2 ms after each whole second: the planned
	// clock comes 1 ms after a change (changeSlack), and the changes the
	// simulation's whole-second times bring come on whole seconds.
	sec := c.start.Truncate(time.Second).Add(time.Second + 2*time.Millisecond)
	wake := b.m.nextChange(b.now)
	for sec.Before(end) {
		var poll time.Time
		if !c.frozen {
			poll = b.nextPollAt()
			if pa := a.nextPollAt(); !pa.Equal(poll) {
				t.Fatalf("the copies' polls differ: %v and %v", pa, poll)
			}
		}
		switch {
		case !poll.IsZero() && !poll.After(wake) && !poll.After(sec):
			nowA, nowB = poll, poll
			a.pollDue(poll)
			b.pollDue(poll)
			sync(a, &nowA)
			sync(b, &nowB)
			wake = b.m.nextChange(b.now)
		case !wake.After(sec):
			nowB = wake
			b.advance(wake.Sub(b.now))
			wakes++
			if wake.Before(c.start.Add(5 * time.Minute)) {
				wakes5++
			}
			next := b.m.nextChange(b.now)
			if !next.After(wake) {
				t.Fatalf("the next change after %s is %s", wake.Format("15:04:05.000"), next.Format("15:04:05.000"))
			}
			wake = next
		default:
			nowA = sec
			a.advance(sec.Sub(a.now))
			a.send(app.RedrawMsg{}) // the reference is drawn anew, not from a cache
			if va, vb := a.View(), b.View(); va != vb && bad < 3 {
				bad++
				la, lb := strings.Split(ansi.Strip(va), "\n"), strings.Split(ansi.Strip(vb), "\n")
				for i := range min(len(la), len(lb)) {
					if la[i] != lb[i] {
						t.Errorf("%s: at %s line %d shows\n%q\nwoken every second it shows\n%q",
							c.name, sec.Format("15:04:05"), i, lb[i], la[i])
						break
					}
				}
				if len(la) != len(lb) {
					t.Errorf("%s: at %s the screen has %d lines, woken every second %d", c.name, sec.Format("15:04:05"), len(lb), len(la))
				}
				if strings.Join(la, "\n") == strings.Join(lb, "\n") {
					t.Errorf("%s: at %s the screens differ in their styles only", c.name, sec.Format("15:04:05"))
				}
			}
			sec = sec.Add(time.Second)
		}
	}
	t.Logf("%s: %d clock wake-ups in the first 5 minutes, %d in %v (a second clock: 300, %d)", c.name, wakes5, wakes, d, int(d/time.Second))
	return wakes5
}

// Issue 15: the grid of 16 boards over 4 stops wakes only for what its
// cells and summary line show, and every frame stays true: at every second
// of ten simulated minutes the screen drawn at the planned wake-ups equals
// the one a clock of every second draws.
func TestGridClockWakesOnlyForVisibleChanges(t *testing.T) {
	morning := time.Date(2026, 9, 11, 7, 30, 0, 250_000_000, model.Berlin)
	night := time.Date(2026, 9, 12, 0, 50, 0, 700_000_000, model.Berlin)
	// Boards with walking times (one hiding the missed departures, one
	// grouped by platform), per-line limits and filters, some of which
	// keep no row.
	mixed := specsOver(16)
	mixed[0].Walk = app.WalkTime(4 * time.Minute)
	mixed[1].Walk = app.WalkTime(150 * time.Second)
	mixed[2].PerLine = 1
	mixed[3].Lines = []string{"N1"}
	mixed[4].Direction = "a"
	mixed[5].Arrivals = true
	mixed[6].Walk, mixed[6].PerLine = app.WalkTime(7*time.Minute), 2
	mixed[7].Platform = "B"
	mixed[9].Walk = app.WalkTime(time.Minute)
	// Walking boards hide their missed departures by default; board 7
	// is grouped by platform (b, on the zoomed board).
	hide := func(e *testEnv) {
		for _, k := range []string{"7", "enter", "b", "esc", "1"} {
			e.Key(k)
		}
	}
	lastPage := func(e *testEnv) {
		for range 15 {
			e.Key("right")
		}
	}
	// The first page shows one stop; the summary line counts the others.
	paged := specsOver(16)
	for i := range 12 {
		paged[i] = app.BoardSpec{Stop: 1240}
	}
	// A board whose rows below the cells' cut change what the cells show
	// when they leave: the night bus N100 (the widest line badge) and line
	// 7 come last though due sooner than some rows above them; a board of
	// line 7 only, with a walk that misses it, says when it runs.
	src := testkit.NewFakeSource()
	odd := model.Board{StopNumber: 1240, StopName: "Universität Süd", Timestamp: model.At(testkit.T0)}
	for i := range 8 {
		odd.Events = append(odd.Events, testkit.Ev("1", model.VehicleTram, 60+i, "Böfingen", "A", 1, time.Duration(i+2)*time.Minute+7*time.Second, 0, model.StatusPredicted))
	}
	odd.Events = append(odd.Events,
		testkit.Ev("N100", model.VehicleBus, 200, "Donautal", "B", 2, 2*time.Minute+40*time.Second, 0, model.StatusPredicted),
		testkit.Ev("7", model.VehicleBus, 201, "Kuhberg", "B", 2, 5*time.Minute+20*time.Second, 30, model.StatusPredicted))
	src.Boards[feeds.Subject{Stop: 1240}] = odd
	oddSpecs := make([]app.BoardSpec, 16)
	for i := range oddSpecs {
		oddSpecs[i] = app.BoardSpec{Stop: 1240}
	}
	oddSpecs[1].Walk = app.WalkTime(time.Minute)
	oddSpecs[2].Walk, oddSpecs[2].Lines = app.WalkTime(10*time.Minute), []string{"7"}
	for _, c := range []gridWakeCase{
		// Boards 2 and 3 walk: they hide their missed departures.
		{name: "rows below the cut", start: testkit.T0, w: 120, h: 40, specs: oddSpecs, src: src},
		{name: "16 boards at 120×40", start: morning, w: 120, h: 40, specs: specsOver(16)},
		{name: "16 boards at night", start: night, w: 120, h: 40, specs: specsOver(16)},
		{name: "walks, filters, per line", start: morning, w: 120, h: 40, specs: mixed, setup: hide},
		{name: "walks, filters, per line, large", start: morning, w: 200, h: 60, specs: mixed, setup: hide},
		{name: "first page at 100×10", start: morning, w: 100, h: 10, specs: mixed, setup: hide},
		{name: "other stops on the next page", start: morning, w: 100, h: 10, specs: paged},
		{name: "other stops on the next page, no answers", start: morning, w: 100, h: 10, specs: paged, frozen: true},
		{name: "walks, filters, per line, no answers", start: morning, w: 120, h: 40, specs: mixed, setup: hide, frozen: true},
		{name: "other stops on the last page", start: morning, w: 100, h: 10, specs: paged, setup: lastPage},
		{name: "last page at 100×10", start: morning, w: 100, h: 10, specs: mixed, setup: func(e *testEnv) { hide(e); lastPage(e) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			wakes := runGridWakes(t, c, 10*time.Minute)
			if c.name == "16 boards at 120×40" && wakes > 90 {
				// Woken for every event of every feed it was 181.
				t.Errorf("%d clock wake-ups in 5 minutes, want at most 90", wakes)
			}
		})
	}
}
