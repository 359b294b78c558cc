package tui

import (
	"regexp"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
)

// drain runs cmd and the commands it batches, sending each message to
// the kiosk and following the commands its answers give back; timers
// (none here: the kiosk's night asks once) would block, so only the
// night's messages are followed.
func drainKiosk(t *testing.T, k *kiosk.Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 100; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case kiosk.FirstMsg, kiosk.FirstAnswer:
			nk, next := k.Update(msg)
			*k = nk.(kiosk.Model)
			queue = append(queue, next)
		}
	}
}

// Issue 12 item 12, on the embedded simulation: at 02:00 on a weeknight
// the departures endpoint with Limit=100 answers the night and the first
// departures of the morning; the asleep kiosk shows the first one at or
// after 05:00.
func TestKioskNightFirstDepartureOnSimulation(t *testing.T) {
	clock := sim.NewClock(time.Date(2026, 9, 15, 2, 0, 0, 0, model.Berlin), 0)
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	client := simclient.Client(t, svc)
	k := kiosk.NewModel(app.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now,
		Kiosk: app.KioskOptions{Enabled: true, HoursFrom: 5 * 60, HoursTo: 60}})
	nk, _ := k.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	k = nk.(kiosk.Model)
	if !k.Kiosk.Asleep {
		t.Fatal("at 02:00 the kiosk should sleep")
	}
	drainKiosk(t, &k, tea.Batch(k.Start...))
	v := k.View()
	if !regexp.MustCompile(`Next departure \d\d:\d\d: \S+ → \S`).MatchString(v) {
		t.Errorf("the night screen names no next departure:\n%s", v)
	}
}
