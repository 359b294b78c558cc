package board

import (
	"slices"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// limits are the Limits the board's stop departures requests asked for.
func (r *rig) limits() []int {
	r.src.Mu.Lock()
	defer r.src.Mu.Unlock()
	return slices.Clone(r.src.Limits)
}

// TestFiltersShowOnlyTheirRows: a line, a direction or a platform filter
// keeps only the rows that match it, and the header says which filter is
// on.
func TestFiltersShowOnlyTheirRows(t *testing.T) {
	cases := []struct {
		name   string
		spec   app.BoardSpec
		header string
		n      int
		match  func(row string) bool
	}{
		{"line", app.BoardSpec{Lines: []string{"2"}}, "line 2 only", 3,
			func(row string) bool { return lineOf(row) == "2" }},
		{"lines", app.BoardSpec{Lines: []string{"1", "N1"}}, "line 1,N1 only", 4,
			func(row string) bool { return lineOf(row) == "1" || lineOf(row) == "N1" }},
		{"direction", app.BoardSpec{Direction: "böf"}, "→böf", 3,
			func(row string) bool { return strings.Contains(row, "Böfingen") }},
		{"platform", app.BoardSpec{Platform: "D"}, "platform D", 4,
			func(row string) bool { return slices.Contains(strings.Fields(row), "D") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t, hbf(c.spec), 100, 30)
			v := r.b.View(r.frame())
			if head := strings.SplitN(v, "\n", 2)[0]; !strings.Contains(head, c.header) {
				t.Errorf("header %q lacks %q", head, c.header)
			}
			rows := r.rows()
			if len(rows) != c.n {
				t.Errorf("%d rows, want %d:\n%s", len(rows), c.n, v)
			}
			for _, row := range rows {
				if !c.match(row) {
					t.Errorf("row %q passes the %s filter", row, c.name)
				}
			}
		})
	}
}

// TestFilteredBoardAsksForMore: a filtered board declares MaxLimit as its
// demand and its first request asks the service for that many, so it still
// fills its rows; an unfiltered board asks for the rows it has (20 on a
// board of 22 lines, the shared limit).
func TestFilteredBoardAsksForMore(t *testing.T) {
	plain := newRig(t, hbf(app.BoardSpec{}), 80, 22)
	if d := plain.b.Demand(plain.frame()); d != app.DefaultLimit || plain.sh.Limit != app.DefaultLimit {
		t.Errorf("an unfiltered board wants %d, want the shared limit %d", d, plain.sh.Limit)
	}
	if got := plain.limits(); !slices.Equal(got, []int{app.DefaultLimit}) {
		t.Errorf("an unfiltered board asked for %v", got)
	}
	for _, spec := range []app.BoardSpec{{Lines: []string{"2"}}, {Direction: "böf"}, {Platform: "D"}} {
		r := newRig(t, hbf(spec), 80, 24)
		if d := r.b.Demand(r.frame()); d != app.MaxLimit {
			t.Errorf("%+v: demand %d, want MaxLimit", spec, d)
		}
		if w := r.b.Feed.Want(); w != app.MaxLimit {
			t.Errorf("%+v: the feed wants %d, want MaxLimit", spec, w)
		}
		if got := r.limits(); !slices.Equal(got, []int{app.MaxLimit}) {
			t.Errorf("%+v: asked the service for %v, want [%d]", spec, got, app.MaxLimit)
		}
	}
}

// TestLineKeyRaisesDemandAndEscLowersIt: l on an unfiltered board filters
// the first line and asks the service at once for MaxLimit; esc shows
// every line again and wants the rows it has (20 of 22 lines, the shared
// limit), without a new request.
func TestLineKeyRaisesDemandAndEscLowersIt(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 22)
	cmd := r.key("l")
	if !slices.Equal(r.b.Filters.Lines, []string{"1"}) {
		t.Fatalf("l filters %v, want the first line 1", r.b.Filters.Lines)
	}
	r.poll(cmd)
	if got := r.limits(); !slices.Equal(got, []int{app.DefaultLimit, app.MaxLimit}) {
		t.Errorf("requests asked for %v, want the shared limit then MaxLimit", got)
	}
	for _, row := range r.rows() {
		if lineOf(row) != "1" {
			t.Errorf("row %q on the board of line 1", row)
		}
	}
	if r.key("l"); !slices.Equal(r.b.Filters.Lines, []string{"2"}) {
		t.Errorf("a second l filters %v, want line 2", r.b.Filters.Lines)
	}
	if cmd := r.key("esc"); cmd != nil {
		t.Error("clearing the filters asks the service again")
	}
	if r.b.Filters.Active() || r.b.Demand(r.frame()) != app.DefaultLimit || r.b.Feed.Want() != app.DefaultLimit {
		t.Errorf("after esc: filters %+v, demand %d", r.b.Filters, r.b.Demand(r.frame()))
	}
	if n := len(r.rows()); n != 20 {
		// The last answer asked for MaxLimit: an unfiltered board shows
		// the shared limit of it.
		t.Errorf("%d rows after esc, want the shared limit 20", n)
	}
}

// TestDirectionKeyCyclesDirections: d steps through the directions the
// answer holds, alphabetically, and after the last shows all again.
func TestDirectionKeyCyclesDirections(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Lines: []string{"2"}}), 80, 24)
	var seen []string
	for range 3 {
		r.key("d")
		seen = append(seen, r.b.Filters.Direction)
	}
	if want := []string{"Kuhberg Schulzentrum", "Science Park II", ""}; !slices.Equal(seen, want) {
		t.Errorf("d cycles %q, want %q", seen, want)
	}
}

// TestWideAnswerFillsAFilteredBoard: a filtered board fed the wide answer
// it asked for shows as many rows as an unfiltered board, no more: 20 on
// a board of 22 lines.
func TestWideAnswerFillsAFilteredBoard(t *testing.T) {
	src := testkit.NewFakeSource()
	var evs []model.Event
	for i := range 60 {
		line := []string{"2", "4"}[i%2]
		evs = append(evs, testkit.Ev(line, model.VehicleTram, 300+i, "Kuhberg", "A", 1, time.Duration(i+1)*time.Minute, 0, model.StatusPredicted))
	}
	src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: {StopNumber: 1008, StopName: "Hauptbahnhof", Events: evs, Timestamp: model.At(testkit.T0)}}
	sh := app.NewShared(app.Options{Source: src, Now: func() time.Time { return testkit.T0 }})
	r := &rig{t: t, src: src, sh: sh, now: testkit.T0, b: NewBoard(sh.Services, hbf(app.BoardSpec{Lines: []string{"2"}}))}
	r.b.Layout(app.Rect{W: 80, H: 22, Focused: true})
	r.poll(r.b.Show(r.frame()))
	if n := len(r.b.Rows(r.frame())); n != app.DefaultLimit {
		t.Errorf("the filtered board shows %d of the 30 rows of line 2, want %d", n, app.DefaultLimit)
	}
	if n := len(r.rows()); n != app.DefaultLimit {
		t.Errorf("%d rows on screen, want %d", n, app.DefaultLimit)
	}
}

// TestEmptyFilterSaysWhy: a filter that keeps no row says so, from the
// answer it has: a line not in it, or nothing matching in it.
func TestEmptyFilterSaysWhy(t *testing.T) {
	for _, c := range []struct {
		spec app.BoardSpec
		want string
	}{
		{app.BoardSpec{Lines: []string{"99"}}, "99 does not run in the next 22 departures"},
		{app.BoardSpec{Direction: "Nirgendwo"}, "nothing matches in the next 22 departures"},
	} {
		r := newRig(t, hbf(c.spec), 80, 24)
		if v := r.b.View(r.frame()); !strings.Contains(v, c.want) {
			t.Errorf("%+v: the board does not say %q:\n%s", c.spec, c.want, v)
		}
		if s := r.b.Cell.empty(r.frame(), r.b); s != c.want {
			t.Errorf("%+v: the grid cell says %q, want %q", c.spec, s, c.want)
		}
	}
}
