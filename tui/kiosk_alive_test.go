package tui

import (
	"io"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// The kiosk calls KioskOptions.Alive from its Update loop (the systemd
// watchdog pings only while it does): a running kiosk calls it at least
// with every clock second; a wedged loop (here a filter that blocks before
// Update, as a hung Update would) stops the calls, and they resume when
// the loop runs again.
func TestKioskAliveComesFromTheLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var calls atomic.Int64
		var wedged atomic.Bool
		release := make(chan struct{})
		m := kiosk.NewModel(app.Options{Source: testkit.NewFakeSource(), SourceName: "simulated Ulm network",
			Kiosk: app.KioskOptions{Enabled: true, Alive: func() { calls.Add(1) }}})
		p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler(),
			tea.WithFPS(fps), tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
				if wedged.Load() {
					<-release
				}
				return msg
			}))
		done := make(chan error)
		go func() {
			_, err := p.Run()
			done <- err
		}()
		p.Send(tea.WindowSizeMsg{Width: 100, Height: 30})

		time.Sleep(10 * time.Second)
		synctest.Wait()
		if n := calls.Load(); n < 10 {
			t.Errorf("running kiosk: Alive called %d times in 10 s, want at least once a second", n)
		}

		wedged.Store(true)
		time.Sleep(2 * time.Second) // the next message wedges the loop
		synctest.Wait()
		frozen := calls.Load()
		time.Sleep(time.Minute)
		synctest.Wait()
		if n := calls.Load(); n != frozen {
			t.Errorf("wedged loop: Alive called %d more times", n-frozen)
		}

		wedged.Store(false)
		close(release)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if n := calls.Load(); n <= frozen {
			t.Errorf("loop running again: Alive not called (%d calls)", n)
		}
		p.Quit()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Minute) // let the ticks Bubble Tea cannot cancel end
		synctest.Wait()
	})
}
