package tui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/vehicle"
)

// openVehicle opens the vehicle pane on n as the search or --vehicle
// would, without running the returned commands.
func (e *testEnv) openVehicle(n int) {
	e.t.Helper()
	e.send(app.OpenMsg{Target: app.Target{Kind: app.TargetVehicle, Vehicle: n}})
}

// vehicleTick sends the vehicle pane's current poll tick and returns the
// fetch command (nil when the tick was dropped).
func (e *testEnv) vehicleTick() tea.Cmd {
	e.t.Helper()
	f := e.vehicleFeed()
	if f == nil {
		e.t.Fatal("no vehicle feed")
	}
	return e.send(feeds.TickMsg{Key: f.Key, Gen: f.Poll.Gen})
}

// vehicleFeed is the vehicle pane's feed in the root's registry (the
// vehicle's trip and passages), nil when no pane holds one.
func (e *testEnv) vehicleFeed() *feeds.Entry {
	for _, f := range e.m.sh.Reg.Entries {
		if f.Key.Kind == feeds.FeedVehicle {
			return f
		}
	}
	return nil
}

// vehiclePoll runs one full poll of the vehicle pane: tick, fetch, answer;
// then the pattern and base data requests it started, if any.
func (e *testEnv) vehiclePoll() {
	e.t.Helper()
	cmd := e.vehicleTick()
	if cmd == nil {
		e.t.Fatal("vehicle tick started no fetch")
	}
	e.deliver(cmd)
	e.vehicleSide()
}

// vehicleSide answers the pane's pattern and base data requests in flight.
func (e *testEnv) vehicleSide() {
	e.t.Helper()
	p := &e.m.vehicle
	if p.PatSeq != 0 {
		e.send(vehicle.FetchPatternCmd(context.Background(), e.src, p.PatSeq, p.Vehicle, p.PatKey, time.Second)())
	}
	if p.InfoSeq != 0 {
		e.send(vehicle.VehicleInfoCmd(context.Background(), e.src, p.InfoSeq, p.Vehicle, time.Second)())
	}
}
