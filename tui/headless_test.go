package tui

import (
	"io"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// fps is the frame rate of the programs tests run with Bubble Tea's own
// renderer (abfahrt paints through tui/internal/screen, program.go).
const fps = 10

// runHeadless runs m as a real Bubble Tea program inside a synctest
// bubble, with no terminal, at w×h. stop quits it, fails the test if Run
// failed, then lets drain pass so the ticks Bubble Tea cannot cancel (and
// requests still in flight) end before the bubble closes.
func runHeadless(t *testing.T, m tea.Model, w, h int) (p *tea.Program, stop func(drain time.Duration)) {
	t.Helper()
	p = tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler(), tea.WithFPS(fps))
	done := make(chan error)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	p.Send(tea.WindowSizeMsg{Width: w, Height: h})
	return p, func(drain time.Duration) {
		t.Helper()
		p.Quit()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		time.Sleep(drain)
		synctest.Wait()
	}
}
