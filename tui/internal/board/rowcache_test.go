package board

import (
	"strings"
	"testing"
	"time"
	"unsafe"

	"abfahrt/tui/internal/app"
)

// TestRowsRedrawnOnlyWhenTheirTextChanges: a new second redraws the clock,
// not the rows: a row is drawn again only when what it shows changed (its
// countdown turned a minute), and then it shows the new countdown. (It
// lived in the root package and reached into the focused board.)
func TestRowsRedrawnOnlyWhenTheirTextChanges(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 160, 46)
	_ = r.b.View(r.frame())
	rows := r.b.Cache.Rows
	if len(rows) < 10 {
		t.Fatalf("%d rows cached", len(rows))
	}
	before := make([]*byte, len(rows))
	dues := make([]string, len(rows))
	for i, c := range rows {
		before[i], dues[i] = unsafe.StringData(c.line), c.key.due
	}
	r.advance(time.Second)
	v := r.b.View(r.frame())
	if !strings.Contains(v, r.now.Format("15:04")) {
		t.Fatalf("the title shows no clock:\n%s", v)
	}
	same, turned := 0, 0
	for i, c := range r.b.Cache.Rows {
		switch {
		case c.key.due == dues[i] && unsafe.StringData(c.line) != before[i]:
			t.Errorf("row %d (%q) drawn again although its text did not change", i, c.key.due)
		case c.key.due == dues[i]:
			same++
		default:
			turned++
			if !strings.Contains(c.line, c.key.due) {
				t.Errorf("row %d shows %q, not its new countdown %q", i, c.line, c.key.due)
			}
		}
	}
	if same == 0 {
		t.Errorf("no row kept its rendering over a second (%d turned)", turned)
	}
}
