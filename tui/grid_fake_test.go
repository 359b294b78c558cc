package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// gridStops are the stops of the grid tests besides Hauptbahnhof: each a
// copy of the Hauptbahnhof board, later by some minutes.
var gridStops = []struct {
	n     int
	name  string
	shift time.Duration
}{{1350, "Ehinger Tor", time.Minute}, {1240, "Theater", 2 * time.Minute}, {1010, "Rathaus Ulm", 3 * time.Minute}}

// addGridStops gives the fake source the boards of gridStops and a few
// trips for the fleet.
func addGridStops(f *testkit.FakeSource) {
	for i, s := range gridStops {
		for _, arr := range []bool{false, true} {
			b := testkit.MovedBoard(testkit.HbfBoard(arr), s.n, s.name, s.shift, 60*i, 1000*(i+1))
			f.Boards[feeds.Subject{Stop: s.n, Arrivals: arr}] = b
		}
	}
	trip := func(v int, cat model.VehicleCategory, line, dir string, dev int, age time.Duration) model.Trip {
		return model.Trip{VehicleNumber: v, VehicleCategory: cat, IsActive: true,
			PositionData: &model.Coordinates{Point: model.Point{Latitude: 48.4, Longitude: 9.98, Valid: true}},
			TimeData:     &model.TripTime{Deviation: dev, ReferenceTime: model.At(testkit.T0.Add(-age))},
			JourneyData:  &model.Journey{RouteNumber: testkit.AtoiOr(line), RouteName: line, DepartureDirectionText: dir}}
	}
	f.Fleet = []model.Trip{
		trip(44, model.VehicleTram, "2", "Science Park II", 189, 5*time.Second),
		trip(53, model.VehicleTram, "1", "Söflingen", 60, 12*time.Second),
		trip(151, model.VehicleBus, "4", "Böfingen", 0, 3*time.Second),
		trip(161, model.VehicleBus, "7", "Kuhberg", 420, 8*time.Second),
		trip(170, model.VehicleBus, "10", "Pfuhl über Offenhausen, Neu-Ulm Bahnhof", -50, 4*time.Minute),
		trip(182, model.VehicleBus, "12", "Neu-Ulm Wiley Süd", 250, 20*time.Second),
		{VehicleNumber: 190, VehicleCategory: model.VehicleBus}, // not in service: not listed
	}
}

// specsOver returns n board specs cycling over the four test stops.
func specsOver(n int) []app.BoardSpec {
	stops := []int{1008, 1350, 1240, 1010}
	out := make([]app.BoardSpec, n)
	for i := range out {
		out[i] = app.BoardSpec{Stop: stops[i%len(stops)]}
	}
	return out
}

// newGridEnv returns a model of size w×h with base data loaded, the
// boards of specs watched and every feed's first poll answered.
func newGridEnv(t testing.TB, w, h int, specs []app.BoardSpec, opt func(*app.Options)) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	addGridStops(e.src)
	o := app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Boards: specs}
	if opt != nil {
		opt(&o)
	}
	e.m = New(o)
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.pollFeeds()
	if e.m.disp.Plain() {
		e.poll()
	}
	return e
}

// pollFeeds runs one full poll of every grid feed.
func (e *testEnv) pollFeeds() {
	e.t.Helper()
	for _, f := range append([]*feeds.Entry(nil), e.m.disp.Grid.Feeds()...) {
		cmd := e.send(feeds.TickMsg{Key: feeds.BoardFeed(f.Subj), Gen: f.Poll.Gen})
		if cmd == nil {
			e.t.Fatalf("feed %v: tick started no fetch", f.Subj)
		}
		e.deliver(cmd)
	}
}

// fleetPoll runs one full poll of the fleet.
func (e *testEnv) fleetPoll() {
	e.t.Helper()
	cmd := e.send(feeds.TickMsg{Key: feeds.FleetKey, Gen: e.m.disp.Fleet.Polls().Gen})
	if cmd == nil {
		e.t.Fatal("fleet tick started no fetch")
	}
	e.send(cmd())
}

// removeBoard removes the focused grid board: `x` asks, a second `x`
// removes. It returns the second key's command.
func (e *testEnv) removeBoard() tea.Cmd {
	e.t.Helper()
	e.Key("x")
	return e.Key("x")
}
