package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
)

// TestGridFitsEverySize renders the grid, a zoomed board, the merged and
// fleet views and the pin strip at every size of the size table: no
// panic, never wider or taller than the terminal.
func TestGridFitsEverySize(t *testing.T) {
	states := map[string]func(e *testEnv){
		"grid16": func(e *testEnv) {
			for range 4 {
				e.runNow(app.OpenCmd(app.Target{Kind: app.TargetStop, Stop: 1008}))
				e.Key("a")
				e.Key("w")
			}
		},
		"zoom":   func(e *testEnv) { e.Key("enter") },
		"merged": func(e *testEnv) { e.Key("m") },
		"fleet":  func(e *testEnv) { e.Key("v"); e.fleetPoll() },
		"strip": func(e *testEnv) {
			e.send(grid.PinsMsg{Pins: []grid.Pin{{Stop: 1350, Name: "Ehinger Tor"}, {Stop: 1240, Name: "Theater"}}})
			e.pollFeeds() // the pins' feeds with the boards'
			// Each of the 12 boards removed: the plain board shows
			// under the strip (x on the plain board does nothing).
			for range 12 {
				e.removeBoard()
			}
		},
	}
	for name, setup := range states {
		t.Run(name, func(t *testing.T) {
			e := newGridEnv(t, 160, 48, specsOver(12), nil)
			setup(e)
			for _, sz := range sizes() {
				w, h := sz[0], sz[1]
				e.send(tea.WindowSizeMsg{Width: w, Height: h})
				lines := strings.Split(e.m.View(), "\n")
				if len(lines) > h {
					t.Fatalf("%dx%d: %d lines", w, h, len(lines))
				}
				for i, l := range lines {
					if n := ansi.StringWidth(l); n > w {
						t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, n, l)
					}
				}
			}
		})
	}
}
