package feeds

import (
	"reflect"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The one demand rule: a board feed held by two views (a grid board at 20
// rows and the same stop filtered to one line, which wants 100) asks the
// service for the larger demand; a rise while a request is in flight asks
// once more when its answer comes, with one request, not two at once; the
// last release ends the poll, and its stale tick and answer are dropped.
func TestDemandIsTheLargestOfTheHolders(t *testing.T) {
	r := newRig(t)
	grid, filtered := NewHolder(), NewHolder()
	s := Subject{Stop: 1008}
	e, first := r.sh.Reg.Acquire(s, grid, 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))

	// The next tick is in flight when the filtered view comes.
	r.now = t0.Add(interval)
	inFlight := r.start(TickMsg{Key: e.Key, Gen: e.Poll.Gen})
	if e2, cmd := r.sh.Reg.Acquire(s, filtered, 100); e2 != e || cmd != nil {
		t.Fatalf("a second holder got its own feed (%v) or a request while one is in flight (%v)", e2 != e, cmd != nil)
	}
	if w := e.Want(); w != 100 {
		t.Errorf("the feed wants %d events, the larger demand is 100", w)
	}
	if cmd := r.start(TickMsg{Key: e.Key, Gen: e.Poll.Gen}); cmd != nil {
		t.Error("a tick while a request is in flight starts a second one")
	}
	again := r.receive(r.fetch(inFlight))
	if got := r.src.requests(); !slices.Equal(got, []int{20, 20}) {
		t.Fatalf("requests asked for %v, want [20 20]", got)
	}
	if e.Got != 20 {
		t.Errorf("the data is of a request for %d events, want 20", e.Got)
	}
	tick, ok := r.run(again).(TickMsg)
	if !ok || !tick.Fresh {
		t.Fatalf("the answer to the smaller request does not ask once more at once: %#v", tick)
	}
	r.receive(r.fetch(r.start(tick)))
	if got := r.src.requests(); !slices.Equal(got, []int{20, 20, 100}) {
		t.Fatalf("requests asked for %v, want [20 20 100]", got)
	}
	if e.Got != 100 {
		t.Errorf("the data is of a request for %d events, want 100", e.Got)
	}

	// A fall, or a demand the last request covered, asks nothing.
	if cmd := e.Demand(grid, 100); cmd != nil {
		t.Error("a demand the last request covered polls again")
	}
	if cmd := e.Demand(filtered, 20); cmd != nil {
		t.Error("a fall of the demand polls")
	}
	e.Demand(grid, 20)
	if w := e.Want(); w != 20 {
		t.Errorf("the feed wants %d after the fall, want 20", w)
	}

	// The last release ends the poll: the request in flight is cancelled,
	// and its tick and answer belong to no feed any more.
	r.now = t0.Add(2 * interval)
	tick = TickMsg{Key: e.Key, Gen: e.Poll.Gen}
	last := r.start(tick)
	r.sh.Reg.Release(e, grid)
	if len(r.sh.Reg.Entries) != 1 {
		t.Fatal("the first release ends the feed another view still shows")
	}
	r.sh.Reg.Release(e, filtered)
	if len(r.sh.Reg.Entries) != 0 {
		t.Error("the last release leaves the feed in the registry")
	}
	ans := r.fetch(last)
	r.src.mu.Lock()
	ctx := r.src.ctxs[len(r.src.ctxs)-1]
	r.src.mu.Unlock()
	if ctx.Err() == nil {
		t.Error("the request in flight of a released feed is not cancelled")
	}
	if _, _, ok := r.sh.Reg.Tick(r.sh, tick); ok {
		t.Error("a tick of a released feed is taken")
	}
	if _, _, ok := r.sh.Reg.Receive(r.sh, ans); ok {
		t.Error("the answer of a released feed is taken")
	}
}

// A rise while no request is in flight polls at once, fresh (past the
// client's cache): a view that now wants more rows does not wait an
// interval for them.
func TestDemandRiseAsksAtOnce(t *testing.T) {
	r := newRig(t)
	a, b := NewHolder(), NewHolder()
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1350}, a, 20)
	r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	_, cmd := r.sh.Reg.Acquire(Subject{Stop: 1350}, b, 20)
	if cmd != nil {
		t.Error("a second holder with the same demand polls again")
	}
	cmd = e.Demand(b, 100)
	if cmd == nil {
		t.Fatal("a rise of the demand does not poll")
	}
	tick := r.run(cmd).(TickMsg)
	if !tick.Fresh {
		t.Error("the rise's poll may be answered from the client's cache")
	}
	r.receive(r.fetch(r.start(tick)))
	if got := r.src.requests(); !slices.Equal(got, []int{20, 100}) {
		t.Errorf("requests asked for %v, want [20 100]", got)
	}
	if e.Got != 100 || len(e.Data.Board.Events) == 0 {
		t.Errorf("the data is of a request for %d events, want 100", e.Got)
	}
}

// A stop shown by three views (the grid, the pin strip and the kiosk's
// board) is one feed: one request a tick, however many views forward it.
func TestOneSubjectIsPolledOnce(t *testing.T) {
	r := newRig(t)
	s := Subject{Stop: 1350}
	e, first := r.sh.Reg.Acquire(s, NewHolder(), 20)
	if first == nil {
		t.Fatal("a new feed does not poll")
	}
	for range 2 {
		e2, cmd := r.sh.Reg.Acquire(s, NewHolder(), 20)
		if e2 != e || cmd != nil {
			t.Fatalf("another view of the stop got a feed of its own (%v) or a poll of its own (%v)", e2 != e, cmd != nil)
		}
	}
	if n := len(r.sh.Reg.Entries); n != 1 {
		t.Fatalf("%d feeds for one stop", n)
	}
	for i := range 3 {
		at := t0.Add(time.Duration(i) * interval)
		r.now, r.sh.Local = at, at
		tick := TickMsg{Key: e.Key, Gen: e.Poll.Gen}
		if i == 0 {
			tick = r.run(first).(TickMsg)
		}
		cmd := r.start(tick)
		for range 2 { // the same tick, delivered again
			if again := r.start(tick); again != nil {
				t.Fatalf("tick %d: a repeated tick starts a second request", i)
			}
		}
		r.receive(r.fetch(cmd))
	}
	if got := r.src.requests(); len(got) != 3 {
		t.Errorf("%d requests in 3 ticks for a stop shown thrice, want 3", len(got))
	}
	// Another stop is another feed.
	if _, cmd := r.sh.Reg.Acquire(Subject{Stop: 1008}, NewHolder(), 20); cmd == nil {
		t.Error("another stop does not poll")
	}
}

// A listener (the fleet's NEXT column) gets every good answer of its key
// as it comes in, none of another key and no failure; the command it
// returns runs alongside the answer's own.
func TestListenerGetsEachGoodAnswer(t *testing.T) {
	r := newRig(t)
	a := NewHolder()
	e, first := r.sh.Reg.Acquire(Subject{Stop: 1008}, a, 20)
	other, _ := r.sh.Reg.Acquire(Subject{Stop: 1350}, a, 20)
	var got []time.Time
	type marked struct{}
	mark := func() tea.Msg { return marked{} }
	r.sh.Reg.Listen(e.Key, func(d Data) tea.Cmd {
		got = append(got, d.Board.Timestamp.Time)
		return mark
	})
	r.sh.Reg.Listen(other.Key, func(Data) tea.Cmd {
		t.Error("a listener hears another key's answer")
		return nil
	})

	r.now = t0
	cmd := r.receive(r.fetch(r.start(r.run(first).(TickMsg))))
	msg := r.run(cmd)
	batch, ok := msg.(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("the answer's command gives %T, want a batch of its tick and the listener's", msg)
	}
	joined := false
	for _, c := range batch {
		if reflect.ValueOf(c).Pointer() == reflect.ValueOf(mark).Pointer() {
			joined = true
		}
	}
	if !joined {
		t.Error("the listener's command is not among the answer's")
	}

	r.src.err = errFailing
	r.poll(e, t0.Add(interval))
	r.src.err, r.src.ts = nil, t0.Add(2*interval)
	r.poll(e, t0.Add(2*interval))
	if want := []time.Time{t0, t0.Add(2 * interval)}; !slices.EqualFunc(got, want, time.Time.Equal) {
		t.Errorf("the listener heard %v, want the two good answers %v", got, want)
	}
}
