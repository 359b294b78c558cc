package tui

import (
	"strings"
	"testing"
	"time"
	"unsafe"
)

// TestRowsRedrawnOnlyWhenTheirTextChanges: a new second redraws the clock,
// not the rows: a row is drawn again only when what it shows changed (its
// countdown turned a minute), and then it shows the new countdown.
func TestRowsRedrawnOnlyWhenTheirTextChanges(t *testing.T) {
	e := newEnv(t, 160, 48, true)
	_ = e.m.View()
	rows := e.m.Board().Cache.Rows
	if len(rows) < 10 {
		t.Fatalf("%d rows cached", len(rows))
	}
	before := make([]*byte, len(rows))
	dues := make([]string, len(rows))
	for i, r := range rows {
		before[i], dues[i] = unsafe.StringData(r.Line), r.Key.Due
	}
	e.advance(time.Second)
	v := e.m.View()
	if !strings.Contains(v, e.now.Format("15:04")) {
		t.Fatalf("the header shows no clock:\n%s", v)
	}
	same, turned := 0, 0
	for i, r := range e.m.Board().Cache.Rows {
		switch {
		case r.Key.Due == dues[i] && unsafe.StringData(r.Line) != before[i]:
			t.Errorf("row %d (%q) drawn again although its text did not change", i, r.Key.Due)
		case r.Key.Due == dues[i]:
			same++
		default:
			turned++
			if !strings.Contains(r.Line, r.Key.Due) {
				t.Errorf("row %d shows %q, not its new countdown %q", i, r.Line, r.Key.Due)
			}
		}
	}
	if same == 0 {
		t.Errorf("no row kept its rendering over a second (%d turned)", turned)
	}
}

// TestCachedRowsFollowTheLeaveTime: with a walking time, a cached row's
// leave-by text moves with the clock too.
func TestCachedRowsFollowTheLeaveTime(t *testing.T) {
	e := newWalkEnv(t, 120, 30, 4*time.Minute)
	if r := rowOf(t, e.m.View(), "Pfuhl"); !strings.Contains(r, "» in 5 min") {
		t.Fatalf("row of Pfuhl: %q", r)
	}
	e.advance(time.Minute)
	if r := rowOf(t, e.m.View(), "Pfuhl"); !strings.Contains(r, "» in 4 min") {
		t.Errorf("a minute later the row of Pfuhl says %q, want » in 4 min", r)
	}
}
