package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
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
