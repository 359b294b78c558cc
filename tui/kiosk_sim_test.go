package tui

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// failingAfter sends requests to good until the time at, and to bad after.
type failingAfter struct {
	good, bad http.RoundTripper
	at        time.Time
}

func (f failingAfter) RoundTrip(r *http.Request) (*http.Response, error) {
	if time.Now().Before(f.at) {
		return f.good.RoundTrip(r)
	}
	return f.bad.RoundTrip(r)
}

// TestKioskOnSimulationWithFailures runs the real program in kiosk mode
// on the simulated network. After a good minute every request fails with
// 503 (the simulator's --faults 503=1): the kiosk keeps its rows, shows
// the "data delayed" banner after two intervals, and blanks the rows with
// a notice once the data is older than StaleAfter. Keys never end it.
func TestKioskOnSimulationWithFailures(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		clock := sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 1)
		faults, err := sim.ParseFaults("503=1")
		if err != nil {
			t.Fatal(err)
		}
		good := sim.New(sim.Options{Seed: 1, Clock: clock})
		bad := sim.New(sim.Options{Seed: 1, Clock: clock, Faults: faults})
		tr := failingAfter{good: sim.NewTransport(good), bad: sim.NewTransport(bad), at: start.Add(time.Minute)}
		client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: tr}), feed.WithCacheDir(""))
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var views []string
		m := viewRecorder{Model: rootModel(context.Background(), app.Options{Source: client, SourceName: "simulated Ulm network", Now: clock.Now,
			Kiosk: app.KioskOptions{Enabled: true, StaleAfter: 3 * time.Minute, LargeCountdown: true}}), mu: &mu, views: &views}
		p, stop := runHeadless(t, m, 100, 30)
		at := func(d time.Duration) string { // the view at d after the start
			time.Sleep(time.Until(start.Add(d)))
			synctest.Wait()
			mu.Lock()
			defer mu.Unlock()
			return views[len(views)-1]
		}
		v := at(50 * time.Second)
		if !strings.Contains(v, " min") || strings.Contains(v, "delayed") {
			t.Fatalf("a good start should show countdowns and no banner:\n%s", v)
		}
		p.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
		// Failing since 1:00; the last good data came at 0:45 at the latest.
		v = at(time.Minute + 2*feeds.DefaultInterval + 5*time.Second)
		if !strings.Contains(v, "Data delayed since 07:3") || !strings.Contains(v, " min") {
			t.Errorf("two intervals after the last good data: banner and the last rows:\n%s", v)
		}
		v = at(time.Minute + 3*time.Minute + 5*time.Second) // a new view: ctrl+c and q did not end the program
		if !strings.Contains(v, "No current departure data since 07:3") || strings.Contains(v, " min") {
			t.Errorf("after StaleAfter the rows go and a notice says why:\n%s", v)
		}
		stop(feeds.MaxBackoff) // quit, as the CLI's context does on SIGTERM; pending ticks then fire
	})
}
