//go:build chaos

package tui

import (
	"abfahrt/model"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestEverySizeExhaustive is run by `make chaos`: the board at every
// terminal size from 1×1 to 400×150 (60,000 sizes), and the grid of 12
// boards, the vehicle pane with its map, the search and the kiosk at every
// width 1..400 across a set of heights and every height 1..150 across a
// set of widths: no panic, nothing wider or taller than the terminal.
func TestEverySizeExhaustive(t *testing.T) {
	check := func(t *testing.T, e *testEnv, w, h int) {
		t.Helper()
		e.send(tea.WindowSizeMsg{Width: w, Height: h})
		v := e.View()
		lines := strings.Split(v, "\n")
		if len(lines) > h {
			t.Fatalf("%dx%d: %d lines", w, h, len(lines))
		}
		for i, l := range lines {
			if n := ansi.StringWidth(l); n > w {
				t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, n, l)
			}
		}
	}
	t.Run("board/all", func(t *testing.T) {
		e := newEnv(t, 80, 24, true)
		for w := 1; w <= 400; w++ {
			for h := 1; h <= 150; h++ {
				check(t, e, w, h)
			}
		}
	})
	cross := func(t *testing.T, e *testEnv) {
		t.Helper()
		for w := 1; w <= 400; w++ {
			for _, h := range []int{1, 2, 3, 5, 8, 12, 24, 48, 70, 150} {
				check(t, e, w, h)
			}
		}
		for h := 1; h <= 150; h++ {
			for _, w := range []int{1, 2, 3, 5, 10, 20, 30, 60, 80, 120, 160, 240, 400} {
				check(t, e, w, h)
			}
		}
	}
	t.Run("grid12", func(t *testing.T) { cross(t, newGridEnv(t, 160, 48, specsOver(12), nil)) })
	t.Run("vehicle", func(t *testing.T) { cross(t, vehicleEnv(t, 160, 48, 8, model.PhaseBetween)) })
	t.Run("kiosk", func(t *testing.T) {
		cross(t, newKioskEnv(t, 160, 48, KioskOptions{Enabled: true, LargeCountdown: true}))
	})
	t.Run("search", func(t *testing.T) {
		e := newEnv(t, 80, 24, true)
		e.Key("/")
		for _, r := range "ehing" {
			e.Key(string(r))
		}
		cross(t, e)
	})
}
