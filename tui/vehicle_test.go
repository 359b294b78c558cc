package tui

import (
	"errors"
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

// TestVehiclePollBookkeeping: the pane's chain is independent of the
// board, drops stale ticks and answers, fetches the pattern once per trip
// and keeps the last trip when the vehicle leaves service.
func TestVehiclePollBookkeeping(t *testing.T) {
	e := vehicleEnv(t, 100, 30, 8, model.PhaseBetween)
	p := &e.m.vehicle
	if !p.Have || !p.PatReady || p.Info == nil {
		t.Fatalf("after the first poll: have %v pattern %v info %v", p.Have, p.PatReady, p.Info != nil)
	}
	boardGen := e.m.Board().Polls().Gen

	// A stale tick and a second tick while one is in flight start nothing.
	if e.send(feeds.TickMsg{Key: p.Key(), Gen: p.Polls().Gen - 1}) != nil {
		t.Error("a tick of an old schedule started a fetch")
	}
	fetch := e.vehicleTick()
	if fetch == nil || e.vehicleTick() != nil {
		t.Fatal("want exactly one fetch in flight")
	}
	// An answer with another seq is ignored.
	if e.send(feeds.AnswerMsg{Key: p.Key(), Seq: 999}) != nil {
		t.Error("an answer nobody waits for scheduled something")
	}
	e.deliver(fetch)
	if p.PatSeq != 0 {
		t.Error("the same trip fetched its pattern again")
	}
	if e.m.Board().Polls().Gen != boardGen {
		t.Error("the vehicle pane's polls touched the board's schedule")
	}
	if len(p.Samples) != 2 {
		t.Errorf("%d deviation samples after two polls", len(p.Samples))
	}

	// A failed poll keeps the trip and says it is stale.
	e.src.Mu.Lock()
	e.src.VehErr = errors.New("connection refused")
	e.src.Mu.Unlock()
	e.vehiclePoll()
	if !p.Have || !strings.Contains(e.m.View(), "connection refused") {
		t.Fatalf("a failed poll should keep the trip and say what failed:\n%s", e.m.View())
	}
	p.Feed.Poll.LastOK = e.now.Add(-time.Minute) // older than two intervals (issue 12 item 13)
	e.advance(time.Second)
	if !strings.Contains(e.m.View(), "stale since") {
		t.Fatalf("a trip older than two intervals should be marked stale:\n%s", e.m.View())
	}
	e.src.Mu.Lock()
	e.src.VehErr = nil
	e.src.Mu.Unlock()

	// Out of service: the last trip stays, the pane says so.
	e.src.SetVehicle([]model.Trip{{VehicleNumber: 44, VehicleCategory: model.VehicleTram}}, model.VehiclePassages{}, model.Pattern{})
	e.vehiclePoll()
	v := e.m.View()
	if !p.Out || !strings.Contains(v, "Out of service since") || !strings.Contains(v, "Stadtwerke") {
		t.Fatalf("out of service should keep the last trip:\n%s", v)
	}

	// Its next trip: picked up again, with the new trip's pattern.
	trips, vp, pat := testkit.Line2Trip(0, model.PhaseBefore)
	for i := range vp.Passages {
		vp.Passages[i].ArrivalTimeScheduled = model.At(vp.Passages[i].ArrivalTimeScheduled.Add(time.Hour))
	}
	e.src.SetVehicle(trips, vp, pat)
	cmd := e.vehicleTick()
	e.deliver(cmd)
	if p.Out || p.PatSeq == 0 || p.PatReady {
		t.Fatalf("a new trip should be picked up and fetch its pattern: out %v patSeq %d", p.Out, p.PatSeq)
	}
	e.vehicleSide()
	if !p.PatReady || strings.Contains(e.m.View(), "Out of service") {
		t.Fatalf("the new trip should show:\n%s", e.m.View())
	}

	// Closing ends the chain: its ticks and answers are dropped.
	fetch = e.vehicleTick()
	gen := p.Polls().Gen
	e.Key("esc")
	if e.m.vehicle.Open || e.m.focus != app.PaneBoard {
		t.Fatal("esc should close the pane")
	}
	if e.send(feeds.TickMsg{Key: p.Key(), Gen: gen}) != nil || e.send(fetch()) != nil {
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
	if !e.m.vehicle.Open || e.m.vehicle.Vehicle != 44 || e.m.focus != app.PaneVehicle {
		t.Fatalf("choosing vehicle 44 should open its pane")
	}
	m := New(app.Options{Source: e.src, Vehicle: 151})
	cmd := m.Init()
	if cmd == nil {
		t.Fatal("no Init command")
	}
	nm, _ := m.Update(app.OpenMsg{Target: app.Target{Kind: app.TargetVehicle, Vehicle: 151}})
	if mm := nm.(Model); !mm.vehicle.Open || mm.vehicle.Vehicle != 151 {
		t.Fatal("--vehicle should open the pane")
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
// anew too.
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
