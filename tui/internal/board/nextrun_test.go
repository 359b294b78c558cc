package board

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// TestEmptyLineFilterNamesNoMissedRun: a board of line 2 with a walking
// time of 30 min, the missed rows hidden (the default), has no row: every 2 in the
// answer leaves before one could walk there. Its empty text says when the
// line runs and that it is missed, never offering a missed run as one to
// catch.
func TestEmptyLineFilterNamesNoMissedRun(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Lines: []string{"2"}, Walk: app.WalkTime(30 * time.Minute)}), 100, 20)
	if n := len(r.b.Rows(r.frame())); n != 0 {
		t.Fatalf("%d rows, want none catchable", n)
	}
	for _, s := range []string{r.b.EmptyText(r.frame()), r.b.Cell.empty(r.frame(), r.b)} {
		if !strings.Contains(s, "2 from 12:35 · missed") {
			t.Errorf("the empty board says %q, want the first run of 2 marked missed", s)
		}
	}
}

// TestSpecRoundTrip: a board keeps the filters, walking time and per-line
// limit of its spec, and gives them back as its spec (what the grid saves);
// a stop point's board names only its stop point.
func TestSpecRoundTrip(t *testing.T) {
	for _, s := range []app.BoardSpec{
		{Stop: 1008, Arrivals: true, Lines: []string{"2", "N1"}, Platform: "B", Direction: "kuh",
			Walk: app.WalkTime(4 * time.Minute), PerLine: 2},
		{StopPoint: model.CodeFor(1008, 3)},
	} {
		sh := app.NewShared(app.Options{Now: func() time.Time { return time.Time{} }})
		if got := NewBoard(sh.Services, s).Spec(); !reflect.DeepEqual(got, s) {
			t.Errorf("spec %+v comes back as %+v", s, got)
		}
	}
}
