package testkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// T0 is the fixed "now" of the unit tests: a Friday lunchtime in Ulm.
var T0 = time.Date(2026, 9, 11, 12, 34, 56, 0, model.Berlin)

// FakeSource is a Source with canned answers and call counters.
type FakeSource struct {
	Mu          sync.Mutex
	Boards      map[feeds.Subject]model.Board
	Err         error // returned by every board call while set
	Calls       []feeds.Subject
	Base        app.BaseDataMsg
	Fleet       []model.Trip
	VehPassages model.VehiclePassages // answered for every vehicle
	// ByVehicle, where it has a vehicle, answers that vehicle's passages
	// instead of VehPassages (the ladder's tests).
	ByVehicle map[int]model.VehiclePassages
	// WholeTrip answers Range=upcoming with the whole trip, as the real
	// service and the simulation do; else with the passages ahead.
	WholeTrip  bool
	VehPattern model.Pattern // Track and Stops, for every vehicle
	VehErr     error         // returned by Trips and Passages while set
	inFlight   int
	maxIn      int
	TheAlert   model.Alert // the unplanned alert
	errAlert   error       // returned by Alert while set
	alerts     int         // Alert calls
	Limits     []int       // the Limit of each stop departures call
	// Wide answers stop departures asked for more than DefaultLimit.
	Wide map[feeds.Subject]model.Board
	// Missing are the subjects the service says it does not know.
	Missing map[feeds.Subject]bool
}

// NewFakeSource returns a fake with the Hauptbahnhof boards (all, each platform, departures and arrivals), Ehinger Tor and TestBase.
func NewFakeSource() *FakeSource {
	f := &FakeSource{Boards: map[feeds.Subject]model.Board{}}
	f.Boards[feeds.Subject{Stop: 1008}] = HbfBoard(false)
	f.Boards[feeds.Subject{Stop: 1008, Arrivals: true}] = HbfBoard(true)
	for n := 1; n <= 7; n++ {
		code := model.CodeFor(1008, n)
		for _, arr := range []bool{false, true} {
			var evs []model.Event
			for _, e := range HbfBoard(arr).Events {
				if e.StopPointCode == code {
					e.StopPointCode, e.PlatformName, e.StopPointNumber = "", "", 0
					evs = append(evs, e)
				}
			}
			f.Boards[feeds.Subject{Stop: 1008, Point: code, Arrivals: arr}] = model.Board{StopPointCode: code, Arrivals: arr,
				Events: evs, Timestamp: model.At(T0)}
		}
	}
	f.Boards[feeds.Subject{Stop: 1350}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Events: HbfBoard(false).Events[:5], Timestamp: model.At(T0)}
	f.Base = TestBase()
	return f
}

// Board is the fake's answer from its canned data.
func (f *FakeSource) Board(_ context.Context, s feeds.Subject) (model.Board, error) {
	f.Mu.Lock()
	f.Calls = append(f.Calls, s)
	f.inFlight++
	f.maxIn = max(f.maxIn, f.inFlight)
	err := f.Err
	b, ok := f.Boards[s]
	missing := f.Missing[s]
	f.Mu.Unlock()
	defer func() { f.Mu.Lock(); f.inFlight--; f.Mu.Unlock() }()
	if err != nil {
		return model.Board{}, err
	}
	if missing {
		return model.Board{}, &feed.NotFoundError{Status: "no stop found", Subject: fmt.Sprintf("StopNumber %d", s.Stop)}
	}
	if !ok {
		return model.Board{}, errors.New("no stop found")
	}
	return b, nil
}

// StopDepartures is the fake's answer from its canned data.
func (f *FakeSource) StopDepartures(ctx context.Context, n, limit int) (model.Board, error) {
	f.Mu.Lock()
	f.Limits = append(f.Limits, limit)
	w, ok := f.Wide[feeds.Subject{Stop: n}]
	f.Mu.Unlock()
	if ok && limit > app.DefaultLimit {
		f.Mu.Lock()
		f.Calls = append(f.Calls, feeds.Subject{Stop: n})
		f.Mu.Unlock()
		w.Events = w.Events[:min(len(w.Events), limit)] // the service answers at most limit
		return w, nil
	}
	return f.Board(ctx, feeds.Subject{Stop: n})
}

// StopArrivals is the fake's answer from its canned data.
func (f *FakeSource) StopArrivals(ctx context.Context, n, _ int) (model.Board, error) {
	return f.Board(ctx, feeds.Subject{Stop: n, Arrivals: true})
}

// StopPointDepartures is the fake's answer from its canned data.
func (f *FakeSource) StopPointDepartures(ctx context.Context, c model.StopPointCode, _ int) (model.Board, error) {
	n, _ := c.StopNumber()
	return f.Board(ctx, feeds.Subject{Stop: n, Point: c})
}

// StopPointArrivals is the fake's answer from its canned data.
func (f *FakeSource) StopPointArrivals(ctx context.Context, c model.StopPointCode, _ int) (model.Board, error) {
	n, _ := c.StopNumber()
	return f.Board(ctx, feeds.Subject{Stop: n, Point: c, Arrivals: true})
}

// Routes is the fake's answer from its canned data.
func (f *FakeSource) Routes(context.Context, model.Scope, int) ([]model.Route, error) {
	return f.Base.Routes, nil
}

// Stops is the fake's answer from its canned data.
func (f *FakeSource) Stops(context.Context, model.Scope, int) ([]model.Stop, error) {
	return f.Base.Stops, nil
}

// StopPoints is the fake's answer from its canned data.
func (f *FakeSource) StopPoints(context.Context, model.Scope, model.StopPointCode) ([]model.StopPoint, error) {
	return f.Base.Points, nil
}

// Vehicles is the fake's answer from its canned data.
func (f *FakeSource) Vehicles(context.Context, model.Scope, int) ([]model.Vehicle, error) {
	return f.Base.Vehicles, nil
}

// Trips is the fake's answer from its canned data.
func (f *FakeSource) Trips(context.Context, int) ([]model.Trip, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	return f.Fleet, f.VehErr
}

// Passages is the fake's answer from its canned data.
func (f *FakeSource) Passages(_ context.Context, n int, r model.Range) (model.VehiclePassages, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if f.VehErr != nil {
		return model.VehiclePassages{}, f.VehErr
	}
	vp := f.VehPassages
	if b, ok := f.ByVehicle[n]; ok {
		return b, nil
	}
	if r == model.RangeUpcoming && !f.WholeTrip {
		vp.Passages = nil
		for _, p := range f.VehPassages.Passages {
			if !p.Status.Done() {
				vp.Passages = append(vp.Passages, p)
			}
		}
	}
	return vp, nil
}

// Pattern is the fake's answer from its canned data.
func (f *FakeSource) Pattern(_ context.Context, _ int, scope model.PatternScope) (model.Pattern, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	if len(f.VehPattern.TrackPoints) == 0 {
		return model.Pattern{}, errors.New("no pattern in the fake")
	}
	p := f.VehPattern
	if scope == model.PatternStops {
		p.TrackPoints = nil
	} else {
		p.StopPoints = nil
	}
	return p, nil
}

// SetErr is the fake's answer from its canned data.
func (f *FakeSource) SetErr(err error) { f.Mu.Lock(); f.Err = err; f.Mu.Unlock() }

// CallCount is the fake's answer from its canned data.
func (f *FakeSource) CallCount() int { f.Mu.Lock(); defer f.Mu.Unlock(); return len(f.Calls) }

// Ev builds an event due in `in` from t0 with deviation dev seconds.
func Ev(line string, cat model.VehicleCategory, vehicle int, dir, plat string, point int, in time.Duration, dev int, st model.PassageStatus) model.Event {
	actual := T0.Add(in)
	sched := actual.Add(-time.Duration(dev) * time.Second)
	e := model.Event{
		StopPointNumber: point, StopPointCode: model.CodeFor(1008, point), PlatformName: plat,
		VehicleNumber: vehicle, VehicleCategory: cat, RouteNumber: AtoiOr(line), RouteName: line,
		Status: st, DirectionText: dir, Scheduled: model.At(sched), Actual: model.At(actual),
		Countdown: int(in / time.Second), Deviation: dev,
	}
	if vehicle == 0 { // timetable only
		e.Actual, e.Deviation = model.Time{}, 0
		e.Scheduled = model.At(actual)
	}
	return e
}

// AtoiOr is a test helper.
func AtoiOr(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// HbfBoard is a fixed Hauptbahnhof board of 22 events (20 shown).
func HbfBoard(arrivals bool) model.Board {
	T, B := model.VehicleTram, model.VehicleBus
	m := time.Minute
	s := time.Second
	events := []model.Event{
		Ev("2", T, 41, "Kuhberg Schulzentrum", "A", 1, -2*m, 0, model.StatusDeparted),    // hidden: long past
		Ev("1", T, 53, "Söflingen", "B", 2, -30*s, 60, model.StatusDeparted),             // "now", departed
		Ev("2", T, 44, "Science Park II", "B", 2, 20*s, 189, model.StatusStopping),       // now, +3
		Ev("4", B, 151, "Böfingen", "D", 4, 2*m+10*s, 0, model.StatusArriving),           // 2 min on time
		Ev("5", B, 153, "Wissenschaftsstadt", "C", 3, 4*m, 70, model.StatusPredicted),    // +1
		Ev("1", T, 55, "Böfingen", "A", 1, 5*m+30*s, -50, model.StatusPredicted),         // -1
		Ev("6", B, 0, "Wiblingen Alte Siedlung", "E", 5, 7*m, 0, model.StatusPredicted),  // planned
		Ev("7", B, 161, "Kuhberg", "D", 4, 8*m, 420, model.StatusPredicted),              // +7
		Ev("10", B, 170, "Pfuhl über Offenhausen, Neu-Ulm Bahnhof", "F", 6, 9*m, 0, 1),   // long name
		Ev("2", T, 45, "Kuhberg Schulzentrum", "A", 1, 11*m, 0, model.StatusPredicted),   //
		Ev("N1", B, 0, "Ulm Donautal", "E", 5, 12*m, 0, model.StatusPredicted),           // planned, night line
		Ev("8", B, 172, "Eselsberg Hasenkopf", "C", 3, 13*m, 120, model.StatusPredicted), // +2
		Ev("9", B, 173, "Ludwigsfeld", "F", 6, 15*m, 0, model.StatusPredicted),
		Ev("3", B, 180, "Ersatzverkehr Theater", "G", 7, 16*m, 0, model.StatusPredicted), // unknown colour
		Ev("1", T, 56, "Söflingen", "B", 2, 17*m, 30, model.StatusPredicted),
		Ev("11", B, 181, "Eselsberg", "C", 3, 19*m, 0, model.StatusPredicted),
		Ev("12", B, 182, "Neu-Ulm Wiley Süd", "F", 6, 21*m, 0, model.StatusPredicted),
		Ev("13", B, 183, "Grimmelfingen", "D", 4, 24*m, 0, model.StatusPredicted),
		Ev("2", T, 46, "Science Park II", "B", 2, 26*m, 0, model.StatusPredicted),
		Ev("14", B, 0, "Jungingen", "E", 5, 31*m, 0, model.StatusPredicted),
		Ev("15", B, 185, "Böfingen Süd", "D", 4, 45*m, 0, model.StatusPredicted),
		Ev("5", B, 186, "Wissenschaftsstadt", "C", 3, 75*m, 0, model.StatusPredicted), // beyond an hour
	}
	if arrivals {
		for i := range events {
			events[i].Arrival = true
			events[i].DirectionText = "from " + events[i].DirectionText
		}
	}
	return model.Board{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof", Limit: 22,
		Timestamp: model.At(T0), Arrivals: arrivals, Events: events}
}

// TestBase is a small slice of the network's base data.
func TestBase() app.BaseDataMsg {
	sp := func(stop int, name string, n int, plat string) model.StopStopPoint {
		return model.StopStopPoint{StopPointNumber: n, StopPointCode: model.CodeFor(stop, n), PlatformName: plat,
			StopPointName: name + " Steig " + plat}
	}
	hbf := model.Stop{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof"}
	for i, p := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		hbf.StopPoints = append(hbf.StopPoints, sp(1008, "Hauptbahnhof", i+1, p))
	}
	eht := model.Stop{StopNumber: 1350, StopCode: "EHT", StopName: "Ehinger Tor",
		StopPoints: []model.StopStopPoint{sp(1350, "Ehinger Tor", 1, "A"), sp(1350, "Ehinger Tor", 2, "B")}}
	depot := model.Stop{StopNumber: 1900, StopCode: "BHOF", StopName: "Betriebshof Ehinger Tor"}
	var points []model.StopPoint
	for _, s := range []model.Stop{hbf, eht} {
		for _, p := range s.StopPoints {
			points = append(points, model.StopPoint{StopPointNumber: p.StopPointNumber, StopPointCode: p.StopPointCode,
				PlatformName: p.PlatformName, StopPointName: p.StopPointName,
				ParentStop: model.ParentStop{StopNumber: s.StopNumber, StopCode: s.StopCode, StopName: s.StopName}})
		}
	}
	routes := []model.Route{
		{RouteNumber: 1, RouteName: "1", RouteCategory: model.RouteTram,
			RouteDirections: []model.RouteDirection{{Direction: 1, DirectionName: "Böfingen"}, {Direction: 2, DirectionName: "Söflingen"}}},
		{RouteNumber: 2, RouteName: "2", RouteCategory: model.RouteTram,
			RouteDirections: []model.RouteDirection{{Direction: 1, DirectionName: "Kuhberg"}, {Direction: 2, DirectionName: "Science Park II"}},
			RoutePattern: []model.RoutePattern{{PatternDirection: 2, StopPoints: []model.PatternStopRef{{StopNumber: 1008}}},
				{PatternDirection: 1, StopPoints: []model.PatternStopRef{{StopNumber: 1350}}}}},
		{RouteNumber: 5, RouteName: "5", RouteCategory: model.RouteBus},
	}
	vehicles := []model.Vehicle{
		{VehicleNumber: 44, VehicleCategory: model.VehicleTram, VehicleName: "Avenio 44",
			ModelData: &model.ModelData{Make: "Siemens", Model: "Avenio M"}, CapacityData: &model.CapacityData{Seats: 68, StandingSpaces: 112}},
		{VehicleNumber: 151, VehicleCategory: model.VehicleBus},
	}
	return app.BaseDataMsg{Stops: []model.Stop{hbf, eht, depot}, Points: points, Routes: routes, Vehicles: vehicles}
}

// Alert returns the fake's alert, or errAlert while set.
func (f *FakeSource) Alert(context.Context) (model.Alert, error) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	f.alerts++
	return f.TheAlert, f.errAlert
}

// SetBoardTime sets the CurrentTimestamp the fake answers Hauptbahnhof with.
func (f *FakeSource) SetBoardTime(ts time.Time) {
	f.Mu.Lock()
	defer f.Mu.Unlock()
	b := f.Boards[feeds.Subject{Stop: 1008}]
	b.Timestamp = model.At(ts)
	f.Boards[feeds.Subject{Stop: 1008}] = b
}

// SetVehicle replaces the fake's answers for vehicle 44.
func (f *FakeSource) SetVehicle(trips []model.Trip, vp model.VehiclePassages, pat model.Pattern) {
	f.Mu.Lock()
	f.Fleet, f.VehPassages, f.VehPattern = trips, vp, pat
	f.Mu.Unlock()
}

// MovedBoard is board b as if at stop n named name: every time later by
// shift, delays larger by extraDelay seconds, and vehicles renumbered by
// vehicleOffset (0 keeps them), so that boards of several stops differ.
func MovedBoard(b model.Board, n int, name string, shift time.Duration, extraDelay, vehicleOffset int) model.Board {
	b.StopNumber, b.StopName, b.StopCode = n, name, ""
	b.Events = slices.Clone(b.Events)
	for j := range b.Events {
		e := &b.Events[j]
		e.StopPointCode = model.CodeFor(n, e.StopPointNumber)
		e.Scheduled = model.At(e.Scheduled.Add(shift))
		if e.Actual.Known() {
			e.Actual = model.At(e.Actual.Add(shift))
			e.Deviation += extraDelay
		}
		e.VehicleNumber += vehicleOffset * min(e.VehicleNumber, 1)
	}
	return b
}

// LongBoard is Hauptbahnhof with n departures a minute apart: line 2 to
// Science Park II every fourth, line 1 to Böfingen the others.
func LongBoard(n int) model.Board {
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(T0)}
	for i := range n {
		line, dir := "1", "Böfingen"
		if i%4 == 0 {
			line, dir = "2", "Science Park II"
		}
		b.Events = append(b.Events, Ev(line, model.VehicleTram, 40+i, dir, "A", 1, time.Duration(i+1)*time.Minute, 0, model.StatusPredicted))
	}
	return b
}

// Each runs cmd and the commands of its batches, handing every message
// they give to fn (nil messages are dropped); only for commands without
// timers.
func Each(cmd tea.Cmd, fn func(tea.Msg)) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			Each(c, fn)
		}
	default:
		fn(msg)
	}
}

// ReadSpecs reads a boards.json as the board specs it holds; a file that
// cannot be read or parsed fails the test.
func ReadSpecs(t testing.TB, path string) []app.BoardSpec {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var specs []app.BoardSpec
	if err := json.Unmarshal(data, &specs); err != nil {
		t.Fatalf("%s does not parse: %v\n%s", path, err, data)
	}
	return specs
}
