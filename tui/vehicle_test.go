package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// vehicleEnv is a loaded board at w×h with the vehicle pane open on tram
// 44 in phase ph at stop k, after one poll.
func vehicleEnv(t testing.TB, w, h, k int, ph model.TripPhase) *testEnv {
	t.Helper()
	e := newEnv(t, w, h, true)
	e.src.SetVehicle(testkit.Line2Trip(k, ph))
	e.openVehicle(44)
	e.vehiclePoll()
	return e
}

func TestGoldenVehicle(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}} {
		t.Run(sz.name, func(t *testing.T) {
			e := vehicleEnv(t, sz.w, sz.h, 8, model.PhaseBetween)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}

// TestGoldenVehicleStates pins the diagram's faces at 100×30: before the
// trip starts, at a stop, the trip ended, out of service keeping the last
// trip, and the upcoming range.
func TestGoldenVehicleStates(t *testing.T) {
	cases := map[string]func(e *testEnv){
		"before": func(e *testEnv) { e.src.SetVehicle(testkit.Line2Trip(0, model.PhaseBefore)); e.vehiclePoll() },
		"at":     func(e *testEnv) { e.src.SetVehicle(testkit.Line2Trip(6, model.PhaseAt)); e.vehiclePoll() },
		"ended":  func(e *testEnv) { e.src.SetVehicle(testkit.Line2Trip(18, model.PhaseEnded)); e.vehiclePoll() },
		"out": func(e *testEnv) {
			e.src.SetVehicle([]model.Trip{{VehicleNumber: 44, VehicleCategory: model.VehicleTram}}, model.VehiclePassages{}, model.Pattern{})
			e.vehiclePoll()
		},
		"upcoming": func(e *testEnv) {
			e.deliver(e.runNow(e.Key("u")))
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			e := vehicleEnv(t, 100, 30, 8, model.PhaseBetween)
			setup(e)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}

// TestVehiclePaneLeavesTheBoardAlone: the vehicle pane's chain is
// independent of the board's; esc closes the pane, gives the board the
// focus back and ends the chain. (The pane's own bookkeeping is
// TestVehiclePollBookkeeping in package vehicle.)
func TestVehiclePaneLeavesTheBoardAlone(t *testing.T) {
	e := vehicleEnv(t, 100, 30, 8, model.PhaseBetween)
	board := e.boardFeeds()[0]
	boardGen := board.Poll.Gen
	e.deliver(e.vehicleTick())
	if board.Poll.Gen != boardGen {
		t.Error("the vehicle pane's polls touched the board's schedule")
	}
	veh := e.vehicleFeed()
	key, fetch := veh.Key, e.vehicleTick()
	gen := veh.Poll.Gen
	e.Key("esc")
	if strings.Contains(e.View(), "Tram 44") || e.m.focus != app.PaneBoard || e.vehicleFeed() != nil {
		t.Fatal("esc should close the pane")
	}
	if e.send(feeds.TickMsg{Key: key, Gen: gen}) != nil || e.send(fetch()) != nil {
		t.Error("a closed pane still polls")
	}
}

// TestVehicleOpensFromSearchAndStart: choosing a vehicle in the search and
// the --vehicle option open the pane; Esc goes back to the board.
func TestVehicleOpensFromSearchAndStart(t *testing.T) {
	e := newEnv(t, 120, 30, true)
	e.src.SetVehicle(testkit.Line2Trip(8, model.PhaseBetween))
	e.Key("/")
	for _, r := range "44" {
		e.Key(string(r))
	}
	e.Key("enter")
	if v := e.View(); !showsVehicle(v, 44) || e.m.focus != app.PaneVehicle {
		t.Fatalf("choosing vehicle 44 should open its pane:\n%s", v)
	}
	m := New(app.Options{Source: e.src, Vehicle: 151})
	cmd := m.Init()
	if cmd == nil {
		t.Fatal("no Init command")
	}
	nm, _ := m.Update(app.OpenMsg{Target: app.Target{Kind: app.TargetVehicle, Vehicle: 151}})
	nm, _ = nm.Update(tea.WindowSizeMsg{Width: 120, Height: 30}) // a frame to look at
	if v := nm.View(); !showsVehicle(v, 151) {
		t.Fatalf("--vehicle should open the pane:\n%s", v)
	}
}

// TestVehicleSideBySide: wide terminals show board and pane together, narrow
// ones give the pane the screen.
func TestVehicleSideBySide(t *testing.T) {
	e := vehicleEnv(t, 160, 40, 8, model.PhaseBetween)
	v := e.m.View()
	if !strings.Contains(v, "Departures") || !strings.Contains(v, "Tram 44") {
		t.Fatalf("160 columns: board and pane side by side:\n%s", v)
	}
	e.send(tea.WindowSizeMsg{Width: 100, Height: 40})
	v = e.m.View()
	if strings.Contains(v, "Departures") || !strings.Contains(v, "Tram 44") {
		t.Fatalf("100 columns: the pane takes the screen:\n%s", v)
	}
	if !strings.ContainsAny(v, "⠁⠂⠄⡀⠈⠐⠠⢀") && !strings.ContainsRune(v, '◆') {
		t.Errorf("no map drawn at 100×40:\n%s", v)
	}
}

// BenchmarkViewVehicle100x40 is View of the vehicle pane with its map at
// 100×40 when the second changed: header, ages and countdowns are drawn
// anew, the map comes from its cache.
func BenchmarkViewVehicle100x40(b *testing.B) {
	trueColor(b)
	e := vehicleEnv(b, 100, 40, 8, model.PhaseBetween)
	_ = e.m.View()
	now := testkit.T0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		now = now.Add(time.Second)
		e.m.sh.Now = now
		_ = e.m.View()
	}
}

// BenchmarkViewVehicle100x40Poll is View after a poll: the map is drawn
// anew too. It reaches into the vehicle pane to invalidate its caches
// (a benchmark of the whole frame, as BENCHMARKS.md publishes it).
func BenchmarkViewVehicle100x40Poll(b *testing.B) {
	trueColor(b)
	e := vehicleEnv(b, 100, 40, 8, model.PhaseBetween)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		e.m.vehicle.MapRev++
		e.m.vehicle.Touch()
		_ = e.m.View()
	}
}
