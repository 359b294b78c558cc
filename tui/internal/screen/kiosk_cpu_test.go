package screen_test

import (
	"context"
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
)

// BenchmarkKioskFourBoardsSimulated is the real program as a kiosk of
// four boards side by side at 300x80 on the simulation, for 30 simulated
// minutes at noon an operation: polls, clock ticks, frames built and
// painted (the simulation's own work included, the same in every run).
// What an idle hall display costs, as a CPU profile can take it apart:
// go test -run '^$' -bench KioskFourBoards -benchtime 3x -cpuprofile cpu.out ./tui/internal/screen/
func BenchmarkKioskFourBoardsSimulated(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		runKiosk(b, 30*time.Minute)
	}
}

// runKiosk runs the kiosk of four boards at 300x80 for d of simulated
// time at noon, painting to nowhere. The bubble's fake clock wants a
// *testing.T, which a benchmark has not: it gets one of its own, and
// everything that could fail or must be cleaned up uses b.
func runKiosk(b *testing.B, d time.Duration) {
	state := b.TempDir()
	synctest.Test(&testing.T{}, func(*testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		clock := sim.NewClock(time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin), 1)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(b, svc)
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		boards := []tui.BoardSpec{{Stop: 1008}, {Stop: 1350}, {Stop: 1240}, {Stop: 1010}}
		o := tui.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now, Renderer: r,
			Boards: boards, StateDir: state}
		o.Kiosk.Enabled = true
		p := tui.NewProgram(ctx, o, nil, io.Discard)
		done := make(chan error)
		go func() {
			_, err := p.Run()
			done <- err
		}()
		p.Send(tea.WindowSizeMsg{Width: 300, Height: 80})
		time.Sleep(d)
		synctest.Wait()
		p.Quit()
		if err := <-done; err != nil {
			b.Error(err)
		}
		time.Sleep(2 * tui.DefaultInterval)
		synctest.Wait()
	})
}
