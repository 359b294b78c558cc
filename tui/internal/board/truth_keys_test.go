package board

import (
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// What a board says of its stop, its platforms and its rows (these
// tests lived in the root package and reached into its board).

// TestUnknownStopStopsPolling: a stop the service does not know is named
// as such on the board, and it is not polled again.
func TestUnknownStopStopsPolling(t *testing.T) {
	r := &rig{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	r.src.SetErr(&feed.NotFoundError{Status: "no stop found", Subject: "StopNumber 1008"})
	r.sh = app.NewShared(app.Options{Source: r.src, Now: func() time.Time { return r.now }})
	r.sh.ReceiveBase(r.src.Base)
	r.b = NewBoard(r.sh.Services, hbf(app.BoardSpec{}))
	r.b.Layout(app.Rect{W: 100, H: 22, Focused: true})
	tick, ok := r.b.Show(r.frame())().(feeds.TickMsg)
	if !ok {
		t.Fatal("no first poll")
	}
	_, fetch, ok := r.sh.Reg.Tick(r.sh.State, tick)
	if !ok || fetch == nil {
		t.Fatal("no first poll")
	}
	_, next, _ := r.sh.Reg.Receive(r.sh.State, fetch().(feeds.AnswerMsg))
	r.b.Fed(r.frame())
	if next != nil {
		t.Error("an unknown stop is polled again")
	}
	v := r.view()
	if !strings.Contains(v, "Hauptbahnhof does not exist") {
		t.Errorf("the board does not say the stop does not exist:\n%s", v)
	}
	if strings.Contains(v, "did not answer") || strings.Contains(v, "retry in") {
		t.Errorf("the board blames the service or promises a retry:\n%s", v)
	}
}

// Arrivals head their direction column FROM (VON in German); a
// departures board leaves out a trip that ends at this stop.
func TestArrivalsFromAndTripsEndingHere(t *testing.T) {
	r := newRigWith(t, hbf(app.BoardSpec{}), 120, 28, func(src *testkit.FakeSource) {
		b := testkit.HbfBoard(false)
		b.Events = append(b.Events, testkit.Ev("4", model.VehicleBus, 190, "Hauptbahnhof", "D", 4, 3*time.Minute, 0, model.StatusPredicted))
		src.Boards[feeds.Subject{Stop: 1008}] = b
	})
	for _, i := range r.b.Rows(r.frame()) {
		if r.b.Data.Events[i].DirectionText == "Hauptbahnhof" {
			t.Error("a departure towards the stop itself is listed")
		}
	}
	r.runPolls(r.key("a"))
	if v := r.view(); !strings.Contains(v, "FROM") || strings.Contains(v, "DIRECTION") {
		t.Errorf("arrivals should head the column FROM:\n%s", v)
	}
	if de := ui.GermanTexts(); de.DirHeader(true) != "VON" {
		t.Errorf("German arrivals column %q, want VON", de.DirHeader(true))
	}
}

// Two stop points named "A" at one stop get labels with their codes; `f`
// visits stop points with service first; the title names the stop point
// shown.
func TestPlatformsUnambiguousServedFirst(t *testing.T) {
	r := newRigWith(t, hbf(app.BoardSpec{}), 120, 28, func(src *testkit.FakeSource) {
		hbf := &src.Base.Stops[0]
		// an empty replacement stop point sorted first, "A" like point 1
		hbf.StopPoints = append([]model.StopStopPoint{{StopPointNumber: 9, StopPointCode: model.CodeFor(1008, 9),
			PlatformName: "A", StopPointName: "Hauptbahnhof Ersatzhalt A"}}, hbf.StopPoints...)
	})
	seen := map[string]bool{}
	for _, p := range r.b.Platforms() {
		if seen[p.Name] {
			t.Errorf("label %q twice", p.Name)
		}
		seen[p.Name] = true
	}
	r.runPolls(r.key("f"))
	if got := r.b.Subject.Point; got == model.CodeFor(1008, 9) {
		t.Errorf("f went to the stop point without service first")
	}
	if v := r.view(); !strings.Contains(strings.SplitN(v, "\n", 2)[0], "A · "+model.CodeFor(1008, 1).String()) {
		t.Errorf("the title does not name the stop point:\n%s", strings.SplitN(v, "\n", 2)[0])
	}
}

// esc ("clear filters") also undoes the platform f chose: the board shows
// its whole stop again. A board opened on a stop point keeps it.
func TestEscWidensThePlatformFChose(t *testing.T) {
	r := newRig(t, hbf(app.BoardSpec{}), 120, 28)
	r.runPolls(r.key("f"))
	if r.b.Subject.Point == "" {
		t.Fatal("f chose no platform")
	}
	if !r.live("esc") { // the footer offers it
		t.Error("the footer offers no esc to undo the platform")
	}
	r.runPolls(r.key("esc"))
	if got := r.b.Subject; got.Point != "" || got.Stop != 1008 {
		t.Errorf("after esc the board shows %+v, want the whole stop 1008", got)
	}

	p := newRig(t, app.BoardSpec{StopPoint: model.CodeFor(1008, 1)}, 120, 28)
	p.key("esc")
	if got := p.b.Subject.Point; got != model.CodeFor(1008, 1) {
		t.Errorf("esc moved a stop point board to %q", got)
	}
}

// plannedWithHiddenPrediction is a timetable-only event (no vehicle) whose
// answer still carries an actual time and a countdown 6 minutes past the
// plan, as the service sends for trips not yet started.
func plannedWithHiddenPrediction() model.Event {
	e := testkit.Ev("6", model.VehicleBus, 0, "Wiblingen Alte Siedlung", "E", 5, 7*time.Minute, 0, model.StatusPredicted)
	e.Actual = model.At(testkit.T0.Add(13 * time.Minute))
	e.Countdown = int(13 * time.Minute / time.Second)
	e.Deviation = 360
	return e
}

// A planned row counts down to its scheduled time.
func TestPlannedRowCountsToSchedule(t *testing.T) {
	r := newRigWith(t, hbf(app.BoardSpec{}), 120, 28, func(src *testkit.FakeSource) {
		b := testkit.HbfBoard(false)
		b.Events = []model.Event{plannedWithHiddenPrediction()}
		src.Boards[feeds.Subject{Stop: 1008}] = b
	})
	v := r.view()
	if !strings.Contains(v, "~7 min") {
		t.Errorf("planned row should count down to the plan (~7 min):\n%s", v)
	}
	if strings.Contains(v, "13 min") {
		t.Errorf("planned row shows the hidden prediction:\n%s", v)
	}
}
