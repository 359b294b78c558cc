package grid

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// rig is the grid package's small driver: the shared state over the fake
// source, a Dispatch, and a loop that runs the start commands and hands
// the answers to the registry and the boards, as the root does. It never
// runs a timer command (the next poll's tick): every poll is asked for.
type rig struct {
	t      testing.TB
	src    *testkit.FakeSource
	now    time.Time
	sh     *app.Shared
	d      Dispatch
	loaded []BoardsMsg // boards.json as read at start (the root restores it)
	other  []tea.Msg   // messages the driver does not handle
}

// rigStops are the stops of the grid tests besides Hauptbahnhof and
// Ehinger Tor: each a copy of the Hauptbahnhof board, later by some
// minutes and one minute later per stop.
var rigStops = []struct {
	n     int
	name  string
	shift time.Duration
}{{1240, "Theater", 2 * time.Minute}, {1010, "Rathaus Ulm", 3 * time.Minute}}

// newFake returns the fake source with the test stops: Hauptbahnhof,
// Ehinger Tor, Theater and Rathaus Ulm, in its boards and base data.
func newFake() *testkit.FakeSource {
	src := testkit.NewFakeSource()
	for _, s := range rigStops {
		b := testkit.MovedBoard(testkit.HbfBoard(false), s.n, s.name, s.shift, 0, s.n)
		src.Boards[feeds.Subject{Stop: s.n}] = b
		src.Base.Stops = append(src.Base.Stops, model.Stop{StopNumber: s.n, StopName: s.name})
	}
	return src
}

// newRig returns a rig over newFake with the boards of specs (o changed
// by opt), base data loaded and every start command run: the first polls
// answered.
func newRig(t testing.TB, specs []app.BoardSpec, opt func(*app.Options)) *rig {
	t.Helper()
	return newRigOn(t, newFake(), specs, opt)
}

// newRigOn is newRig over the fake src, its boards and errors as set.
func newRigOn(t testing.TB, src *testkit.FakeSource, specs []app.BoardSpec, opt func(*app.Options)) *rig {
	t.Helper()
	r := &rig{t: t, src: src, now: testkit.T0}
	o := app.Options{Source: src, Now: func() time.Time { return r.now }, Boards: specs}
	if opt != nil {
		opt(&o)
	}
	r.sh = app.NewShared(o)
	r.sh.ReceiveBase(src.Base)
	r.d = NewDispatch(r.sh.Services, o, r.frame())
	r.run(r.d.Init())
	return r
}

// run runs cmd and every command its messages lead to, except timers.
func (r *rig) run(cmd tea.Cmd) {
	r.t.Helper()
	if cmd == nil {
		return
	}
	r.handle(cmd())
}

// handle takes one message as the root would.
func (r *rig) handle(msg tea.Msg) {
	r.t.Helper()
	d, sh := &r.d, r.sh
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			r.run(c)
		}
	case feeds.TickMsg:
		if f, cmd, ok := sh.Reg.Tick(sh.State, msg); ok {
			d.Grid.TouchFeed(f)
			r.run(cmd) // the request: no timer
		}
	case feeds.AnswerMsg:
		// The answer's command arms the next poll's timer: not run.
		if f, _, ok := sh.Reg.Receive(sh.State, msg); ok {
			d.Grid.Fed(f, r.frame())
		}
	case PinsMsg:
		cmd, n := d.Pins.Loaded(sh.DispatchTexts, msg)
		app.AddNotice(sh, n)
		r.run(cmd)
	case PinsSavedMsg:
		r.run(d.Pins.Saved(msg))
	case BoardsMsg:
		r.loaded = append(r.loaded, msg)
	case BoardsSavedMsg:
		r.run(d.Boards.Written(msg))
	default:
		r.other = append(r.other, msg)
	}
}

// poll runs one full poll of every feed the registry holds.
func (r *rig) poll() {
	r.t.Helper()
	for _, f := range r.feeds() {
		r.pollFeed(f)
	}
}

// pollFeed runs one full poll of feed f.
func (r *rig) pollFeed(f *feeds.Entry) {
	r.t.Helper()
	r.handle(feeds.TickMsg{Key: f.Key, Gen: f.Poll.Gen})
}

// feeds returns the registry's feeds.
func (r *rig) feeds() []*feeds.Entry {
	out := make([]*feeds.Entry, 0, len(r.sh.Reg.Entries))
	for _, f := range r.sh.Reg.Entries {
		out = append(out, f)
	}
	return out
}

// tick moves both clocks to t, as the root's clock message does.
func (r *rig) tick(t time.Time) {
	r.now = t
	r.run(r.sh.Tick(t))
}

// view sizes the board side w×h (with the focus) and renders it.
func (r *rig) view(w, h int) string {
	r.d.Layout(app.Rect{W: w, H: h, Focused: true})
	return r.d.View(r.frame())
}

// calls counts the fake's requests per subject.
func (r *rig) calls() map[feeds.Subject]int {
	r.src.Mu.Lock()
	defer r.src.Mu.Unlock()
	n := map[feeds.Subject]int{}
	for _, s := range r.src.Calls {
		n[s]++
	}
	return n
}

// stopsOver returns n board specs cycling over the four test stops.
func stopsOver(n int) []app.BoardSpec {
	stops := []int{1008, 1350, 1240, 1010}
	out := make([]app.BoardSpec, n)
	for i := range out {
		out[i] = app.BoardSpec{Stop: stops[i%len(stops)]}
	}
	return out
}

// stopName is the name of a test stop.
var stopName = map[int]string{1008: "Hauptbahnhof", 1350: "Ehinger Tor", 1240: "Theater", 1010: "Rathaus Ulm"}

// plainLines returns the lines of v without styles.
func plainLines(v string) []string { return strings.Split(ansi.Strip(v), "\n") }

// checkFits fails unless v is exactly h lines, none wider than w.
func checkFits(t testing.TB, what string, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Errorf("%s %dx%d: %d lines, want %d", what, w, h, len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%s %dx%d: line %d is %d wide: %q", what, w, h, i, n, ansi.Strip(l))
		}
	}
}
