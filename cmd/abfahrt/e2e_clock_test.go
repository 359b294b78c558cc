//go:build e2e

package main

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
)

// TestE2EServiceClock runs `abfahrt sim --start … --speed 10` and the board
// on it over loopback, as the README's "fast morning rush" does: the
// board's countdowns agree with the service's own DepartureCountdown
// within one tick (a second of real time is ten of the service's), and
// the status bar says the service's clock and the machine's differ.
func TestE2EServiceClock(t *testing.T) {
	addr, api := freeSimAddr(t)

	tm := newTerm(t, 160, 48)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 --speed 10 & sleep 1; abfahrt --interval 5s --api %s", addr, api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 10*time.Second)
	tm.waitFor(regexp.MustCompile(`service time 07:\d\d · this computer`), 10*time.Second)
	time.Sleep(20 * time.Second) // three answers: the rate is known

	probe, err := feed.NewClient(api, feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(now|\d+ min)\s+(\d\d:\d\d)\s.*?\s(\d+)\s*$`)
	for round := range 3 {
		screen := tm.screen()
		b, err := probe.StopDepartures(context.Background(), 1008, 20)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for _, e := range b.Events {
			if e.VehicleNumber != 0 {
				want[strconv.Itoa(e.VehicleNumber)+" "+e.Scheduled.In(model.Berlin).Format("15:04")] = e.Countdown
			}
		}
		matched := 0
		for _, line := range strings.Split(screen, "\n") {
			s := row.FindStringSubmatch(line)
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
			// One tick is a second of real time, ten of the service's:
			// the minutes shown may lag the service's by one.
			if d := cd/60 - shown; d < -1 || d > 1 {
				t.Errorf("round %d, vehicle %s at %s: the board shows %q, the service counts %d s; screen:\n%s", round, s[3], s[2], s[1], cd, screen)
			}
			matched++
		}
		if matched < 3 {
			t.Errorf("round %d: only %d rows matched the service's departures; screen:\n%s", round, matched, screen)
		}
		if strings.Contains(screen, "No departures") {
			t.Errorf("no departures on the service's clock:\n%s", screen)
		}
		time.Sleep(7 * time.Second)
	}
	tm.keys("q")
	tm.waitFor(promptRe, 5*time.Second)
	tm.typeText("kill %1; wait; echo sim-gone")
	tm.keys("Enter")
	// The simulation must be gone before the test's home is removed.
	tm.waitFor(regexp.MustCompile(`(?m)^sim-gone`), 10*time.Second)
}

// freeSimAddr is a free loopback address for an `abfahrt sim` of a test,
// and the service's base URL there.
func freeSimAddr(t *testing.T) (addr, api string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = l.Addr().String()
	_ = l.Close()
	return addr, "http://" + addr + "/mobility/v1"
}
