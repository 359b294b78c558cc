package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// TestRequestRate: the status bar shows the requests of the last minute.
func TestRequestRate(t *testing.T) {
	var n int64
	e := newEnvWithOptions(t, func(o *app.Options) { o.Stats = func() int64 { return n } })
	for range 90 {
		n += 2
		e.advance(time.Second)
	}
	if v := e.m.View(); !strings.Contains(v, "120 req/min") {
		t.Errorf("want 120 req/min after 90 s at 2/s:\n%s", lastLines(v, 2))
	}
}

// newEnvWithOptions is newEnv with options changed by opt; base data is
// loaded and the single board's first poll answered.
func newEnvWithOptions(t testing.TB, opt func(*app.Options)) *testEnv {
	return newGridEnv(t, 120, 40, nil, func(o *app.Options) {
		opt(o)
	})
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	return strings.Join(l[max(len(l)-n, 0):], "\n")
}

var _ = model.Berlin

// In the first minute the rate counts every request since the start
// (the counter starts with the program), not only those after the first
// sample.
func TestRequestRateInTheFirstMinute(t *testing.T) {
	n := int64(6) // the first polls and the base data, before the first clock second
	e := newEnvWithOptions(t, func(o *app.Options) { o.Stats = func() int64 { return n } })
	for range 10 {
		e.advance(time.Second)
	}
	if v := e.m.View(); !strings.Contains(v, "6 req/min") {
		t.Errorf("want 6 req/min 10 s after a start with 6 requests:\n%s", lastLines(v, 2))
	}
}

// TestZoomedBoardAndVehiclePaneOneFocus: with a zoomed grid board and the
// vehicle pane open beside it, only the pane with the focus draws as
// focused; tab hands the focus, and the look, back to the board.
func TestZoomedBoardAndVehiclePaneOneFocus(t *testing.T) {
	e := newGridEnv(t, 200, 40, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}}, nil)
	e.Key("enter")
	if !e.m.disp.Grid.Zoomed {
		t.Fatal("enter did not zoom")
	}
	e.runNow(e.Key("enter")) // opens the vehicle of the row
	if !e.m.vehicle.Open || e.m.focus != app.PaneVehicle {
		t.Fatalf("enter on a zoomed row did not open and focus the vehicle pane (open %v, focus %v)", e.m.vehicle.Open, e.m.focus)
	}
	if b := e.m.disp.Grid.Focused(); b.Focused || !e.m.vehicle.Focused {
		t.Errorf("zoomed board focused %v, vehicle pane focused %v: want only the vehicle pane", b.Focused, e.m.vehicle.Focused)
	}
	e.Key("tab")
	if b := e.m.disp.Grid.Focused(); !b.Focused || e.m.vehicle.Focused {
		t.Errorf("after tab: zoomed board focused %v, vehicle pane focused %v: want only the board", b.Focused, e.m.vehicle.Focused)
	}
}
