package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
)

// TestPins: p pins the stop into StateDir/pins.json; a new start without
// a stop shows the pins with their next departure; 1 opens the first.
func TestPins(t *testing.T) {
	dir := t.TempDir()
	e := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
	save := e.Key("p")
	if save == nil {
		t.Fatal("p saved nothing")
	}
	if msg := save().(grid.PinsSavedMsg); msg.Err != nil {
		t.Fatal(msg.Err)
	}
	data, err := os.ReadFile(filepath.Join(dir, grid.PinsFile))
	if err != nil || !strings.Contains(string(data), `"stop": 1350`) {
		t.Fatalf("pins.json: %s, %v", data, err)
	}
	// A second start, with no stop: the strip lists the pin.
	e2 := newEnvWithOptions(t, func(o *app.Options) { o.StateDir = dir })
	e2.send(grid.LoadPinsCmd(filepath.Join(dir, grid.PinsFile))())
	f := e2.m.disp.Pins.Feeds
	if len(f) != 1 {
		t.Fatalf("%d strip feeds, want 1", len(f))
	}
	e2.deliver(e2.send(feeds.TickMsg{Key: feeds.BoardFeed(f[0].Subj), Gen: f[0].Poll.Gen}))
	if v := e2.m.View(); !strings.Contains(v, "★1 Ehinger Tor") || !strings.Contains(v, "Söflingen") {
		t.Errorf("the start screen does not show the pin with its next departure:\n%s", v)
	}
	// 1 opens the pin's board on the strip's feed: its rows at once, no
	// second poll of the stop.
	if cmd := e2.Key("1"); cmd != nil {
		e2.runNow(cmd)
	}
	if e2.m.Board().Subj.Stop != 1350 {
		t.Errorf("1 opened stop %d, want 1350", e2.m.Board().Subj.Stop)
	}
	if len(e2.m.Board().Rows()) == 0 {
		t.Error("the pinned stop's board waits for a poll of its own")
	}
	// Unpin: the file is rewritten.
	if msg := e2.Key("p")().(grid.PinsSavedMsg); msg.Err != nil {
		t.Fatal(msg.Err)
	}
	data, _ = os.ReadFile(filepath.Join(dir, grid.PinsFile))
	if strings.Contains(string(data), "1350") {
		t.Errorf("unpinned stop still in pins.json: %s", data)
	}
}

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
