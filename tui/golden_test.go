package tui

import (
	"os"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

func TestGoldenBoard(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}} {
		t.Run(sz.name, func(t *testing.T) {
			e := newEnv(t, sz.w, sz.h, true)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}

// TestGoldenStates pins the board's other faces at 80×24: stale after a
// failed poll, the search overlay with results, arrivals narrowed to a
// platform, the help overlay, and a narrow terminal.
func TestGoldenStates(t *testing.T) {
	cases := map[string]func(e *testEnv){
		"stale": func(e *testEnv) {
			e.advance(15 * time.Second)
			e.src.SetErr(errString("cannot reach api.swu.de: connection refused"))
			e.poll()
			// Stale is data older than two intervals (issue 12 item 13):
			// the last good answer came a minute before.
			e.shown().Poll.LastOK = e.now.Add(-time.Minute)
			e.advance(3 * time.Second)
		},
		"search": func(e *testEnv) {
			e.Key("/")
			for _, r := range "ehinger" {
				e.Key(string(r))
			}
		},
		"platform-arrivals": func(e *testEnv) {
			e.deliver(e.runNow(e.Key("a")))
			e.Key("f")
			e.Key("f")
			e.poll()
		},
		"help":   func(e *testEnv) { e.Key("?") },
		"narrow": func(e *testEnv) { e.send(tea.WindowSizeMsg{Width: 44, Height: 14}) },
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, 80, 24, true)
			setup(e)
			golden.RequireEqual(t, []byte(e.m.View()))
		})
	}
}
