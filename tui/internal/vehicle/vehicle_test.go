package vehicle

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// What an enthusiast reads first: which tram, which line to where, how
// late, where it is and where it stops next, and the stops still ahead.
func TestPaneShowsTheJourneyAndTheStopsAhead(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(8, false, 189)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	v := r.view()
	for _, want := range []string{
		"Tram 44", "Avenio 44", "Siemens Avenio M", // identity, from the base data
		" 2 ", "→ Science Park II", // line and direction
		"+3 min late",                    // the deviation in words
		"next Stadtwerke",                // the next stop
		"between Theater and Stadtwerke", // the vehicle's line in the diagram
		"Lehrer Tal", "Multscherschule",  // stops ahead
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the pane lacks %q:\n%s", want, v)
		}
	}
	if l := lineWith(v, "Theater "); !strings.Contains(l, "●") || !strings.Contains(l, "departed") {
		t.Errorf("the stop it left is not marked departed: %q", l)
	}
	if l := lineWith(v, "Ehinger Tor"); !strings.Contains(l, "●") || !strings.Contains(l, "passed") {
		t.Errorf("a stop served earlier is not marked passed: %q", l)
	}
	if l := lineWith(v, "○ Stadtwerke"); !strings.Contains(l, "○") || !strings.Contains(l, "arriving") {
		t.Errorf("the next stop is not an open stop, arriving: %q", l)
	}
	if l := lineWith(v, "Lehrer Tal"); !strings.Contains(l, "○") || strings.Contains(l, "●") {
		t.Errorf("a stop ahead is marked done: %q", l)
	}
	if !r.p.Have || !r.p.PatReady || r.p.Info == nil {
		t.Errorf("after one poll: trip %v, pattern %v, details %v", r.p.Have, r.p.PatReady, r.p.Info != nil)
	}
}

// The deviation reads as the board's rule grades it: rounded to whole
// minutes, late, on time under half a minute either way, early.
func TestPaneSaysTheDelayInWords(t *testing.T) {
	for _, c := range []struct {
		dev  int
		want string
	}{{189, "+3 min late"}, {600, "+10 min late"}, {25, "on time"}, {-25, "on time"}, {-70, "1 min early"}} {
		r := openPane(t, 44, 100, 30)
		trips, vp := trip44(8, false, c.dev)
		r.src.SetVehicle(trips, vp, track44())
		r.poll()
		if v := r.view(); !strings.Contains(lineWith(v, "→ Science Park II"), c.want) {
			t.Errorf("%+d s: the journey line does not say %q:\n%s", c.dev, c.want, v)
		}
	}
}

// Standing at a stop, the pane says so and names the stop after it; the
// diagram marks the stop itself, not a line between two.
func TestPaneAtAStop(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(6, true, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	v := r.view()
	if !strings.Contains(v, "at Hauptbahnhof") || !strings.Contains(v, "next Theater") {
		t.Errorf("at a stop the pane should say where and what comes next:\n%s", v)
	}
	if l := lineWith(v, "◉ Hauptbahnhof"); !strings.Contains(l, "▶") || !strings.Contains(l, "at stop") {
		t.Errorf("the stop it stands at is not marked: %q", l)
	}
	if strings.Contains(v, "between ") {
		t.Errorf("a vehicle at a stop is drawn between two:\n%s", v)
	}
}

// Locate places the vehicle from the passages' states alone, in both
// ranges: the list of all stops (first) and the stops ahead.
func TestLocate(t *testing.T) {
	ps := func(next int, at bool) []model.Passage { _, vp := trip44(next, at, 0); return vp.Passages }
	last := len(line2) - 1
	ended := ps(last, true)
	allDone := ps(last, false)
	for i := range allDone {
		allDone[i].Status = model.StatusPassed
	}
	for _, c := range []struct {
		name  string
		ps    []model.Passage
		first bool
		want  model.TripPosition
	}{
		{"not begun", ps(0, false), true, model.TripPosition{Phase: model.PhaseBefore, At: -1, Next: 0}},
		{"between", ps(8, false), true, model.TripPosition{Phase: model.PhaseBetween, At: -1, Next: 8}},
		{"at a stop", ps(6, true), true, model.TripPosition{Phase: model.PhaseAt, At: 6, Next: 7}},
		{"at the terminus", ended, true, model.TripPosition{Phase: model.PhaseEnded, At: last, Next: -1}},
		{"past the terminus", allDone, true, model.TripPosition{Phase: model.PhaseEnded, At: last, Next: -1}},
		// The stops ahead only: the first listed is the next one, mid-trip.
		{"upcoming, between", ps(8, false)[8:], false, model.TripPosition{Phase: model.PhaseBetween, At: -1, Next: 0}},
		{"upcoming, at a stop", ps(6, true)[6:], false, model.TripPosition{Phase: model.PhaseAt, At: 0, Next: 1}},
		// A list that starts at the trip's first stop has not begun, in
		// either range.
		{"upcoming, not begun", ps(0, false), false, model.TripPosition{Phase: model.PhaseBefore, At: -1, Next: 0}},
		{"no passages", nil, true, model.TripPosition{Phase: model.PhaseNone, At: -1, Next: -1}},
	} {
		if got := model.LocateOnTrip(c.ps, c.first); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// Before the trip begins the diagram's first line says when it starts,
// above the first stop.
func TestPaneBeforeTheTrip(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(0, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	v := r.view()
	if !strings.Contains(v, "trip starts") || !strings.Contains(v, "next Kuhberg Schulzentrum") {
		t.Errorf("before its trip the pane should say when it starts and where:\n%s", v)
	}
	if strings.Contains(v, "●") {
		t.Errorf("a stop is marked done before the trip began:\n%s", v)
	}
}

// At the terminus the pane says the trip ended and names the stop.
func TestPaneTripEnded(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(len(line2)-1, true, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	if v := r.view(); !strings.Contains(v, "Trip ended at Science Park II") {
		t.Errorf("at the terminus the pane should say the trip ended:\n%s", v)
	}
}

// The upcoming range (u) leaves the served stops out even when the
// service sends the whole trip, and the vehicle's line names the stop it
// left, which is no longer listed; u again lists them all.
func TestUpcomingRange(t *testing.T) {
	r := openPane(t, 44, 100, 40)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.src.WholeTrip = true
	r.poll()
	r.key("u")
	if r.p.Range != model.RangeUpcoming || len(r.p.Pass.Passages) != len(line2)-8 {
		t.Fatalf("u: range %v, %d stops listed, want the %d ahead", r.p.Range, len(r.p.Pass.Passages), len(line2)-8)
	}
	v := r.view()
	if strings.Contains(v, "Ehinger Tor") || strings.Contains(v, "●") {
		t.Errorf("the upcoming range lists a served stop:\n%s", v)
	}
	if !strings.Contains(v, "between Theater and Stadtwerke") {
		t.Errorf("the vehicle's line does not name the stop it left:\n%s", v)
	}
	if n := len(r.sh.Reg.Entries); n != 1 {
		t.Errorf("%d feeds after switching the range, want the new one only", n)
	}
	r.key("u")
	if r.p.Range != model.RangeAll || len(r.p.Pass.Passages) != len(line2) {
		t.Errorf("u again: range %v, %d stops", r.p.Range, len(r.p.Pass.Passages))
	}
}

// A long trip in a short pane: the list follows the vehicle so that the
// next stop shows; scrolling away stops following, f brings it back, and
// a vehicle that moves on while followed keeps its next stop in view.
func TestScrollingKeepsTheNextStopInView(t *testing.T) {
	r := openPane(t, 44, 80, 16)
	trips, vp := trip44(12, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	list := func() string { // the passage list: the lines after its header
		_, after, ok := strings.Cut(r.view(), "STOP")
		if !ok {
			t.Fatalf("no passage list:\n%s", r.view())
		}
		return after
	}
	if l := list(); !strings.Contains(l, "○ Universität Süd") || strings.Contains(l, "Kuhberg Schulzentrum") {
		t.Fatalf("following, the list should show the next stop, not the first:\n%s", r.view())
	}
	if r.p.List.First == 0 || r.p.List.Rows >= r.p.List.Lines {
		t.Fatalf("the list should be scrolled and longer than its rows: %+v", r.p.List)
	}
	if !strings.Contains(lineWith(r.view(), "STOP"), "↑") {
		t.Errorf("the header does not say the list goes on above:\n%s", r.view())
	}
	r.key("g")
	if r.p.Follow || r.p.List.First != 0 || !strings.Contains(list(), "Kuhberg Schulzentrum") || strings.Contains(list(), "○ Universität Süd") {
		t.Fatalf("g should show the first stop and stop following: %+v\n%s", r.p.List, r.view())
	}
	first := r.p.List.First
	r.key("j")
	if r.p.List.First != first+1 {
		t.Errorf("j should scroll one line: first %d -> %d", first, r.p.List.First)
	}
	r.key("f")
	if !r.p.Follow || !strings.Contains(list(), "○ Universität Süd") {
		t.Fatalf("f should follow the vehicle again:\n%s", r.view())
	}
	// It moves on two stops while followed.
	trips, vp = trip44(14, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	if !strings.Contains(list(), "○ Science Park II") || !strings.Contains(list(), "between Botanischer Garten") {
		t.Errorf("the followed vehicle's next stop left the view:\n%s", r.view())
	}
}

// A failed poll keeps the trip on screen and says what failed; once the
// data is two intervals old the pane says since when it is stale, and a
// good answer clears both.
func TestPaneSaysStaleData(t *testing.T) {
	r := openPane(t, 44, 100, 30)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	r.src.Mu.Lock()
	r.src.VehErr = errors.New("connection refused")
	r.src.Mu.Unlock()
	r.setNow(testkit.T0.Add(15 * time.Second))
	r.poll()
	v := r.view()
	if !strings.Contains(v, "connection refused") || !strings.Contains(v, "next Stadtwerke") {
		t.Fatalf("a failed poll should keep the trip and say what failed:\n%s", v)
	}
	if strings.Contains(v, "stale since") {
		t.Fatalf("one failed poll is not stale data yet:\n%s", v)
	}
	r.setNow(testkit.T0.Add(2*feeds.DefaultInterval + time.Second))
	if v = r.view(); !strings.Contains(v, "stale since 12:34:56") {
		t.Fatalf("data older than two intervals should say since when it is stale:\n%s", v)
	}
	r.src.Mu.Lock()
	r.src.VehErr = nil
	r.src.Mu.Unlock()
	r.poll()
	if v = r.view(); strings.Contains(v, "stale since") || strings.Contains(v, "connection refused") {
		t.Errorf("a good answer should clear the warning:\n%s", v)
	}
}

// A vehicle the service does not know: the pane says so plainly and does
// not poll again by itself; any other failure before the first answer
// says the vehicle is not available, and why.
func TestPaneUnknownVehicle(t *testing.T) {
	r := openPane(t, 999, 100, 30)
	r.src.Mu.Lock()
	r.src.VehErr = &feed.NotFoundError{Status: "no vehicle found", Subject: "VehicleNumber 999"}
	r.src.Mu.Unlock()
	r.poll()
	v := r.view()
	if !strings.Contains(v, "The service knows no vehicle 999.") {
		t.Errorf("an unknown vehicle should be said so:\n%s", v)
	}
	if !r.p.Feed.Poll.Next.IsZero() {
		t.Errorf("an unknown vehicle is polled again at %v", r.p.Feed.Poll.Next)
	}

	r = openPane(t, 44, 100, 30)
	r.src.Mu.Lock()
	r.src.VehErr = errors.New("connection refused")
	r.src.Mu.Unlock()
	r.poll()
	if v := r.view(); !strings.Contains(v, "Vehicle not available") || !strings.Contains(v, "connection refused") {
		t.Errorf("a failure before any trip should say the vehicle is not available and why:\n%s", v)
	}
}

// Out of service: the last trip stays on screen with a notice; a vehicle
// never seen in service says it is not in service now.
func TestPaneOutOfService(t *testing.T) {
	r := openPane(t, 44, 100, 30)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	r.setNow(testkit.T0.Add(2 * time.Minute))
	r.src.SetVehicle([]model.Trip{{VehicleNumber: 44, VehicleCategory: model.VehicleTram}}, model.VehiclePassages{}, model.Pattern{})
	r.poll()
	v := r.view()
	if !strings.Contains(v, "Out of service since 12:36") || !strings.Contains(v, "Stadtwerke") {
		t.Errorf("out of service should keep the last trip and say since when:\n%s", v)
	}
	if strings.Contains(v, "next Stadtwerke") {
		t.Errorf("a vehicle out of service still names a next stop:\n%s", v)
	}

	r = openPane(t, 44, 100, 30)
	r.src.SetVehicle([]model.Trip{{VehicleNumber: 44, VehicleCategory: model.VehicleTram}}, model.VehiclePassages{}, model.Pattern{})
	r.poll()
	if v := r.view(); !strings.Contains(v, "Not in service now") || !strings.Contains(v, "Tram 44") {
		t.Errorf("a vehicle never seen in service should say so:\n%s", v)
	}
}

// Whatever the size, the view is exactly the pane's rectangle: height
// lines, none wider than the width, in every state of the trip.
func TestViewFitsItsRectangle(t *testing.T) {
	states := map[string]func(r *paneOn){
		"loading": func(*paneOn) {},
		"between": func(r *paneOn) { trips, vp := trip44(8, false, 189); r.src.SetVehicle(trips, vp, track44()); r.poll() },
		"at":      func(r *paneOn) { trips, vp := trip44(6, true, -70); r.src.SetVehicle(trips, vp, track44()); r.poll() },
		"ended": func(r *paneOn) {
			trips, vp := trip44(len(line2)-1, true, 0)
			r.src.SetVehicle(trips, vp, track44())
			r.poll()
		},
		"unknown": func(r *paneOn) {
			r.src.Mu.Lock()
			r.src.VehErr = &feed.NotFoundError{Status: "no vehicle found"}
			r.src.Mu.Unlock()
			r.poll()
		},
	}
	sizes := [][2]int{{4, 3}, {10, 4}, {20, 6}, {40, 10}, {59, 20}, {60, 20}, {80, 24}, {100, 30}, {120, 12}, {160, 48}, {200, 60}}
	for name, setup := range states {
		for _, sz := range sizes {
			w, h := sz[0], sz[1]
			r := openPane(t, 44, w, h)
			setup(r)
			lines := strings.Split(r.p.View(testkit.Frame(r.sh, app.PaneVehicle)), "\n")
			if len(lines) != h {
				t.Errorf("%s at %d×%d: %d lines", name, w, h, len(lines))
			}
			for i, l := range lines {
				if lw := ansi.StringWidth(l); lw > w {
					t.Errorf("%s at %d×%d: line %d is %d wide: %q", name, w, h, i, lw, ansi.Strip(l))
				}
			}
		}
	}
}

// Closing the pane gives its feed up: the registry polls nothing for it,
// and an answer still on its way is nobody's.
func TestHideReleasesTheFeed(t *testing.T) {
	r := openPane(t, 44, 100, 30)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	e := r.p.Feed
	_, fetch, _ := r.sh.Reg.Tick(r.sh.State, feeds.TickMsg{Key: e.Key, Gen: e.Poll.Gen})
	if fetch == nil {
		t.Fatal("no fetch")
	}
	r.p.Hide()
	if r.p.Open || r.p.Feed != nil || len(r.sh.Reg.Entries) != 0 {
		t.Fatalf("closed: open %v, entry %v, %d feeds in the registry", r.p.Open, r.p.Feed != nil, len(r.sh.Reg.Entries))
	}
	if _, _, ok := r.sh.Reg.Receive(r.sh.State, fetch().(feeds.AnswerMsg)); ok {
		t.Error("an answer after closing was taken")
	}
}

// Behind a hub whose upstream fails, the answers are good by status but
// old: the registry records them with no error and the time their data
// was fresh (Poller.Settle, an answer with an Age header or Warning 110).
// The pane should say the data is stale, as a board does by the same
// rule (State.Stale), not only after a failed poll.
func TestPaneSaysStaleDataWithoutAnError(t *testing.T) {
	r := openPane(t, 44, 100, 30)
	trips, vp := trip44(8, false, 0)
	r.src.SetVehicle(trips, vp, track44())
	r.poll()
	// What Settle records of an answer whose Age says it is 3 min old.
	pl := &r.p.Feed.Poll
	pl.LastOK, pl.StaleSince, pl.LastErr = testkit.T0.Add(-3*time.Minute), testkit.T0.Add(-3*time.Minute), nil
	r.p.Touch()
	if _, stale := r.sh.Stale(pl); !stale {
		t.Fatal("the one staleness rule does not call this stale")
	}
	if v := r.view(); !strings.Contains(v, "stale since 12:31:56") {
		t.Errorf("data three minutes old is not said to be stale:\n%s", v)
	}
}
