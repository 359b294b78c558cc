package board

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// TestPerLineKeepsTheNextOfEachLine: per_line 1 keeps the next departure
// of each line and direction; a departure long gone takes no place.
func TestPerLineKeepsTheNextOfEachLine(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{PerLine: 1}), 100, 30)
	v := r.b.View(r.frame())
	if head := strings.SplitN(v, "\n", 2)[0]; !strings.Contains(head, "1 per line") {
		t.Errorf("header %q does not say the per-line limit", head)
	}
	seen := map[LineDir]bool{}
	for _, ix := range r.b.Rows(r.frame()) {
		e := &r.b.Data.Events[ix]
		k := LineDir{e.Line(), e.DirectionText}
		if seen[k] {
			t.Errorf("line %s to %s shows twice", k.Line, k.Dir)
		}
		seen[k] = true
	}
	// 21 rows less the later Söflingen, Science Park II and Wissenschaftsstadt.
	if n := len(r.rows()); n != 18 {
		t.Errorf("%d rows, want 18:\n%s", n, v)
	}
	if row := r.rowOf("Kuhberg Schulzentrum"); !strings.Contains(row, "11 min") {
		t.Errorf("the 2 to Kuhberg Schulzentrum in 11 min lost its place to the one gone: %q", row)
	}
	if row := r.rowOf("Söflingen"); !strings.Contains(row, "now") || strings.Contains(v, "17 min") {
		t.Errorf("the next 1 to Söflingen is %q; the later one must not show", row)
	}
}

// TestPerLineKeyCycles: n steps the per-line limit 1, 2, 3, all, and the
// status bar says each step.
func TestPerLineKeyCycles(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 100, 30)
	want := []struct {
		rows   int
		notice string
	}{{18, "1"}, {21, "2"}, {21, "3"}, {21, ""}}
	for i, w := range want {
		r.key("n")
		if n := len(r.rows()); n != w.rows {
			t.Errorf("step %d: %d rows, want %d", i+1, n, w.rows)
		}
		if r.sh.Notice == "" || w.notice != "" && !strings.Contains(r.sh.Notice, w.notice) {
			t.Errorf("step %d: notice %q", i+1, r.sh.Notice)
		}
	}
	if r.b.Spec().PerLine != 0 {
		t.Errorf("after a whole cycle the board keeps per_line %d", r.b.Spec().PerLine)
	}
}

// TestGroupedByPlatform: b groups a whole stop's rows under a heading per
// platform, A to G, in time order within each.
func TestGroupedByPlatform(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 100, 40)
	r.key("b")
	plat := ""
	heads := ""
	for _, l := range r.rows() {
		if strings.HasPrefix(l, " Platform ") {
			plat = strings.Fields(l)[1]
			heads += plat
			continue
		}
		if !strings.Contains(l, "  "+plat+"  ") {
			t.Errorf("row %q under the heading of platform %s", l, plat)
		}
	}
	if heads != "ABCDEFG" {
		t.Errorf("headings %q, want one per platform A to G", heads)
	}
	if row := r.rows()[0]; !strings.Contains(row, "Platform A → Böfingen · Kuhberg Schulzentrum") {
		t.Errorf("first heading %q does not name platform A's directions", row)
	}
}

// TestWalkLeaveColumn: with a walking time every row says when to leave,
// in text and mark: a departure that cannot be reached on foot any more is
// marked missed (once H shows the missed ones, hidden by default), one
// to leave for within the minute "go now".
func TestWalkLeaveColumn(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Walk: app.WalkTime(4 * time.Minute)}), 120, 30)
	r.key("H")
	v := r.b.View(r.frame())
	if !strings.Contains(v, "walk 4 min") || !strings.Contains(v, "LEAVE") {
		t.Fatalf("no walking time or leave column:\n%s", v)
	}
	for dir, want := range map[string]string{
		"Söflingen":          "✗ missed",
		"Science Park II":    "✗ missed",
		"Böfingen":           "✗ missed", // the 4 in 2 min
		"Wissenschaftsstadt": "! go now",
		"Wiblingen":          "» in 3 min",
		"Pfuhl":              "» in 5 min",
	} {
		if row := r.rowOf(dir); !strings.Contains(row, want) {
			t.Errorf("row of %s lacks %q: %q", dir, want, row)
		}
	}
	if cell := r.b.Cell.draw(r.frame(), r.b, 1, false, 60, 4); !strings.Contains(cell, "✗ missed") {
		t.Errorf("the grid cell has no leave column:\n%s", cell)
	}
	r.advance(time.Minute)
	if row := r.rowOf("Wissenschaftsstadt"); !strings.Contains(row, "✗ missed") {
		t.Errorf("a minute later Wissenschaftsstadt says %q, want missed", row)
	}
	plain := newRig(t, hbf(app.BoardSpec{}), 120, 30)
	if v := plain.b.View(plain.frame()); strings.Contains(v, "LEAVE") || strings.Contains(v, "missed") {
		t.Errorf("a board without a walking time has a leave column:\n%s", v)
	}
}

// TestWalkKeys: + and - change the walking time by a minute (never below
// zero, where the leave column goes); the missed rows are hidden, the
// header says how many, H shows them and hides them again.
func TestWalkKeys(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{Walk: app.WalkTime(4 * time.Minute)}), 120, 30)
	r.key("+")
	v := r.b.View(r.frame())
	if !strings.Contains(v, "walk 5 min · 4 missed hidden") || len(r.rows()) != 17 {
		t.Errorf("+ does not make it 5 min with 4 missed hidden (%d rows, want 17 catchable ones):\n%s", len(r.rows()), v)
	}
	for _, row := range r.rows() {
		if strings.Contains(row, "missed") {
			t.Errorf("a missed row shows: %q", row)
		}
	}
	r.key("H")
	if n := len(r.rows()); n != 21 || !strings.Contains(r.rowOf("Wissenschaftsstadt"), "✗ missed") || strings.Contains(r.b.View(r.frame()), "hidden") {
		t.Errorf("H shows %d rows, want all 21, Wissenschaftsstadt missed and no hidden count:\n%s", n, r.b.View(r.frame()))
	}
	r.key("H")
	if n := len(r.rows()); n != 17 {
		t.Errorf("a second H shows %d rows, want the 17 catchable", n)
	}
	for range 7 {
		r.key("-")
	}
	if r.b.Walk != 0 || strings.Contains(r.b.View(r.frame()), "LEAVE") {
		t.Errorf("walking time %v after - below zero; the leave column must go", r.b.Walk)
	}
}

// TestGroupHeadingSaysCut: a platform serving more directions than its
// heading names says how many it leaves out, so a rider knows the list
// is not all (issue 23, item 15).
func TestGroupHeadingSaysCut(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 160, 40)
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(testkit.T0)}
	dirs := []string{"Böfingen", "Söflingen", "Kuhberg", "Eselsberg", "Wiblingen", "Pfuhl", "Jungingen", "Donautal"}
	for i, d := range dirs {
		b.Events = append(b.Events, testkit.Ev(strconv.Itoa(i+1), model.VehicleBus, 100+i, d, "A", 1, time.Duration(i+1)*time.Minute, 0, model.StatusPredicted))
	}
	r.src.Boards[feeds.Subject{Stop: 1008}] = b
	r.poll(r.b.Refresh())
	r.key("b")
	head := r.rows()[0]
	if !strings.Contains(head, "Platform A → Böfingen · Söflingen · Kuhberg") || !strings.Contains(head, "+5 more") {
		t.Errorf("heading %q does not say that 5 of platform A's 8 directions are left out", head)
	}
}
