package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/fleet"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/internal/vehicle"
)

// Issue 11: each pane owns its key map. The bindings carry their help in
// the chosen language from the moment they are made (no sync needed, no
// reflection); a pane's keys are live only while that pane takes keys,
// and the footer is the focused pane's hint with the root's globals.
func TestEachPaneOwnsItsKeys(t *testing.T) {
	de := ui.GermanTexts()
	e := newGridEnv(t, 120, 40, nil, func(o *app.Options) { o.Lang = "de" })
	m := &e.m
	for _, c := range []struct {
		b    key.Binding
		want string
	}{
		{board.NewKeys(&de).Watch, de.KeyWatch},
		{board.NewKeys(&de).Remove, de.KeyRemove},
		{fleet.NewKeys(&de).Sort, de.KeySortDelay},
		{grid.NewMergedKeys(&de).Fleet, de.KeyFleet},
		{vehicle.NewKeys(&de).Follow, de.KeyFollow},
		{newSearchKeys(&de).SearchClose, de.KeyClose},
		{ui.NewGlobalKeys(&de).Refresh, de.KeyRefresh},
		{newHelpKeys(&de).Close, de.KeyCloseHelp},
	} {
		if got := c.b.Help().Desc; got != c.want || got == "" {
			t.Errorf("binding %v: help %q, want %q", c.b.Keys(), got, c.want)
		}
	}

	// The plain board takes keys: its map is live, the vehicle pane's not.
	if !m.disp.Keys.Toggle.Enabled() || !m.disp.Keys.Watch.Enabled() || m.vehicle.Km.Close.Enabled() {
		t.Fatal("on the plain board the board keys should be live and the vehicle pane's not")
	}
	if f := e.View(); !strings.Contains(f, "w "+de.KeyWatch) || !strings.Contains(f, "q "+de.KeyQuit) {
		t.Errorf("the plain board's footer lacks its keys and the globals:\n%s", f)
	}
	// The vehicle pane focused: its map is live, the board's keys are dead.
	e.runNow(app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: 44}))
	if m.focus != app.PaneVehicle || !m.vehicle.Km.Close.Enabled() || m.disp.Keys.Toggle.Enabled() || m.disp.Keys.Watch.Enabled() {
		t.Fatalf("vehicle pane focused: vehicle close %v, board a %v, w %v", m.vehicle.Km.Close.Enabled(),
			m.disp.Keys.Toggle.Enabled(), m.disp.Keys.Watch.Enabled())
	}
	if !m.keys.Focus.Enabled() {
		t.Error("tab (a global key) is dead with the vehicle pane open")
	}
	e.Key("esc")
	// The search overlay takes every key: only its map and quit-less globals.
	e.Key("/")
	if m.disp.Keys.Toggle.Enabled() || m.keys.Quit.Enabled() || !m.search.km.SearchClose.Enabled() {
		t.Error("with the search open only the search's keys should be live")
	}
	e.Key("esc")
	// The fleet list: its map is live, the boards' not.
	e.Key("v")
	e.fleetPoll()
	if m.disp.Mode != grid.ModeFleet || !m.disp.Fleet.Km.Sort.Enabled() || m.disp.Keys.Toggle.Enabled() {
		t.Errorf("fleet: sort %v, board a %v", m.disp.Fleet.Km.Sort.Enabled(), m.disp.Keys.Toggle.Enabled())
	}
	if f := e.View(); !strings.Contains(f, "s "+de.KeySortDelay) {
		t.Errorf("the fleet's footer lacks its sort key:\n%s", f)
	}
}
