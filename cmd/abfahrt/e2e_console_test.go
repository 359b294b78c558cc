//go:build e2e

package main

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/tui"
)

// consoleUnsafe returns the first rune of s the Linux console's font
// lacks, or 0.
func consoleUnsafe(s string) rune {
	for _, r := range s {
		if !tui.ConsoleSafe(r) {
			return r
		}
	}
	return 0
}

// extendedSGR finds 256- and 24-bit colours and bright backgrounds, which
// the Linux console cannot show.
var extendedSGR = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:38;[25];|48;[25];|10[0-7](?:[;m]))[0-9;]*m?`)

// The real binary started with TERM=linux (a kiosk on a virtual console,
// or a dispatcher there) draws with the console theme and font: the
// board, the vehicle pane with its map in half blocks and plain borders,
// and the kiosk with its large digits, in 16 colours, without one glyph
// the console's font lacks.
func TestE2ELinuxConsole(t *testing.T) {
	// A weekday morning on the simulation: at night the embedded one on
	// the machine's clock may have only planned rows, no vehicle to open.
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 120, 40)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 & sleep 1; TERM=linux abfahrt --api %s", addr, api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof · Departures`), 10*time.Second) // the board, not the command line
	s := tm.waitFor(departureRow, 10*time.Second)
	if r := consoleUnsafe(s); r != 0 {
		t.Errorf("board shows %q, which the console font lacks:\n%s", r, s)
	}
	raw := tm.tmux("capture-pane", "-p", "-e", "-t", tm.name)
	if !colourSGR.MatchString(raw) {
		t.Errorf("the console theme shows no colour:\n%q", raw)
	}
	if m := extendedSGR.FindString(raw); m != "" {
		t.Errorf("colour %q, beyond the console's 16 (8 backgrounds)", m)
	}

	tm.openVehicleFromRow()
	s = tm.waitFor(regexp.MustCompile(`▒`), 10*time.Second) // the map's track (half-lit cells; the console fonts have no half blocks)
	if r := consoleUnsafe(s); r != 0 {
		t.Errorf("vehicle pane shows %q, which the console font lacks:\n%s", r, s)
	}
	if !strings.Contains(s, "┌") || strings.Contains(s, "╭") {
		t.Errorf("vehicle pane without plain borders:\n%s", s)
	}
	if !strings.Contains(s, "> ") {
		t.Errorf("no vehicle position marker > in the passage diagram:\n%s", s)
	}
	tm.checkWidths(120)
	tm.keys("q")
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)

	tm.typeText(fmt.Sprintf("clear; TERM=linux abfahrt --api %s --kiosk --stop 1008", api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`Hauptbahnhof`), 10*time.Second)
	s = tm.waitFor(departureRow, 10*time.Second)
	if !strings.Contains(s, "███") {
		t.Errorf("no large clock:\n%s", s)
	}
	if r := consoleUnsafe(s); r != 0 {
		t.Errorf("kiosk shows %q, which the console font lacks:\n%s", r, s)
	}
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
	if out, err := exec.Command("pgrep", "-P", shell, "-f", "kiosk").Output(); err == nil {
		_ = exec.Command("kill", "-TERM", strings.Fields(string(out))[0]).Run()
	}
	tm.waitFor(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
}
