//go:build e2e

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestE2EAccessibleRider (issue 33 item 7) runs the real binary's
// screen-reader mode in tmux on `abfahrt sim` at 20 times real speed,
// types each rider's command in English and in German, and reads back
// every byte written to the terminal: no escape sequence, one sentence per
// line (a change is one line), a far departure never announced, none
// announced twice, and stop uni offers only the two Universität stops.
func TestE2EAccessibleRider(t *testing.T) {
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 160, 50)
	bin := os.Getenv("ABFAHRT_BIN")
	home := t.TempDir()
	raw := filepath.Join(t.TempDir(), "bytes")
	win := tm.name + ":acc"
	env := []string{"env", "-i", "HOME=" + home, "XDG_CACHE_HOME=" + home + "/c", "XDG_CONFIG_HOME=" + home + "/k",
		"XDG_STATE_HOME=" + home + "/s", "TERM=xterm-256color", "LANG=C.UTF-8"}
	script := fmt.Sprintf("%s sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 --speed 20 & sleep 1; "+
		"%s --accessible --api %s --interval 5s --stop 1008; %s --accessible --api %s --stop 1008 --lang de; kill %%1; sleep 60",
		bin, addr, bin, api, bin, api)
	tm.tmux(append(append([]string{"new-window", "-t", tm.name, "-n", "acc"}, env...), "sh", "-c", script)...)
	tm.tmux("pipe-pane", "-t", win, "-o", "cat > "+raw)
	screen := func() string { return tm.tmux("capture-pane", "-p", "-J", "-S", "-400", "-t", win) }
	wait := func(re string) string {
		t.Helper()
		rx := regexp.MustCompile(re)
		for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if s := screen(); rx.MatchString(s) {
				return s
			}
		}
		t.Fatalf("no %q on the screen:\n%s", re, screen())
		return ""
	}
	typeLine := func(l string) {
		tm.tmux("send-keys", "-t", win, "-l", l)
		tm.tmux("send-keys", "-t", win, "Enter")
	}
	wait(`Departures from Hauptbahnhof:\n(\d+: Line .*\.\n){10}`)
	for _, c := range []struct{ typed, want string }{
		{"walk 3", `Departures from Hauptbahnhof, walking 3 minutes:\n(\d+: Line .*; leave (now|in \d+ minutes?)\.\n){10}`},
		{"next", `Next: Line `},
		{"remind 8", `Reminder set: line `},
		{"vehicle 1", `Vehicle \d+, line .*\.\nNext stops:\n`},
		{"arrivals", `Arrivals at Hauptbahnhof:\n1: Line .* arrives `},
		{"departures", `departures\nDepartures from Hauptbahnhof, walking 3 minutes:\n1: Line `},
		{"stop uni", `2 stops match\. Type the number of one:\n1: Universität Süd\.\n2: Universität West\.\n`},
		{"1", `Departures from Universität Süd, walking 3 minutes:\n1: Line `},
	} {
		typeLine(c.typed)
		wait(c.want)
	}
	time.Sleep(20 * time.Second) // changes come: 400 s of the simulation
	typeLine("quit")
	wait(`Goodbye\.`)
	wait(`Abfahrten ab Hauptbahnhof:\n1: Linie `)
	for _, c := range []struct{ typed, want string }{
		{"hilfe", `fußweg 5: `},
		{"fußweg 3", `Abfahrten ab Hauptbahnhof, Fußweg 3 Minuten:\n1: Linie .*; (jetzt losgehen|losgehen in \d+ Minuten?)\.\n`},
		{"nächste", `Nächste: Linie `},
		{"erinnern 4", `Erinnerung gesetzt: Linie `},
		{"fahrzeug 2", `Fahrzeug \d+, Linie .*\.\nNächste Halte:\n`},
		{"ankünfte", `Ankünfte in Hauptbahnhof:\n1: Linie .* an, `},
		{"halt uni", `2 Haltestellen passen\. Tippen Sie die Nummer einer:\n1: Universität Süd\.\n2: Universität West\.\n`},
		{"ende", `Auf Wiedersehen\.`},
	} {
		typeLine(c.typed)
		wait(c.want)
	}
	time.Sleep(300 * time.Millisecond)
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.IndexByte(b, 0x1b); i >= 0 {
		t.Errorf("the terminal got an escape sequence: %q", b[i:min(len(b), i+12)])
	}
	out := strings.ReplaceAll(string(b), "\r\n", "\n")
	typed := regexp.MustCompile(`^(walk 3|next|remind 8|vehicle 1|arrivals|departures|stop uni|1|quit|hilfe|fußweg 3|nächste|erinnern 4|fahrzeug 2|ankünfte|halt uni|ende)$`)
	change := regexp.MustCompile(`^(New: |Neu: |Leave |Line \S+ to .* at \d\d:\d\d (has left|has arrived|is no longer announced|now leaves|is now))`)
	news := map[string]int{}
	changes := 0
	for _, l := range strings.Split(out, "\n") {
		if l == "" || typed.MatchString(l) || strings.HasPrefix(l, "exit") || strings.HasPrefix(l, "abfahrt sim:") || strings.HasPrefix(l, "sh: ") {
			continue
		}
		if !strings.HasSuffix(l, ".") && !strings.HasSuffix(l, ":") {
			t.Errorf("a line that is no sentence: %q", l)
		}
		if !change.MatchString(l) {
			continue
		}
		changes++
		if strings.Count(strings.TrimSuffix(l, "."), ". ") > 0 {
			t.Errorf("a change said in more than one sentence: %q", l)
		}
		if strings.HasPrefix(l, "New: ") {
			name, _, _ := strings.Cut(l, ", ")
			news[name]++
			if m := regexp.MustCompile(`in (\d+) minutes`).FindStringSubmatch(l); m != nil && len(m[1]) == 2 && m[1] > "30" {
				t.Errorf("a departure more than 30 minutes away announced: %q", l)
			}
		}
	}
	for k, n := range news {
		if n > 1 {
			t.Errorf("%q announced as new %d times", k, n)
		}
	}
	if changes == 0 {
		t.Errorf("no change said in 400 simulated seconds:\n%s", out)
	}
	t.Logf("%d bytes, %d lines, %d changes said", len(b), strings.Count(out, "\n"), changes)
}
