package screen_test

import (
	"io"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui"
	"abfahrt/tui/internal/screen"
)

// TestProgramPaintsEveryFrameTrue runs the real program (a board, and a
// grid of 12 boards) on the simulation through the strict terminal, for
// simulated minutes of rush hour in which rows turn, leave and move up,
// and requires that the terminal then show exactly the program's frame:
// the frames of the running program, not random ones, painted cell by
// cell, are true. Each case ends after another span of time, so the
// check falls on different moments.
func TestProgramPaintsEveryFrameTrue(t *testing.T) {
	grid := make([]tui.BoardSpec, 0, 12)
	for range 3 {
		for _, s := range []int{1008, 1350, 1240, 1010} {
			grid = append(grid, tui.BoardSpec{Stop: s})
		}
	}
	for _, tc := range []struct {
		name   string
		w, h   int
		boards []tui.BoardSpec
		run    time.Duration
	}{
		{"board 120x40, 3 min", 120, 40, nil, 3 * time.Minute},
		{"board 120x40, 7 min", 120, 40, nil, 7*time.Minute + 13*time.Second},
		{"board 80x24, 11 min", 80, 24, nil, 11*time.Minute + 41*time.Second},
		{"grid of 12 200x50, 4 min", 200, 50, grid, 4*time.Minute + 7*time.Second},
		{"grid of 12 120x40, 9 min", 120, 40, grid, 9*time.Minute + 29*time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clock := sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)
				svc := sim.New(sim.Options{Seed: 1, Clock: clock})
				client := simclient.Client(t, svc)
				r := lipgloss.NewRenderer(io.Discard)
				r.SetColorProfile(termenv.ANSI256)
				term := screen.NewTerminal(tc.w, tc.h)
				o := tui.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now, Renderer: r,
					Boards: tc.boards, StateDir: t.TempDir()}
				p := tui.NewProgram(t.Context(), o, nil, term)
				done := make(chan tea.Model)
				go func() {
					m, err := p.Run()
					if err != nil {
						t.Error(err)
					}
					done <- m
				}()
				p.Send(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
				time.Sleep(tc.run)
				time.Sleep(50 * time.Millisecond) // a frame waiting for its turn is painted
				synctest.Wait()
				p.Quit()
				want := (<-done).View()
				if diff := term.Shows(want); diff != "" {
					t.Errorf("after %v the terminal does not show the frame:\n%s", tc.run, diff)
				}
				time.Sleep(2 * tui.DefaultInterval)
				synctest.Wait()
			})
		})
	}
}
