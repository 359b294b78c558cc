package board

import (
	"strings"
	"testing"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// live reports whether a board key named name does something on r's
// board shown zoomed and alone, as the dispatcher sums it up.
func (r *rig) live(name string) bool {
	return Keys.Find(keyMsg(name), &Ctx{Board: r.b, State: r.b.KeyState(r.frame(), BoardZoom), Frame: r.frame()}) != nil
}

// desc is what the board key named name says it does on r's board.
func (r *rig) desc(name string) string {
	c := &Ctx{Board: r.b, State: r.b.KeyState(r.frame(), BoardZoom), Frame: r.frame()}
	if k := Keys.Find(keyMsg(name), c); k != nil {
		return k.Desc(c, r.sh.Texts)
	}
	return ""
}

// TestKeysEnableOnlyWhatWorks: on a plain Hauptbahnhof board esc (clear
// filters), - and H (walking time) are off, the row and filter keys on;
// a filter turns esc on, a walking time - and H.
func TestKeysEnableOnlyWhatWorks(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	for _, name := range []string{"esc", "-", "H"} {
		if r.live(name) {
			t.Errorf("%s is enabled on an unfiltered board without walking time", name)
		}
	}
	for _, name := range []string{"up", "down", "g", "l", "d", "f", "a", "+", "n", "b", "enter", "i", "L"} {
		if !r.live(name) {
			t.Errorf("%s is disabled on a board of 21 rows at a stop of 7 platforms", name)
		}
	}
	// Disabled keys do nothing.
	notice := r.sh.Notice
	if cmd := r.key("esc"); cmd != nil || r.key("H") != nil || r.key("-") != nil {
		t.Error("a disabled key returns a command")
	}
	if !r.b.HideMissed || r.b.Walk != 0 || r.sh.Notice != notice {
		t.Errorf("disabled keys acted: hide missed %v, walk %v, notice %q", r.b.HideMissed, r.b.Walk, r.sh.Notice)
	}

	r.key("l")
	if !r.live("esc") {
		t.Error("esc is off on a board filtered to a line")
	}
	r.key("esc")
	r.key("+")
	if !r.live("-") || !r.live("H") || r.live("esc") {
		t.Errorf("with a walking time: - %v, H %v, esc %v", r.live("-"), r.live("H"), r.live("esc"))
	}
}

// TestKeysFollowTheRows: enter is off on a timetable-only row (no vehicle
// to open), the row keys are off on a board of one row, b is off on a
// platform's board (one group), and nothing is on while the boards take no
// keys.
func TestKeysFollowTheRows(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	r.b.SetCursor(r.frame(), 5) // the 6 to Wiblingen, timetable only
	if r.live("enter") {
		t.Error("enter is on for a row without a vehicle")
	}
	one := newRig(t, hbf(app.BoardSpec{Lines: []string{"N1"}}), 80, 24)
	if one.live("up") || one.live("down") || one.live("G") || !one.live("esc") {
		t.Errorf("a board of %d row: ↑ %v ↓ %v G %v esc %v", len(one.rows()), one.live("up"), one.live("down"),
			one.live("G"), one.live("esc"))
	}
	point := newRig(t, app.BoardSpec{StopPoint: model.CodeFor(1008, 2)}, 80, 24)
	if point.live("b") || !point.live("f") {
		t.Errorf("a platform's board: b %v, f %v", point.live("b"), point.live("f"))
	}
	// A grid cell has no cursor: no row moves, no vehicle, no history.
	c := &Ctx{Board: r.b, State: r.b.KeyState(r.frame(), BoardCells), Frame: r.frame()}
	for _, name := range []string{"up", "down", "g", "enter", "i", "b"} {
		if Keys.Find(keyMsg(name), c) != nil {
			t.Errorf("%s is on in a grid cell", name)
		}
	}
}

// TestArrivalsKeySaysWhatItShows: a offers arrivals on a departures
// board and departures on an arrivals board, and switches the board.
func TestArrivalsKeySaysWhatItShows(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	if h := r.desc("a"); h != r.sh.Texts.KeyArrivals {
		t.Errorf("a on departures says %q", h)
	}
	r.poll(r.key("a"))
	if !r.b.Subject.Arrivals || r.desc("a") != r.sh.Texts.KeyDepartures {
		t.Errorf("after a: arrivals %v, help %q", r.b.Subject.Arrivals, r.desc("a"))
	}
	if row := r.rows()[0]; lineOf(row) != "1" || !strings.Contains(row, "from Söflingen") {
		t.Errorf("the arrivals board starts with %q", row)
	}
}
