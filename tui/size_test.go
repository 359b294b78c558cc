package tui

import (
	"abfahrt/model"
	"abfahrt/tui/internal/testkit"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sizes returns every size of 1..20 × 1..10 and a sample up to 400×150.
func sizes() [][2]int {
	var out [][2]int
	for w := 1; w <= 20; w++ {
		for h := 1; h <= 10; h++ {
			out = append(out, [2]int{w, h})
		}
	}
	for _, w := range []int{21, 29, 30, 31, 39, 40, 47, 50, 59, 60, 61, 79, 80, 81, 99, 119, 120, 121, 159, 160, 200, 257, 400} {
		for _, h := range []int{1, 2, 3, 7, 8, 9, 12, 24, 25, 48, 71, 150} {
			out = append(out, [2]int{w, h})
		}
	}
	return out
}

// TestViewFitsEverySize renders the board, the search, the help and the
// vehicle pane at every size: no panic, never wider or taller than the
// terminal.
func TestViewFitsEverySize(t *testing.T) {
	states := map[string]func(e *testEnv){
		"board": func(*testEnv) {},
		"search": func(e *testEnv) {
			e.Key("/")
			for _, r := range "hbf" {
				e.Key(string(r))
			}
		},
		"help": func(e *testEnv) { e.Key("?") },
		"vehicle": func(e *testEnv) {
			e.src.Fleet, e.src.VehPassages, e.src.VehPattern = testkit.Line2Trip(8, model.PhaseBetween)
			e.Key("down")
			e.runNow(e.Key("enter"))
			e.vehiclePoll()
		},
		"stale": func(e *testEnv) {
			e.src.SetErr(errString("a very long error message that goes on and on about what went wrong upstream"))
			e.poll()
		},
	}
	for name, setup := range states {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, 80, 24, true)
			setup(e)
			for _, sz := range sizes() {
				w, h := sz[0], sz[1]
				e.send(tea.WindowSizeMsg{Width: w, Height: h})
				v := e.m.View()
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
		})
	}
}

type errString string

func (e errString) Error() string { return string(e) }
