package board

import (
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
)

// A walking time on the board: the leave column and its keys (these
// tests lived in the root package and reached into its board).

// rowWith returns the view's line that holds want, or fails.
func rowWith(t *testing.T, v, want string) string {
	t.Helper()
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, want) {
			return l
		}
	}
	t.Fatalf("no row with %q in\n%s", want, v)
	return ""
}

// TestWalkRows: every row says when to leave, with its band as text and
// mark (the missed ones once H shows them); without a walking time the
// board has no leave column.
func TestWalkRows(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Walk: app.WalkTime(4 * time.Minute)}), 120, 28)
	r.key("H")
	v := r.view()
	if !strings.Contains(v, "walk 4 min") || !strings.Contains(v, "LEAVE") {
		t.Fatalf("header lacks the walking time or the leave column:\n%s", v)
	}
	for dir, want := range map[string]string{
		"Wissenschaftsstadt":      "! go now",   // due in 4 min, +1: leave now
		"Wiblingen Alte Siedlung": "» in 3 min", // planned in 7 min
		"Söflingen":               "✗ missed",   // leaving now
		"Pfuhl":                   "» in 5 min",
	} {
		if row := rowWith(t, v, dir); !strings.Contains(row, want) {
			t.Errorf("row of %s lacks %q: %q", dir, want, row)
		}
	}
	plain := newRig(t, hbf(app.BoardSpec{}), 120, 28).view()
	if strings.Contains(plain, "LEAVE") || strings.Contains(plain, "missed") {
		t.Errorf("a board without a walking time shows a leave column:\n%s", plain)
	}
}

// TestWalkKeysShowAndHideMissed: + and - change the board's walking time
// by a minute; H shows the missed rows (hidden by default) and hides
// them again, also those that become missed as time passes.
func TestWalkKeysShowAndHideMissed(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Walk: app.WalkTime(4 * time.Minute)}), 120, 28)
	r.key("H")
	r.key("+")
	v := r.view()
	if !strings.Contains(v, "walk 5 min") || !strings.Contains(rowWith(t, v, "Wissenschaftsstadt"), "✗ missed") {
		t.Errorf("after +, want walk 5 min and Wissenschaftsstadt missed:\n%s", v)
	}
	r.key("-")
	r.key("-")
	v = r.view()
	if !strings.Contains(v, "walk 3 min") || !strings.Contains(rowWith(t, v, "Wissenschaftsstadt"), "» in 1 min") {
		t.Errorf("after - -, want walk 3 min and Wissenschaftsstadt in 1 min:\n%s", v)
	}
	before := len(r.b.Rows(r.frame()))
	r.key("H")
	v = r.view()
	if strings.Contains(v, "✗") || !strings.Contains(v, "missed hidden") {
		t.Errorf("H left missed rows or no note:\n%s", v)
	}
	if after := len(r.b.Rows(r.frame())); after >= before {
		t.Errorf("H: %d rows, want fewer than %d", after, before)
	}
	// Time passes: the rows that become missed go too.
	r.advance(3 * time.Minute)
	if v := r.view(); strings.Contains(v, "Wissenschaftsstadt") && strings.Contains(rowWith(t, v, "Wissenschaftsstadt"), "✗") {
		t.Errorf("a row missed after time passed still shows:\n%s", v)
	}
	r.key("H")
	if v := r.view(); !strings.Contains(v, "✗ missed") {
		t.Errorf("H again did not show the missed rows:\n%s", v)
	}
	for range 10 {
		r.key("-")
	}
	if r.b.Walk != 0 || strings.Contains(r.view(), "LEAVE") {
		t.Errorf("walk down to 0 leaves walk %v", r.b.Walk)
	}
}
