package board

import (
	"errors"
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// header is the board's title line.
func (r *rig) header() string { return strings.SplitN(r.b.View(r.frame()), "\n", 2)[0] }

// TestStaleAfterTwoIntervals: one failed poll does not make a board stale;
// two intervals without a good answer do: the header says since when, the
// grid cell marks it, and the last rows stay. A good answer ends it.
func TestStaleAfterTwoIntervals(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 100, 30)
	interval := r.sh.Policy.Interval
	r.advance(interval)
	r.src.SetErr(errors.New("cannot reach api.swu.de: connection refused"))
	r.poll(r.b.Refresh())
	if strings.Contains(r.header(), "stale") || r.cellKeyStale() {
		t.Errorf("one failed poll makes the board stale: %q", r.header())
	}
	r.advance(interval + time.Second) // two intervals and a second since the good answer
	if h := r.header(); !strings.Contains(h, "◷ stale since 12:34:56") {
		t.Errorf("after two intervals the header is %q, want it stale since 12:34:56", h)
	}
	if !r.cellKeyStale() {
		t.Error("the cell's cache key does not turn stale")
	}
	if cell := strings.SplitN(r.b.Cell.draw(r.frame(), r.b, 1, false, 60, 6), "\n", 2)[0]; !strings.Contains(cell, "◷ 12:34") {
		t.Errorf("the grid cell's header %q has no stale mark", cell)
	}
	f := r.frame()
	if stale, unknown := BoardsHealth(&f, []*Pane{r.b}); stale != 1 || unknown != 0 {
		t.Errorf("health: %d stale, %d unknown; want 1, 0", stale, unknown)
	}
	if n := len(r.rows()); n != 20 || !strings.Contains(r.rowOf("Pfuhl"), "8 min") {
		t.Errorf("the stale board shows %d rows (want the last answer's 20), Pfuhl %q", n, r.rowOf("Pfuhl"))
	}
	r.src.SetErr(nil)
	r.poll(r.b.Refresh())
	if h := r.header(); strings.Contains(h, "stale") || r.cellKeyStale() {
		t.Errorf("a good answer leaves the board stale: %q", h)
	}
}

// TestFailureBeforeAnyAnswer: a board whose first poll fails is not stale
// (it has nothing to show as old) but says it has no departures yet.
func TestFailureBeforeAnyAnswer(t *testing.T) {
	src := testkit.NewFakeSource()
	src.SetErr(errors.New("connection refused"))
	r := &rig{t: t, src: src, now: testkit.T0}
	r.sh = app.NewShared(app.Options{Source: src, Now: func() time.Time { return r.now }})
	r.b = NewBoard(r.sh.Services, hbf(app.BoardSpec{}))
	r.b.Layout(app.Rect{W: 80, H: 24, Focused: true})
	r.poll(r.b.Show(r.frame()))
	if v := r.b.View(r.frame()); strings.Contains(v, "stale") || !strings.Contains(v, "No departures yet: the service did not answer.") {
		t.Errorf("a board without any answer:\n%s", v)
	}
	f := r.frame()
	if stale, _ := BoardsHealth(&f, []*Pane{r.b}); stale != 1 {
		t.Errorf("health counts %d stale boards, want the failed one", stale)
	}
}

// cellKeyStale reports whether the board's grid cell's cache key says
// its data is stale.
func (r *rig) cellKeyStale() bool {
	return strings.HasSuffix(strings.SplitN(r.b.Cell.Key(r.frame(), r.b, 1, false, 60, 6), "|", 2)[0], ":true")
}
