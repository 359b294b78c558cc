//go:build e2e

package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A kiosk rebooted during an outage behind a hub (issue 32): a tall board
// filled the hub's cache for the stop, the upstream died, and two minutes
// into the outage a kiosk (100x30) and a board (80x24), whose screens ask
// for other Limits than the tall board did, start behind the hub. Both
// show the stop's departures marked stale with their age, and `say`
// speaks them, saying how old they are. Before, the hub kept the last
// good answer only for the exact query asked, so both said the service
// behind the hub cannot be reached and showed no departure.
func TestE2EKioskRebootedDuringOutage(t *testing.T) {
	if os.Getenv("ABFAHRT_BIN") == "" {
		t.Skip("ABFAHRT_BIN not set (make e2e builds it)")
	}
	const interval = 5 * time.Second
	outage := 2 * time.Minute
	if v := os.Getenv("OUTAGE"); v != "" { // a shorter run while working on it
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		outage = d
	}
	env := []string{"XDG_STATE_HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir(), "ABFAHRT_API="}
	simAddr := freePort(t)
	sim := startProc(t, env, "sim", "--listen", simAddr, "--quiet")
	waitListening(t, simAddr)
	hub := startProc(t, env, "serve", "--listen", "127.0.0.1:0", "--interval", interval.String(), "--api", "http://"+simAddr+"/mobility/v1")
	base := hub.wait(t, regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`))

	// A tall board fills the hub; it is all the hub has seen of the stop.
	tall := newTerm(t, 200, 70)
	tall.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1008\n")
	tall.waitFor(departureRow, 30*time.Second)
	tall.keys("q")
	time.Sleep(time.Second)

	sim.stop()
	t.Logf("upstream killed; waiting %v", outage)
	time.Sleep(outage)

	board := newTerm(t, 80, 24)
	board.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1008\n")
	kiosk := newTerm(t, 100, 30)
	kiosk.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --kiosk --stop 1008\n")

	staleRow := regexp.MustCompile(`◷ stale since \d\d:\d\d:\d\d`)
	b := board.waitFor(staleRow, 3*interval+10*time.Second)
	if strings.Contains(b, "cannot be reached") && !departureRow.MatchString(stripStatus(b)) {
		t.Errorf("the board has no departures although the hub holds the stop's:\n%s", b)
	}
	if n := len(regexp.MustCompile(`(?m)^.*\b(Kuhberg|Wissenschaftsstadt|Böfingen|Wiblingen|Eselsberg|Science Park|Ludwigsfeld|Friedrichsau|Roter Berg|Allewind|Pfuhl|Donautal|Söflingen|Gögglingen|Neu-Ulm|Lehr|Jungingen|Mähringen)`).FindAllString(b, -1)); n < 3 {
		t.Errorf("the board shows %d departure rows, want the stop's stale departures:\n%s", n, b)
	}
	if !clockShown(b) {
		t.Errorf("the board's header does not show the real time:\n%s", b)
	}
	k := kiosk.waitFor(regexp.MustCompile(`Data delayed since`), 3*interval+10*time.Second)
	if !regexp.MustCompile(`\b\d+ ?min\b|\bnow\b|jetzt|\d\d:\d\d`).MatchString(k) || strings.Contains(k, "cannot be reached") {
		t.Errorf("the kiosk shows no departures although the hub holds the stop's:\n%s", k)
	}
	if !bigClockShown(k) {
		t.Errorf("the kiosk's big clock does not show the real time:\n%s", k)
	}

	// say, as a kiosk's speech would: the departures, said to be old.
	cmd := exec.Command(os.Getenv("ABFAHRT_BIN"), "--api", base, "say", "--stop", "1008")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	said := string(out)
	if err != nil || !strings.Contains(said, "old: the service does not answer") || !strings.Contains(said, "Next departures from Hauptbahnhof") {
		t.Errorf("say during the outage: %v\n%s", err, said)
	}
	t.Logf("board:\n%s\nkiosk:\n%s\nsay: %s", b, k, said)
}

// stripStatus drops the last two lines of a screen (status and footer),
// which may name times of their own.
func stripStatus(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > 2 {
		lines = lines[:len(lines)-2]
	}
	return strings.Join(lines, "\n")
}
