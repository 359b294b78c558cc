package kiosk

import (
	"errors"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
)

// A hall display of large departures sleeps between the instants its
// screen may turn: its clock is scheduled at the next one (the minute,
// a departure that becomes due or leaves, a countdown within two minutes
// of its departure, a page of the alert, the burn-in shift, data getting
// stale), not every second. At every second it shows what a kiosk whose
// clock ticks every second shows, with answers every 15 s, and its clock
// ticks a fraction of the seconds (each tick at most turnLate after the
// instant it is for). With a walking time, whose bands turn at their own
// seconds, and with rows of text only it ticks every second.
func TestKioskClockSleepsUntilTheScreenMayTurn(t *testing.T) {
	for _, c := range []struct {
		name                     string
		env                      func() *env
		alert, outage, perSecond bool
	}{
		{"one board", func() *env { return newEnv(t, 300, 80, app.KioskOptions{}, "") }, false, false, false},
		{"four boards", func() *env { return newColumnsEnv(t, 300, 80, 0) }, false, false, false},
		{"four boards, an alert, an outage", func() *env { return newColumnsEnv(t, 300, 80, 0) }, true, true, false},
		{"one board at 200x50, German", func() *env { return newEnv(t, 200, 50, app.KioskOptions{}, "de") }, false, false, false},
		{"two boards, one with a walking time", func() *env {
			return newEnv(t, 300, 80, app.KioskOptions{}, "", app.BoardSpec{Stop: 1008, Walk: app.WalkTime(4 * time.Minute)}, app.BoardSpec{Stop: 1350})
		}, false, false, true},
		{"one board at 80x24, rows of text", func() *env { return newEnv(t, 80, 24, app.KioskOptions{}, "") }, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sched, every := c.env(), c.env()
			for _, e := range []*env{sched, every} {
				if c.alert {
					e.src.TheAlert = model.Alert{Title: "Line 2", Items: []string{
						"Trams to Kuhberg start at Ehinger Tor until 14:00 while the tracks at the Hauptbahnhof are renewed; " +
							"please use the buses of line 2E between Hauptbahnhof and Ehinger Tor, every ten minutes, " +
							"and allow ten minutes more for your journey. We apologise for the inconvenience."}}
					fetch := e.send(feeds.TickMsg{Key: AlertKey, Gen: e.m.Kiosk.AlertF.Poll.Gen})
					e.send(fetch())
				}
				e.advance(time.Second) // the first clock message starts the schedule
			}
			const steps = 300
			ticks, banner := 0, false
			var wide map[feeds.Subject]model.Board
			for s := range steps {
				now := every.now.Add(time.Second)
				if c.outage && (s == 30 || s == 200) {
					for _, e := range []*env{sched, every} {
						if s == 30 {
							e.src.Err, wide = errors.New("no answer"), e.src.Wide
							e.src.Wide = nil // the wide answers too
						} else {
							e.src.Err, e.src.Wide = nil, wide
						}
					}
				}
				if s%15 == 0 {
					// Both answered at the same instant (the one that
					// slept last ticked a little after a second).
					last := sched.now
					sched.now = every.now
					sched.poll()
					every.poll()
					sched.now = last
				}
				// A tick comes turnLate after its instant, as the clock of
				// every second comes a little after the second (what turns
				// at a second, a departure's time, turns just after it).
				for at := sched.m.Kiosk.tickAt; !at.IsZero() && !at.After(now.Add(turnLate)); at = sched.m.Kiosk.tickAt {
					sched.clockTo(at)
					ticks++
				}
				every.clockTo(now.Add(turnLate))
				every.now = now
				banner = banner || every.m.Kiosk.bannerOn(0)
				if got, want := sched.screen(), every.screen(); got != want {
					t.Fatalf("at %s the kiosk that slept shows\n%s\nthe one ticking every second\n%s", now.Format("15:04:05"), got, want)
				}
			}
			t.Logf("%d ticks in %d seconds", ticks, steps)
			if c.outage && !banner {
				t.Error("the outage showed no banner")
			}
			if c.perSecond && ticks < steps {
				t.Errorf("the clock ticked %d times in %d seconds, want every second", ticks, steps)
			}
			if !c.alert && !c.perSecond && ticks > steps/3 {
				t.Errorf("the clock ticked %d times in %d seconds, want at most %d", ticks, steps, steps/3)
			}
		})
	}
}
