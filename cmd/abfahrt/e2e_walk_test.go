//go:build e2e

package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestE2EWalkHideMissedReminder runs the board with a walking time on
// `abfahrt sim` at a fixed start time (speed 10, so that a leave time
// comes within seconds): rows say when to leave with their bands as text,
// the missed ones are hidden (the header counts them), H shows them and
// hides them again, and a reminder (t) rings the terminal's bell
// (the byte BEL in the pane's output) with a notice a minute ahead of the
// leave time; its row stays under H once missed.
func TestE2EWalkHideMissedReminder(t *testing.T) {
	addr, api := freeSimAddr(t)

	dir := t.TempDir() // made before the terminal, so removed after it is gone
	tm := newTerm(t, 160, 48)
	raw := tm.rawCapture(dir)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 --speed 10 & sleep 1; abfahrt --interval 5s --api %s --walk 4m", addr, api))
	tm.keys("Enter")
	tm.waitFor(regexp.MustCompile(`walk 4 min`), 10*time.Second)
	s := tm.waitFor(regexp.MustCompile(`» in \d+ min`), 10*time.Second)
	if !strings.Contains(s, "LEAVE") || strings.Contains(s, "✗") {
		t.Errorf("no leave column, or missed rows before H:\n%s", s)
	}
	tm.waitFor(regexp.MustCompile(`walk 4 min · \d+ missed hidden`), 30*time.Second)
	tm.keys("H")
	tm.waitFor(regexp.MustCompile(`✗ missed`), 5*time.Second)
	tm.checkWidths(160)

	tm.keys("H")
	s = tm.waitFor(regexp.MustCompile(`missed hidden`), 5*time.Second)
	for range 3 {
		if strings.Contains(s, "✗") {
			t.Errorf("a missed row shows after H:\n%s", s)
		}
		time.Sleep(time.Second)
		s = tm.screen()
	}
	if b, _ := os.ReadFile(raw); bytes.Contains(b, []byte{'\a'}) {
		t.Fatal("the bell rang before any reminder")
	}
	tm.keys("g")
	for range 8 { // a row a few minutes ahead, so that its warning is still to come
		tm.keys("j")
		time.Sleep(100 * time.Millisecond) // one key per read: runes read together are one message
	}
	tm.keys("t")
	tm.waitFor(regexp.MustCompile(`reminder: leave at 07:\d\d`), 5*time.Second)
	// Issue 23 item 10: it warns a minute ahead of the leave time ("now"
	// once a prediction moved it closer than a minute, as the row's "go
	// now"), and before the row turns missed.
	s = tm.waitFor(regexp.MustCompile(`Leave (in 1 min|now) for line \S+ to`), 60*time.Second)
	if regexp.MustCompile(`!.*✗ missed`).MatchString(s) {
		t.Errorf("the reminder rang as its row turned missed, not ahead:\n%s", s)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		b, _ := os.ReadFile(raw)
		if bytes.Contains(b, []byte{'\a'}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the reminder said leave now but the pane's output has no BEL")
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Issue 23 item 10: H never hides the reminded row once it is missed.
	tm.waitFor(regexp.MustCompile(`!.*✗ missed`), 30*time.Second)
	tm.keys("q")
	tm.waitFor(promptRe, 5*time.Second)
	tm.typeText("kill %1")
	tm.keys("Enter")
}

// TestE2EWalkFirstScreenCatchable (issue 33 item 6): at 100x12 with
// --walk 3m at rush hour every row was "✗ verpasst"; the first screen now
// shows what can still be caught, in German and English, and says how many
// missed departures it hides.
func TestE2EWalkFirstScreenCatchable(t *testing.T) {
	addr, api := freeSimAddr(t)
	tm := newTerm(t, 100, 12)
	tm.typeText(fmt.Sprintf("abfahrt sim --quiet --listen %s --start 2026-09-11T07:30:00+02:00 & sleep 1; abfahrt --api %s --walk 3m --lang de; abfahrt --api %s --walk 3m --lang en", addr, api, api))
	tm.keys("Enter")
	for _, c := range []struct{ header, missed string }{
		{`Fußweg 3 Min · \d+ Verpasste ausgeblendet`, "verpasst"},
		{`walk 3 min · \d+ missed hidden`, "missed"},
	} {
		tm.waitFor(regexp.MustCompile(c.header), 10*time.Second)
		s := tm.waitFor(regexp.MustCompile(`(?s)(» in \d+ Min|» in \d+ min).*(» in \d+ Min|» in \d+ min).*(» in \d+ Min|» in \d+ min)`), 5*time.Second)
		if strings.Contains(s, "✗") {
			t.Errorf("a missed row on the first screen:\n%s", s)
		}
		tm.checkWidths(100)
		tm.keys("q")
	}
	tm.waitFor(promptRe, 5*time.Second)
	tm.typeText("kill %1")
	tm.keys("Enter")
}
