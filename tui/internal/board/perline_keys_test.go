package board

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// The per-line key, the grouping and the empty line filter's words
// (these tests lived in the root package and reached into its board).

// runPolls runs cmd and the commands it batches, none of them a timer,
// and every poll's tick among them through poll.
func (r *rig) runPolls(cmd tea.Cmd) {
	r.t.Helper()
	testkit.Each(cmd, func(msg tea.Msg) {
		if tick, ok := msg.(feeds.TickMsg); ok {
			r.poll(func() tea.Msg { return tick })
		}
	})
}

// newRigWith is newRig with the fake source's answers changed by setup
// before the first poll.
func newRigWith(t *testing.T, spec app.BoardSpec, w, h int, setup func(*testkit.FakeSource)) *rig {
	t.Helper()
	r := &rig{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	setup(r.src)
	r.sh = app.NewShared(app.Options{Source: r.src, Now: func() time.Time { return r.now }})
	r.sh.ReceiveBase(r.src.Base)
	r.b = NewBoard(r.sh.Services, spec)
	r.b.Layout(app.Rect{W: w, H: h, Focused: true})
	r.poll(r.b.Show(r.frame()))
	return r
}

// view is the board as drawn, plain.
func (r *rig) view() string { return r.b.View(r.frame()) }

// TestPerLineKey: n keeps the next departure of each line and direction,
// then 2, 3 and all again.
func TestPerLineKey(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 28)
	count := strings.Count
	if n := count(r.view(), "Science Park II"); n != 2 {
		t.Fatalf("%d rows to Science Park II before, want 2", n)
	}
	r.key("n")
	v := r.view()
	if n := count(v, "Science Park II"); n != 1 || !strings.Contains(v, "1 per line") {
		t.Errorf("n: %d rows to Science Park II, want 1 and the note:\n%s", n, v)
	}
	// Kuhberg Schulzentrum (line 2) is another direction of line 2: kept.
	if !strings.Contains(v, "Kuhberg Schulzentrum") {
		t.Errorf("n dropped another direction of the line:\n%s", v)
	}
	for range 3 {
		r.key("n")
	}
	if v := r.view(); count(v, "Science Park II") != 2 || strings.Contains(v, "per line") {
		t.Errorf("n cycled back to all, but:\n%s", v)
	}
}

// TestGroupedByDirection: b groups a stop's rows by platform under
// headings that say where they go.
func TestGroupedByDirection(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 38)
	r.key("b")
	v := r.view()
	if !strings.Contains(v, "by direction") || !strings.Contains(v, "Platform A → Böfingen · Kuhberg Schulzentrum") {
		t.Fatalf("no grouped view:\n%s", v)
	}
	rows := r.b.Rows(r.frame())
	last := ""
	done := map[string]bool{}
	for _, i := range rows {
		p := r.b.Data.Events[i].PlatformName
		if p != last {
			if done[p] {
				t.Errorf("platform %s shows in two groups", p)
			}
			done[last] = true
			last = p
		}
	}
	// The cursor walks the rows, not the headings.
	r.key("j")
	if r.b.Cursor != 1 {
		t.Errorf("cursor %d after j, want 1", r.b.Cursor)
	}
	r.key("b")
	if strings.Contains(r.view(), "Platform A →") {
		t.Error("b again left the headings")
	}
}

// A board showing a line that the (wide) answer does not hold says so
// plainly with the number of departures looked at; one whose line is in
// the answer but has no row to show says when it next runs.
func TestLineFilterSaysWhenItNextRuns(t *testing.T) {
	r := newRigWith(t, hbf(app.BoardSpec{}), 120, 38, func(src *testkit.FakeSource) {
		src.Boards[feeds.Subject{Stop: 1008}] = testkit.LongBoard(app.DefaultLimit)
		src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: testkit.LongBoard(app.MaxLimit)}
	})
	r.b.Filters.Lines = []string{"N1"}
	r.b.Refilter(r.frame())
	r.runPolls(r.b.Declare(r.frame()))
	if v := r.view(); !strings.Contains(v, "N1 does not run in the next 100 departures") {
		t.Errorf("the board does not say that N1 is not in the answer:\n%s", v)
	}
	// line 2 runs, but every departure is missed with 30 minutes to walk
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(testkit.T0), Events: []model.Event{
		testkit.Ev("1", model.VehicleTram, 41, "Böfingen", "A", 1, 2*time.Minute, 0, model.StatusPredicted),
		testkit.Ev("2", model.VehicleTram, 42, "Science Park II", "A", 1, 9*time.Minute, 60, model.StatusPredicted),
		testkit.Ev("2", model.VehicleTram, 43, "Science Park II", "A", 1, 19*time.Minute, 0, model.StatusPredicted),
	}}
	r.src.Wide[feeds.Subject{Stop: 1008}] = b
	r.b.Filters.Lines = []string{"2"}
	r.b.Walk, r.b.HideMissed = 30*time.Minute, true
	r.runPolls(r.b.Refresh())
	if len(r.b.Rows(r.frame())) != 0 {
		t.Fatalf("rows left: %v", r.b.Rows(r.frame()))
	}
	if v := r.view(); !strings.Contains(v, "2 from 12:43") {
		t.Errorf("the board does not say when line 2 next runs:\n%s", v)
	}
	r.sh.Texts = ui.TextsFor(catalog.LangGerman)
	r.b.Touch()
	if v := r.view(); !strings.Contains(v, "2 ab 12:43") {
		t.Errorf("German: the board does not say when line 2 next runs:\n%s", v)
	}
}
