package board

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"abfahrt/tui/internal/app"
)

// lineOf is the line name a board row shows: its first field after the
// cursor and the vehicle mark.
func lineOf(row string) string {
	for _, f := range strings.Fields(row) {
		if r, n := utf8.DecodeRuneInString(f); n == len(f) && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue // "▸", "▮", "●", a reminder's mark
		}
		return f
	}
	return ""
}

// TestBoardShowsHauptbahnhofInTimeOrder: a board fed the Hauptbahnhof
// answer lists its departures soonest first, each with its line,
// direction, platform, countdown and delay; the departure two minutes
// gone is not on it.
func TestBoardShowsHauptbahnhofInTimeOrder(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	v := r.b.View(r.frame())
	if !strings.Contains(v, "Hauptbahnhof") || !strings.Contains(v, "Departures") {
		t.Fatalf("the header names no stop or mode:\n%s", v)
	}
	rows := r.rows()
	want := []struct{ line, dir, plat, due, delay string }{
		{"1", "Söflingen", "B", "now", "+1"},
		{"2", "Science Park II", "B", "now", "+3"},
		{"4", "Böfingen", "D", "2 min", "on time"},
		{"5", "Wissenschaftsstadt", "C", "4 min", "+1"},
		{"1", "Böfingen", "A", "5 min", "-1"},
		{"6", "Wiblingen Alte Siedlung", "E", "~7 min", "planned"},
		{"7", "Kuhberg", "D", "8 min", "+7"},
	}
	if len(rows) < len(want) {
		t.Fatalf("%d rows:\n%s", len(rows), v)
	}
	for i, w := range want {
		row := rows[i]
		if lineOf(row) != w.line || !strings.Contains(row, w.dir) || !slices.Contains(strings.Fields(row), w.plat) ||
			!strings.Contains(row, w.due) || !strings.Contains(row, w.delay) {
			t.Errorf("row %d is %q, want line %s to %s from %s in %s, %s", i, row, w.line, w.dir, w.plat, w.due, w.delay)
		}
	}
	// 22 events, one of them gone two minutes ago: 21 rows, in time order.
	idx := r.b.Rows(r.frame())
	if len(idx) != 21 || len(rows) != 21 {
		t.Fatalf("%d rows (%d on screen), want the 21 not long gone", len(idx), len(rows))
	}
	if slices.Contains(idx, 0) {
		t.Error("the departure two minutes gone is listed")
	}
	if n := strings.Count(v, "Kuhberg Schulzentrum"); n != 1 {
		t.Errorf("Kuhberg Schulzentrum shows %d times; the one long gone must not", n)
	}
	for i, ix := range idx {
		e := &r.b.Data.Events[ix]
		if !strings.Contains(rows[i], e.DirectionText[:min(len(e.DirectionText), 20)]) {
			t.Errorf("screen row %d %q is not event %d (%s)", i, rows[i], ix, e.DirectionText)
		}
		if i > 0 && e.Due().Before(r.b.Data.Events[idx[i-1]].Due()) {
			t.Errorf("row %d (%s) is due before the row above it", i, e.DirectionText)
		}
	}
}

// TestDepartureGoneAMinuteLeaves: a departure leaves the board a minute
// after its time; the next one moves to the top.
func TestDepartureGoneAMinuteLeaves(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	if row := r.rows()[0]; !strings.Contains(row, "Söflingen") {
		t.Fatalf("first row %q", row)
	}
	r.advance(31 * time.Second) // Söflingen left 61 s ago
	rows := r.rows()
	if !strings.Contains(rows[0], "Science Park II") || len(rows) != 20 {
		t.Errorf("31 s later the board starts with %q and has %d rows, want Science Park II and 20", rows[0], len(rows))
	}
}

// TestDelaysAreText: the board and its grid cell say every delay in
// text ("+3", "-1", "on time"/"✓", "planned"/"~"), with no colour in the
// output at all: nothing is said by colour alone.
func TestDelaysAreText(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	if v := r.b.View(r.frame()); strings.Contains(v, "\x1b") {
		t.Fatalf("the test's colour profile leaks escapes:\n%q", v)
	}
	for dir, want := range map[string]string{
		"Science Park II": "+3", "Kuhberg": "+7", "Eselsberg Hasenkopf": "+2",
		"Böfingen Süd": "on time", "Wiblingen": "planned", "Ulm Donautal": "~12 min",
	} {
		if row := r.rowOf(dir); !strings.Contains(row, want) {
			t.Errorf("row of %s lacks %q: %q", dir, want, row)
		}
	}
	early := r.rows()[4]
	if !strings.Contains(early, "Böfingen") || !strings.Contains(early, "-1") {
		t.Errorf("the early tram's row is %q, want -1", early)
	}
	cell := strings.Split(r.b.Cell.draw(r.frame(), r.b, 1, true, 48, 10), "\n")
	for i, want := range map[int]string{1: "+1", 2: "+3", 3: "✓", 6: "~7 min"} {
		if i >= len(cell) || !strings.Contains(cell[i], want) {
			t.Errorf("grid cell line %d lacks %q:\n%s", i, want, strings.Join(cell, "\n"))
		}
	}
}

// TestViewIsCached: rendering twice without a change returns the very
// same string and changes nothing; a new size draws it again.
func TestViewIsCached(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	v1 := r.b.View(r.frame())
	rev, cur := r.b.Revision, r.b.Cursor
	v2 := r.b.View(r.frame())
	if v1 != v2 || unsafe.StringData(v1) != unsafe.StringData(v2) {
		t.Error("a second rendering without a change is not the cached one")
	}
	if r.b.Revision != rev || r.b.Cursor != cur {
		t.Errorf("View changed the board: rev %d→%d, cursor %d→%d", rev, r.b.Revision, cur, r.b.Cursor)
	}
	if lines := strings.Split(v1, "\n"); len(lines) != 24 {
		t.Errorf("the view has %d lines, want its height 24", len(lines))
	}
	r.b.Layout(app.Rect{W: 100, H: 24, Focused: true})
	if v3 := r.b.View(r.frame()); v3 == v1 || !strings.Contains(v3, "VEH") && !strings.Contains(v3, "STATUS") {
		t.Errorf("a wider board is drawn as before:\n%s", v3)
	}
}

// TestClockMovesCountdowns: a minute later every countdown and the
// header's clock say so; a second that turns no countdown redraws no row.
func TestClockMovesCountdowns(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	v1 := r.b.View(r.frame())
	if !strings.Contains(r.rowOf("Pfuhl"), "9 min") || !strings.Contains(v1, "12:34") {
		t.Fatalf("before: %q", r.rowOf("Pfuhl"))
	}
	memo := slices.Clone(r.b.Cache.Rows)
	r.advance(time.Second)
	_ = r.b.View(r.frame())
	same := 0
	for i, m := range r.b.Cache.Rows {
		if m.key.due == memo[i].key.due {
			same++
			if unsafe.StringData(m.line) != unsafe.StringData(memo[i].line) {
				t.Errorf("row %d (%s) drawn again though its countdown stayed", i, m.key.due)
			}
		} else if !strings.Contains(m.line, m.key.due) {
			t.Errorf("row %d shows %q, not its new countdown %q", i, m.line, m.key.due)
		}
	}
	if same == 0 {
		t.Error("every row turned in a second")
	}
	r.advance(time.Minute - time.Second)
	v2 := r.b.View(r.frame())
	if v2 == v1 || !strings.Contains(r.rowOf("Pfuhl"), "8 min") || !strings.Contains(v2, "12:35") {
		t.Errorf("a minute later Pfuhl says %q; header:\n%s", r.rowOf("Pfuhl"), strings.SplitN(v2, "\n", 2)[0])
	}
}
