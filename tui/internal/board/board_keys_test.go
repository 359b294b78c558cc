package board

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// keyState is the state of the board keys of b shown zoomed and alone,
// as the dispatcher sums it up for its focused board.
func keyState(b *Pane) KeyState {
	rows := b.Rows()
	s := KeyState{On: true, Mode: BoardZoom, Rows: len(rows), Arrivals: b.Subj.Arrivals,
		Platforms: len(b.Platforms()) > 1, Filtered: b.Filt.Active() || b.Narrowed,
		Walk: b.Walk > 0, WholeStop: b.Subj.Point == "", Remind: len(rows) > 0}
	if c := b.CursorIn(rows); c >= 0 && c < len(rows) {
		s.RowVehicle = b.Data.Events[rows[c]].VehicleNumber != 0
	}
	return s
}

// synced returns the board keys synced for r's board.
func (r *rig) synced() *Keys {
	k := NewKeys(r.sh.T)
	k.Sync(keyState(r.b))
	return &k
}

// TestKeysEnableOnlyWhatWorks: on a plain Hauptbahnhof board esc (clear
// filters), - and H (walking time) are off, the row and filter keys on;
// a filter turns esc on, a walking time - and H.
func TestKeysEnableOnlyWhatWorks(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	k := r.synced()
	for name, b := range map[string]key.Binding{"esc": k.Clear, "-": k.WalkDown, "H": k.HideMissed, "zoom": k.Zoom, "←": k.Left} {
		if b.Enabled() {
			t.Errorf("%s is enabled on an unfiltered board without walking time", name)
		}
	}
	for name, b := range map[string]key.Binding{"↑": k.Up, "↓": k.Down, "g": k.Top, "l": k.Line, "d": k.Direction,
		"f": k.Platform, "a": k.Toggle, "+": k.WalkUp, "n": k.PerLine, "b": k.Grouped, "enter": k.Open, "t": k.Remind} {
		if !b.Enabled() {
			t.Errorf("%s is disabled on a board of 21 rows at a stop of 7 platforms", name)
		}
	}
	// Disabled keys do nothing.
	notice := r.sh.Notice
	if cmd := r.keyWith(k, "esc"); cmd != nil || r.keyWith(k, "H") != nil || r.keyWith(k, "-") != nil {
		t.Error("a disabled key returns a command")
	}
	if !r.b.HideMissed || r.b.Walk != 0 || r.sh.Notice != notice {
		t.Errorf("disabled keys acted: hide missed %v, walk %v, notice %q", r.b.HideMissed, r.b.Walk, r.sh.Notice)
	}

	r.key("l")
	if k := r.synced(); !k.Clear.Enabled() {
		t.Error("esc is off on a board filtered to a line")
	}
	r.key("esc")
	r.key("+")
	if k := r.synced(); !k.WalkDown.Enabled() || !k.HideMissed.Enabled() || k.Clear.Enabled() {
		t.Errorf("with a walking time: - %v, H %v, esc %v", k.WalkDown.Enabled(), k.HideMissed.Enabled(), k.Clear.Enabled())
	}
}

// TestKeysFollowTheRows: enter is off on a timetable-only row (no vehicle
// to open), the row keys are off on a board of one row, b is off on a
// platform's board (one group), and nothing is on while the boards take no
// keys.
func TestKeysFollowTheRows(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	r.b.SetCursor(5) // the 6 to Wiblingen, timetable only
	if k := r.synced(); k.Open.Enabled() {
		t.Error("enter is on for a row without a vehicle")
	}
	one := newRig(t, hbf(app.BoardSpec{Lines: []string{"N1"}}), 80, 24)
	if k := one.synced(); k.Up.Enabled() || k.Down.Enabled() || k.Bottom.Enabled() || !k.Clear.Enabled() {
		t.Errorf("a board of %d row: ↑ %v ↓ %v G %v esc %v", len(one.rows()), k.Up.Enabled(), k.Down.Enabled(),
			k.Bottom.Enabled(), k.Clear.Enabled())
	}
	point := newRig(t, app.BoardSpec{StopPoint: model.CodeFor(1008, 2)}, 80, 24)
	if k := point.synced(); k.Grouped.Enabled() || !k.Platform.Enabled() {
		t.Errorf("a platform's board: b %v, f %v", k.Grouped.Enabled(), k.Platform.Enabled())
	}
	k := NewKeys(r.sh.T)
	s := keyState(r.b)
	s.On = false
	k.Sync(s)
	for i, b := range append(k.Board(), k.Rows()...) {
		if b.Enabled() {
			t.Errorf("key %d (%s) is on while the boards take no keys", i, b.Help().Key)
		}
	}
}

// TestArrivalsKeySaysWhatItShows: a offers arrivals on a departures
// board and departures on an arrivals board, and switches the board.
func TestArrivalsKeySaysWhatItShows(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 80, 24)
	if h := r.synced().Toggle.Help().Desc; h != r.sh.T.KeyArrivals {
		t.Errorf("a on departures says %q", h)
	}
	r.poll(r.key("a"))
	if !r.b.Subj.Arrivals || r.synced().Toggle.Help().Desc != r.sh.T.KeyDepartures {
		t.Errorf("after a: arrivals %v, help %q", r.b.Subj.Arrivals, r.synced().Toggle.Help().Desc)
	}
	if row := r.rows()[0]; lineOf(row) != "1" || !strings.Contains(row, "from Söflingen") {
		t.Errorf("the arrivals board starts with %q", row)
	}
}
