package tui

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// TestProgramOnServiceClock runs the real program on the simulation as a
// remote service (no in-process clock: Options.Now is nil), started at a
// time decades away from the test's clock and running at speed 10, as
// `abfahrt sim --start … --speed 10` does. After 75 s the board shows
// departures whose countdowns agree with the service's own
// DepartureCountdown within a minute (one tick is ten service seconds),
// the header shows the service's time, the status bar says the clocks
// differ, and the vehicle pane's report ages are seconds, not years.
func TestProgramOnServiceClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 10)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		newClient := func() *feed.Client {
			c := simclient.Client(t, svc)
			return c
		}
		client, probe := newClient(), newClient()
		var skews []time.Duration
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: client, SourceName: "sim", ClockSkew: func(s, l time.Time, _ float64) {
			mu.Lock()
			skews = append(skews, s.Sub(l))
			mu.Unlock()
		}}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		time.Sleep(75 * time.Second)
		mu.Lock()
		last := views[len(views)-1]
		mu.Unlock()
		svcNow := clock.Now().In(model.Berlin)
		b, err := probe.StopDepartures(context.Background(), app.DefaultStop, app.DefaultLimit)
		if err != nil {
			t.Fatal(err)
		}
		stop(feeds.DefaultInterval * 2)

		if strings.Contains(last, "No departures") {
			t.Fatalf("no departures on the service's clock:\n%s", last)
		}
		if !strings.Contains(last, svcNow.Format("15:04")) && !strings.Contains(last, svcNow.Add(-10*time.Second).Format("15:04")) {
			t.Errorf("the header does not show the service's time %s:\n%s", svcNow.Format("15:04:05"), last)
		}
		if !strings.Contains(last, "service time "+svcNow.Format("15:04")) && !strings.Contains(last, "service time "+svcNow.Add(-10*time.Second).Format("15:04")) {
			t.Errorf("the status bar does not say the clocks differ:\n%s", last)
		}
		mu.Lock()
		if len(skews) == 0 || skews[0] < 24*time.Hour {
			t.Errorf("the log hook heard %v, want one difference of years", skews)
		}
		if len(skews) > 4 {
			t.Errorf("the log hook was called %d times in 75 s (%v): a clock at speed 10 is one change, not one a minute", len(skews), skews)
		}
		mu.Unlock()

		want := map[string]int{} // vehicle number → service countdown in seconds
		for _, e := range b.Events {
			if e.VehicleNumber != 0 {
				want[strconv.Itoa(e.VehicleNumber)+" "+e.Scheduled.In(model.Berlin).Format("15:04")] = e.Countdown
			}
		}
		row := regexp.MustCompile(`(now|\d+ min)\s+(\d\d:\d\d)\s.*?\s(\d+)\s*$`)
		matched := 0
		for _, l := range strings.Split(last, "\n") {
			s := row.FindStringSubmatch(l)
			if s == nil {
				continue
			}
			cd, ok := want[s[3]+" "+s[2]]
			if !ok {
				continue
			}
			shown := 0
			if s[1] != "now" {
				shown, _ = strconv.Atoi(strings.Fields(s[1])[0])
			}
			if d := shown - cd/60; d < -1 || d > 1 {
				t.Errorf("vehicle %s at %s: the board shows %q, the service counts %d s", s[3], s[2], s[1], cd)
			}
			matched++
		}
		if matched < 3 {
			t.Errorf("only %d rows matched the service's departures; last view:\n%s", matched, last)
		}
	})
}

// TestVehicleAgesOnServiceClock opens the vehicle pane on the simulation
// at speed 10 started decades away: its report ages are seconds or
// minutes, not the years between the clocks.
func TestVehicleAgesOnServiceClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
		clock := sim.NewClock(start, 10)
		svc := sim.New(sim.Options{Seed: 1, Clock: clock})
		client := simclient.Client(t, svc)
		vehicle := tramMidTrip(t, client, clock.Now())
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: client, SourceName: "sim", Vehicle: vehicle}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		time.Sleep(40 * time.Second)
		mu.Lock()
		last := views[len(views)-1]
		mu.Unlock()
		stop(feeds.DefaultInterval * 2)
		if regexp.MustCompile(`\d{3,} h ago`).MatchString(last) {
			t.Errorf("the vehicle pane counts ages against the machine's clock:\n%s", last)
		}
		if !strings.Contains(last, "reported") {
			t.Errorf("the vehicle pane shows no report age:\n%s", last)
		}
	})
}
