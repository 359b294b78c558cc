package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// newWalkEnv is newEnv on the Hauptbahnhof board with a walking time.
func newWalkEnv(t testing.TB, w, h int, walk time.Duration) *testEnv {
	t.Helper()
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Walk: walk})
	e.send(tea.WindowSizeMsg{Width: w, Height: h})
	e.send(e.src.Base)
	e.poll()
	return e
}

// rowOf returns the view's line that holds want, or fails.
func rowOf(t *testing.T, v, want string) string {
	t.Helper()
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, want) {
			return l
		}
	}
	t.Fatalf("no row with %q in\n%s", want, v)
	return ""
}

func TestLeaveBandRule(t *testing.T) {
	m := time.Minute
	cases := []struct {
		name string
		e    model.Event
		walk time.Duration
		want ui.Band
		at   time.Time
	}{
		{"catchable", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 7*m, 0, model.StatusPredicted), 4 * m, ui.BandCatch, testkit.T0.Add(3 * m)},
		{"hurry: leave now", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 4*m, 0, model.StatusPredicted), 4 * m, ui.BandHurry, testkit.T0},
		{"hurry: leave within a minute", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 4*m+59*time.Second, 0, model.StatusPredicted), 4 * m, ui.BandHurry, testkit.T0.Add(59 * time.Second)},
		{"missed: leave time passed", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 3*m+59*time.Second, 0, model.StatusPredicted), 4 * m, ui.BandMissed, testkit.T0.Add(-time.Second)},
		// Scheduled in 2 min but 5 min late: the live prediction counts.
		{"delay makes it catchable", testkit.Ev("2", model.VehicleTram, 44, "X", "A", 1, 7*m, 300, model.StatusPredicted), 4 * m, ui.BandCatch, testkit.T0.Add(3 * m)},
		// Timetable only: the schedule counts.
		{"planned", testkit.Ev("6", model.VehicleBus, 0, "X", "E", 5, 2*m, 0, model.StatusPredicted), 4 * m, ui.BandMissed, testkit.T0.Add(-2 * m)},
	}
	for _, c := range cases {
		at, b, ok := ui.LeaveBand(&c.e, testkit.T0, c.walk)
		if !ok || b != c.want || !at.Equal(c.at) {
			t.Errorf("%s: leave at %v band %v ok %v, want %v %v", c.name, at, b, ok, c.at, c.want)
		}
	}
	var none model.Event
	if _, b, ok := ui.LeaveBand(&none, testkit.T0, 4*m); ok || b != ui.BandNone {
		t.Errorf("an event without a time has band %v", b)
	}
}

// TestWalkRows: every row says when to leave, with its band as text and
// mark (the missed ones once H shows them); without a walking time the
// board has no leave column.
func TestWalkRows(t *testing.T) {
	e := newWalkEnv(t, 120, 30, 4*time.Minute)
	e.Key("H")
	v := e.m.View()
	if !strings.Contains(v, "walk 4 min") || !strings.Contains(v, "LEAVE") {
		t.Fatalf("header lacks the walking time or the leave column:\n%s", v)
	}
	for dir, want := range map[string]string{
		"Wissenschaftsstadt":      "! go now",   // due in 4 min, +1: leave now
		"Wiblingen Alte Siedlung": "» in 3 min", // planned in 7 min
		"Söflingen":               "✗ missed",   // leaving now
		"Pfuhl":                   "» in 5 min",
	} {
		if r := rowOf(t, v, dir); !strings.Contains(r, want) {
			t.Errorf("row of %s lacks %q: %q", dir, want, r)
		}
	}
	plain := newEnv(t, 120, 30, true).m.View()
	if strings.Contains(plain, "LEAVE") || strings.Contains(plain, "missed") {
		t.Errorf("a board without a walking time shows a leave column:\n%s", plain)
	}
}

// TestWalkKeys: + and - change the focused board's walking time by a
// minute; H shows the missed rows (hidden by default) and hides them
// again.
func TestWalkKeys(t *testing.T) {
	e := newWalkEnv(t, 120, 30, 4*time.Minute)
	e.Key("H")
	e.Key("+")
	v := e.m.View()
	if !strings.Contains(v, "walk 5 min") || !strings.Contains(rowOf(t, v, "Wissenschaftsstadt"), "✗ missed") {
		t.Errorf("after +, want walk 5 min and Wissenschaftsstadt missed:\n%s", v)
	}
	e.Key("-")
	e.Key("-")
	v = e.m.View()
	if !strings.Contains(v, "walk 3 min") || !strings.Contains(rowOf(t, v, "Wissenschaftsstadt"), "» in 1 min") {
		t.Errorf("after - -, want walk 3 min and Wissenschaftsstadt in 1 min:\n%s", v)
	}
	before := len(e.m.Board().Rows())
	e.Key("H")
	v = e.m.View()
	if strings.Contains(v, "✗") || !strings.Contains(v, "missed hidden") {
		t.Errorf("H left missed rows or no note:\n%s", v)
	}
	if after := len(e.m.Board().Rows()); after >= before {
		t.Errorf("H: %d rows, want fewer than %d", after, before)
	}
	// Time passes: the rows that become missed go too.
	e.advance(3 * time.Minute)
	if v := e.m.View(); strings.Contains(v, "Wissenschaftsstadt") && strings.Contains(rowOf(t, v, "Wissenschaftsstadt"), "✗") {
		t.Errorf("a row missed after time passed still shows:\n%s", v)
	}
	e.Key("H")
	if v := e.m.View(); !strings.Contains(v, "✗ missed") {
		t.Errorf("H again did not show the missed rows:\n%s", v)
	}
	for range 10 {
		e.Key("-")
	}
	if e.m.Board().Walk != 0 || strings.Contains(e.m.View(), "LEAVE") {
		t.Errorf("walk down to 0 leaves walk %v", e.m.Board().Walk)
	}
}

// TestWalkKioskHideMissed: the kiosk's hide_missed shows only what can be
// caught.
func TestWalkKioskHideMissed(t *testing.T) {
	spec := app.BoardSpec{Stop: 1008, Walk: app.WalkTime(4 * time.Minute)}
	e := newKioskEnv(t, 120, 40, app.KioskOptions{}, spec)
	e.kpoll()
	if v := e.View(); !strings.Contains(v, "✗ missed") {
		t.Fatalf("kiosk with a walking time lacks missed rows:\n%s", v)
	}
	e = newKioskEnv(t, 120, 40, app.KioskOptions{HideMissed: true}, spec)
	e.kpoll()
	v := e.View()
	if strings.Contains(v, "✗") || !strings.Contains(v, "! go now") {
		t.Errorf("kiosk hide_missed shows missed rows or no catchable ones:\n%s", v)
	}
	// Issue 33 item 6: its header says how many it hides.
	if !regexp.MustCompile(`as of 12:34 · walk 4 min · \d+ missed hidden`).MatchString(v) {
		t.Errorf("the kiosk does not say how many missed departures it hides:\n%s", v)
	}
}

func TestGoldenWalk(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}} {
		t.Run(sz.name, func(t *testing.T) {
			e := newWalkEnv(t, sz.w, sz.h, 4*time.Minute)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}
