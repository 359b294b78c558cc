package tui

import (
	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/vehicle"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// t0 is the fixed "now" of the unit tests: a Friday lunchtime in Ulm.
var t0 = time.Date(2026, 9, 11, 12, 34, 56, 0, model.Berlin)

// fakeSource is a Source with canned answers and call counters.
type fakeSource struct {
	mu       sync.Mutex
	boards   map[feeds.Subject]model.Board
	err      error // returned by every board call while set
	calls    []feeds.Subject
	base     app.BaseDataMsg
	trips    []model.Trip
	passages model.VehiclePassages // answered for every vehicle
	// wholeTrip answers Range=upcoming with the whole trip, as the real
	// service and the simulation do; else with the passages ahead.
	wholeTrip bool
	pattern   model.Pattern // Track and Stops, for every vehicle
	vehErr    error         // returned by Trips and Passages while set
	inFlight  int
	maxIn     int
	alert     model.Alert // the unplanned alert
	errAlert  error       // returned by Alert while set
	alerts    int         // Alert calls
	limits    []int       // the Limit of each stop departures call
	// wide answers stop departures asked for more than DefaultLimit.
	wide map[feeds.Subject]model.Board
	// missing are the subjects the service says it does not know.
	missing map[feeds.Subject]bool
}

func newFakeSource() *fakeSource {
	f := &fakeSource{boards: map[feeds.Subject]model.Board{}}
	f.boards[feeds.Subject{Stop: 1008}] = hbfBoard(false)
	f.boards[feeds.Subject{Stop: 1008, Arrivals: true}] = hbfBoard(true)
	for n := 1; n <= 7; n++ {
		code := model.CodeFor(1008, n)
		for _, arr := range []bool{false, true} {
			var evs []model.Event
			for _, e := range hbfBoard(arr).Events {
				if e.StopPointCode == code {
					e.StopPointCode, e.PlatformName, e.StopPointNumber = "", "", 0
					evs = append(evs, e)
				}
			}
			f.boards[feeds.Subject{Stop: 1008, Point: code, Arrivals: arr}] = model.Board{StopPointCode: code, Arrivals: arr,
				Events: evs, Timestamp: model.At(t0)}
		}
	}
	f.boards[feeds.Subject{Stop: 1350}] = model.Board{StopNumber: 1350, StopName: "Ehinger Tor", Events: hbfBoard(false).Events[:5], Timestamp: model.At(t0)}
	f.base = testBase()
	return f
}

func (f *fakeSource) Board(_ context.Context, s feeds.Subject) (model.Board, error) {
	f.mu.Lock()
	f.calls = append(f.calls, s)
	f.inFlight++
	f.maxIn = max(f.maxIn, f.inFlight)
	err := f.err
	b, ok := f.boards[s]
	missing := f.missing[s]
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.inFlight--; f.mu.Unlock() }()
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

func (f *fakeSource) StopDepartures(ctx context.Context, n, limit int) (model.Board, error) {
	f.mu.Lock()
	f.limits = append(f.limits, limit)
	w, ok := f.wide[feeds.Subject{Stop: n}]
	f.mu.Unlock()
	if ok && limit > app.DefaultLimit {
		f.mu.Lock()
		f.calls = append(f.calls, feeds.Subject{Stop: n})
		f.mu.Unlock()
		return w, nil
	}
	return f.Board(ctx, feeds.Subject{Stop: n})
}

func (f *fakeSource) StopArrivals(ctx context.Context, n, _ int) (model.Board, error) {
	return f.Board(ctx, feeds.Subject{Stop: n, Arrivals: true})
}

func (f *fakeSource) StopPointDepartures(ctx context.Context, c model.StopPointCode, _ int) (model.Board, error) {
	n, _ := c.StopNumber()
	return f.Board(ctx, feeds.Subject{Stop: n, Point: c})
}

func (f *fakeSource) StopPointArrivals(ctx context.Context, c model.StopPointCode, _ int) (model.Board, error) {
	n, _ := c.StopNumber()
	return f.Board(ctx, feeds.Subject{Stop: n, Point: c, Arrivals: true})
}

func (f *fakeSource) Routes(context.Context, model.Scope, int) ([]model.Route, error) {
	return f.base.Routes, nil
}

func (f *fakeSource) Stops(context.Context, model.Scope, int) ([]model.Stop, error) {
	return f.base.Stops, nil
}

func (f *fakeSource) StopPoints(context.Context, model.Scope, model.StopPointCode) ([]model.StopPoint, error) {
	return f.base.Points, nil
}

func (f *fakeSource) Vehicles(context.Context, model.Scope, int) ([]model.Vehicle, error) {
	return f.base.Vehicles, nil
}

func (f *fakeSource) Trips(context.Context, int) ([]model.Trip, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.trips, f.vehErr
}

func (f *fakeSource) Passages(_ context.Context, _ int, r model.Range) (model.VehiclePassages, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.vehErr != nil {
		return model.VehiclePassages{}, f.vehErr
	}
	vp := f.passages
	if r == model.RangeUpcoming && !f.wholeTrip {
		vp.Passages = nil
		for _, p := range f.passages.Passages {
			if !p.Status.Done() {
				vp.Passages = append(vp.Passages, p)
			}
		}
	}
	return vp, nil
}

func (f *fakeSource) Pattern(_ context.Context, _ int, scope model.PatternScope) (model.Pattern, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.pattern.TrackPoints) == 0 {
		return model.Pattern{}, errors.New("no pattern in the fake")
	}
	p := f.pattern
	if scope == model.PatternStops {
		p.TrackPoints = nil
	} else {
		p.StopPoints = nil
	}
	return p, nil
}

func (f *fakeSource) setErr(err error) { f.mu.Lock(); f.err = err; f.mu.Unlock() }

func (f *fakeSource) callCount() int { f.mu.Lock(); defer f.mu.Unlock(); return len(f.calls) }

// ev builds an event due in `in` from t0 with deviation dev seconds.
func ev(line string, cat model.VehicleCategory, vehicle int, dir, plat string, point int, in time.Duration, dev int, st model.PassageStatus) model.Event {
	actual := t0.Add(in)
	sched := actual.Add(-time.Duration(dev) * time.Second)
	e := model.Event{
		StopPointNumber: point, StopPointCode: model.CodeFor(1008, point), PlatformName: plat,
		VehicleNumber: vehicle, VehicleCategory: cat, RouteNumber: atoiOr(line), RouteName: line,
		Status: st, DirectionText: dir, Scheduled: model.At(sched), Actual: model.At(actual),
		Countdown: int(in / time.Second), Deviation: dev,
	}
	if vehicle == 0 { // timetable only
		e.Actual, e.Deviation = model.Time{}, 0
		e.Scheduled = model.At(actual)
	}
	return e
}

func atoiOr(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// hbfBoard is a fixed Hauptbahnhof board of 22 events (20 shown).
func hbfBoard(arrivals bool) model.Board {
	T, B := model.VehicleTram, model.VehicleBus
	m := time.Minute
	s := time.Second
	events := []model.Event{
		ev("2", T, 41, "Kuhberg Schulzentrum", "A", 1, -2*m, 0, model.StatusDeparted),    // hidden: long past
		ev("1", T, 53, "Söflingen", "B", 2, -30*s, 60, model.StatusDeparted),             // "now", departed
		ev("2", T, 44, "Science Park II", "B", 2, 20*s, 189, model.StatusStopping),       // now, +3
		ev("4", B, 151, "Böfingen", "D", 4, 2*m+10*s, 0, model.StatusArriving),           // 2 min on time
		ev("5", B, 153, "Wissenschaftsstadt", "C", 3, 4*m, 70, model.StatusPredicted),    // +1
		ev("1", T, 55, "Böfingen", "A", 1, 5*m+30*s, -50, model.StatusPredicted),         // -1
		ev("6", B, 0, "Wiblingen Alte Siedlung", "E", 5, 7*m, 0, model.StatusPredicted),  // planned
		ev("7", B, 161, "Kuhberg", "D", 4, 8*m, 420, model.StatusPredicted),              // +7
		ev("10", B, 170, "Pfuhl über Offenhausen, Neu-Ulm Bahnhof", "F", 6, 9*m, 0, 1),   // long name
		ev("2", T, 45, "Kuhberg Schulzentrum", "A", 1, 11*m, 0, model.StatusPredicted),   //
		ev("N1", B, 0, "Ulm Donautal", "E", 5, 12*m, 0, model.StatusPredicted),           // planned, night line
		ev("8", B, 172, "Eselsberg Hasenkopf", "C", 3, 13*m, 120, model.StatusPredicted), // +2
		ev("9", B, 173, "Ludwigsfeld", "F", 6, 15*m, 0, model.StatusPredicted),
		ev("3", B, 180, "Ersatzverkehr Theater", "G", 7, 16*m, 0, model.StatusPredicted), // unknown colour
		ev("1", T, 56, "Söflingen", "B", 2, 17*m, 30, model.StatusPredicted),
		ev("11", B, 181, "Eselsberg", "C", 3, 19*m, 0, model.StatusPredicted),
		ev("12", B, 182, "Neu-Ulm Wiley Süd", "F", 6, 21*m, 0, model.StatusPredicted),
		ev("13", B, 183, "Grimmelfingen", "D", 4, 24*m, 0, model.StatusPredicted),
		ev("2", T, 46, "Science Park II", "B", 2, 26*m, 0, model.StatusPredicted),
		ev("14", B, 0, "Jungingen", "E", 5, 31*m, 0, model.StatusPredicted),
		ev("15", B, 185, "Böfingen Süd", "D", 4, 45*m, 0, model.StatusPredicted),
		ev("5", B, 186, "Wissenschaftsstadt", "C", 3, 75*m, 0, model.StatusPredicted), // beyond an hour
	}
	if arrivals {
		for i := range events {
			events[i].Arrival = true
			events[i].DirectionText = "from " + events[i].DirectionText
		}
	}
	return model.Board{StopNumber: 1008, StopCode: "HBF", StopName: "Hauptbahnhof", Limit: 22,
		Timestamp: model.At(t0), Arrivals: arrivals, Events: events}
}

// testBase is a small slice of the network's base data.
func testBase() app.BaseDataMsg {
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

// testEnv holds a model under test with its fake source and clock: the
// interactive root m, or the kiosk k when set (newKioskEnv).
type testEnv struct {
	t   testing.TB
	src *fakeSource
	now time.Time
	m   Model
	k   *kiosk.Model
}

// View renders the model under test.
func (e *testEnv) View() string {
	if e.k != nil {
		return e.k.View()
	}
	return e.m.View()
}

// newEnv returns a model of size w×h at t0 with the fake source; base
// data is loaded and the first poll answered when loaded is true.
func newEnv(t testing.TB, w, h int, loaded bool) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: newFakeSource(), now: t0}
	e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	if loaded {
		e.send(e.src.base)
		e.poll()
	}
	return e
}

// send delivers msg to the model and returns the command it gave back,
// unexecuted.
func (e *testEnv) send(msg tea.Msg) tea.Cmd {
	e.t.Helper()
	if e.k != nil {
		nk, cmd := e.k.Update(msg)
		*e.k = nk.(kiosk.Model)
		return cmd
	}
	nm, cmd := e.m.Update(msg)
	e.m = nm.(Model)
	return cmd
}

// Key sends a key given as Bubble Tea names it ("a", "enter", "esc").
func (e *testEnv) Key(k string) tea.Cmd {
	e.t.Helper()
	return e.send(keyMsg(k))
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Tick sends the board's current poll tick and returns the fetch command.
func (e *testEnv) Tick() tea.Cmd {
	e.t.Helper()
	return e.send(feeds.TickMsg{Key: e.m.Board().Key(), Gen: e.m.Board().Polls().Gen})
}

// poll runs one full poll: tick, fetch (executed), answer delivered.
func (e *testEnv) poll() {
	e.t.Helper()
	cmd := e.Tick()
	if cmd == nil {
		e.t.Fatal("tick started no fetch")
	}
	e.deliver(cmd)
}

// deliver executes a fetch command (never a tick) and sends its message.
func (e *testEnv) deliver(cmd tea.Cmd) tea.Cmd {
	e.t.Helper()
	msg := cmd()
	switch msg.(type) {
	case feeds.AnswerMsg, vehicle.PatternMsg, vehicle.VehicleInfoMsg:
	default:
		e.t.Fatalf("expected a fetch result, got %T", msg)
	}
	return e.send(msg)
}

// runMsgs executes a command that returns a plain message (pollNowCmd,
// openCmd) and sends the message; used only for commands known not to be
// timers.
func (e *testEnv) runNow(cmd tea.Cmd) tea.Cmd {
	e.t.Helper()
	if cmd == nil {
		e.t.Fatal("no command")
	}
	return e.send(cmd())
}

// advance moves the fake clock by d and delivers the clock message.
func (e *testEnv) advance(d time.Duration) {
	e.t.Helper()
	e.now = e.now.Add(d)
	e.send(app.ClockMsg{Now: e.now})
}

// Alert returns the fake's alert, or errAlert while set.
func (f *fakeSource) Alert(context.Context) (model.Alert, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.alerts++
	return f.alert, f.errAlert
}

// Board returns the board the keys act on: the plain board or the
// grid's focused one.
func (m *Model) Board() *board.Pane { return m.disp.Grid.Focused() }
