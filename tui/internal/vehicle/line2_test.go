package vehicle

import (
	"strings"
	"testing"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// Tram 44 on line 2 (testkit.Line2Trip): the pane's keys, its range
// and its diagram (these tests lived in the root package and reached
// into its vehicle pane).

// openOnLine2 is the pane of tram 44 at w×h in phase ph at stop k of
// testkit.Line2Trip, after one poll.
func openOnLine2(t *testing.T, w, h, k int, ph model.TripPhase) *paneOn {
	t.Helper()
	r := openPane(t, 44, w, h)
	r.src.SetVehicle(testkit.Line2Trip(k, ph))
	r.poll()
	return r
}

// live reports whether the pane's footer offers the key shown as show.
func (r *paneOn) live(show string) bool {
	hs, _ := r.p.Hints(app.Frame{Focus: app.PaneVehicle, Texts: r.sh.Texts})
	for _, h := range hs {
		if h.Show == show {
			return true
		}
	}
	return false
}

// TestLocateOnLine2: where the vehicle is on its trip, in each phase.
func TestLocateOnLine2(t *testing.T) {
	cases := []struct {
		k     int
		ph    model.TripPhase
		first bool
		want  model.TripPosition
	}{
		{0, model.PhaseBefore, true, model.TripPosition{Phase: model.PhaseBefore, At: -1, Next: 0}},
		{8, model.PhaseBetween, true, model.TripPosition{Phase: model.PhaseBetween, At: -1, Next: 8}},
		{6, model.PhaseAt, true, model.TripPosition{Phase: model.PhaseAt, At: 6, Next: 7}},
		{18, model.PhaseEnded, true, model.TripPosition{Phase: model.PhaseEnded, At: 18, Next: -1}},
	}
	for _, c := range cases {
		_, vp, _ := testkit.Line2Trip(c.k, c.ph)
		if got := model.LocateOnTrip(vp.Passages, c.first); got != c.want {
			t.Errorf("stop %d phase %d: got %+v, want %+v", c.k, c.ph, got, c.want)
		}
	}
	// Upcoming only: the first passage listed is the next stop, mid-trip.
	_, vp, _ := testkit.Line2Trip(8, model.PhaseBetween)
	if got := model.LocateOnTrip(vp.Passages[8:], false); got.Phase != model.PhaseBetween || got.Next != 0 {
		t.Errorf("upcoming mid-trip: %+v", got)
	}
	if got := model.LocateOnTrip(nil, true); got.Phase != model.PhaseNone {
		t.Errorf("no passages: %+v", got)
	}
}

// TestDiagramMarksThePosition checks what a user reads off the diagram in
// each state: passed stops filled, the vehicle's line or stop marked,
// upcoming stops hollow with a countdown.
func TestDiagramMarksThePosition(t *testing.T) {
	st := ui.NewStyles(ui.DarkTheme(), ui.UlmLineColors())
	type check struct {
		line int
		has  []string
	}
	cases := []struct {
		name  string
		k     int
		ph    model.TripPhase
		focus int
		check []check
	}{
		{"before", 0, model.PhaseBefore, 0, []check{{0, []string{"▶", "trip starts now"}}, {1, []string{"○ Kuhberg Schulzentrum", "predicted"}}}},
		{"mid-trip", 8, model.PhaseBetween, 8, []check{{0, []string{"● Kuhberg", "passed"}}, {7, []string{"● Theater", "departed"}},
			{8, []string{"▶", "between Theater and Stadtwerke"}}, {9, []string{"○ Stadtwerke", "arriving", "now"}}}},
		{"at a stop", 6, model.PhaseAt, 6, []check{{5, []string{"● Ehinger Tor", "passed"}}, {6, []string{"▶ ◉ Hauptbahnhof", "at stop"}},
			{7, []string{"○ Theater", "2 min"}}}},
		{"ended", 18, model.PhaseEnded, 18, []check{{17, []string{"● Technische Hochschule"}}, {18, []string{"▶ ◉ Science Park II", "at stop"}}}},
	}
	for _, c := range cases {
		_, vp, _ := testkit.Line2Trip(c.k, c.ph)
		d := BuildDiagram(st, ui.TextsFor(""), vp.Passages, model.LocateOnTrip(vp.Passages, true), 40, testkit.T0, 80, "")
		if d.Focus != c.focus {
			t.Errorf("%s: focus line %d, want %d", c.name, d.Focus, c.focus)
		}
		for _, ch := range c.check {
			for _, want := range ch.has {
				if !strings.Contains(d.Lines[ch.line], want) {
					t.Errorf("%s: line %d %q lacks %q", c.name, ch.line, d.Lines[ch.line], want)
				}
			}
		}
	}
}

// TestVehicleKeys: u switches the range and refetches; scrolling stops
// following until f.
func TestVehicleKeys(t *testing.T) {
	r := openOnLine2(t, 80, 24, 8, model.PhaseBetween)
	p := r.p
	_ = r.view()
	if !r.live("u") || r.live("f") {
		t.Fatal("u should be live and f dead while following")
	}
	r.key("u") // polls at once
	if p.Range != model.RangeUpcoming {
		t.Fatal("u should switch to upcoming and poll at once")
	}
	if len(p.Pass.Passages) != 11 || strings.Contains(r.view(), "Kuhberg Schulzentrum") {
		t.Errorf("upcoming should list the 11 stops ahead, got %d:\n%s", len(p.Pass.Passages), r.view())
	}
	r.key("u")
	if p.Range != model.RangeAll || len(p.Pass.Passages) != 19 {
		t.Fatal("u again should list all stops")
	}
	// Update knows the list's layout without a View in between (View
	// writes nothing).
	first := p.List.First
	if first == 0 {
		t.Fatal("following the vehicle, the list should start further down")
	}
	r.key("k")
	if p.Follow || p.List.First != first-1 {
		t.Errorf("k should scroll up one line and stop following: first %d -> %d", first, p.List.First)
	}
	if r.key("f"); !p.Follow {
		t.Error("f should follow the vehicle again")
	}
	r.key("G")
	_ = r.view()
	if !strings.Contains(r.view(), "Science Park II") {
		t.Error("G should show the last stop")
	}
}

// `u` (upcoming only) leaves the served stops out even though the service
// answers Range=upcoming with the whole trip, as the real one and the
// simulation do: the pane's list did not change, though its hint said
// "u all stops".
func TestVehicleUpcomingLeavesServedStopsOut(t *testing.T) {
	r := openOnLine2(t, 80, 40, 8, model.PhaseBetween)
	r.src.Mu.Lock()
	r.src.WholeTrip = true
	r.src.Mu.Unlock()
	p := r.p
	r.key("u")
	if p.Range != model.RangeUpcoming {
		t.Fatal("u did not switch to upcoming")
	}
	v := r.view()
	if len(p.Pass.Passages) != 11 || strings.Contains(v, "Kuhberg Schulzentrum") {
		t.Errorf("upcoming lists %d stops, want the 11 ahead:\n%s", len(p.Pass.Passages), v)
	}
	_, all, _ := testkit.Line2Trip(8, model.PhaseBetween)
	if !strings.Contains(v, all.Passages[8].StopName) {
		t.Errorf("the next stop is missing:\n%s", v)
	}
	r.key("u")
	if len(p.Pass.Passages) != 19 {
		t.Errorf("u again lists %d stops, want all 19", len(p.Pass.Passages))
	}
}

// In the upcoming view the vehicle between two stops names the stop it
// left, not "the previous stop": the list starts after it.
func TestVehicleUpcomingNamesTheStopItLeft(t *testing.T) {
	r := openOnLine2(t, 80, 40, 8, model.PhaseBetween)
	r.src.Mu.Lock()
	r.src.WholeTrip = true
	r.src.Mu.Unlock()
	r.key("u")
	_, all, _ := testkit.Line2Trip(8, model.PhaseBetween)
	want := "between " + all.Passages[7].StopName + " and " + all.Passages[8].StopName
	if v := r.view(); !strings.Contains(v, want) {
		t.Errorf("the vehicle line does not say %q:\n%s", want, v)
	}
}
