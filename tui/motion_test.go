package tui

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
)

// blink is an SGR blink attribute (5 slow, 6 rapid) in a frame.
var blink = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?[56](?:;[0-9;]*)?m`)

// Issue 26 item 2: with reduced motion a rung reminder's row is
// highlighted steadily for its ten seconds (without, it flashes on and off
// every second), and no frame blinks.
func TestReducedMotionDoesNotFlash(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for _, reduced := range []bool{false, true} {
		var bell bytes.Buffer
		e := newRemEnv(t, 4*time.Minute, "", &bell)
		e.m.sh.ReduceMotion = reduced
		e.cursorTo("Kuhberg")
		e.run(e.Key("t"))
		e.remTick(3 * time.Minute) // 12:37:56: a minute before the leave time, it rings
		e.Key("G")                 // the cursor off the rung row
		frames := map[string]bool{}
		for range 6 {
			e.remTick(time.Second)
			v := e.m.View()
			if blink.MatchString(v) {
				t.Errorf("reduced %v: a frame blinks", reduced)
			}
			for _, l := range strings.Split(v, "\n") {
				if strings.Contains(ansi.Strip(l), "Kuhberg  ") {
					frames[l] = true // with its colours: the highlight is a background
					break
				}
			}
		}
		switch {
		case reduced && len(frames) != 1:
			t.Errorf("reduced motion: the rung row changed %d ways in 6 s", len(frames))
		case !reduced && len(frames) < 2:
			t.Errorf("full motion: the rung row did not flash")
		}
	}
}

// With reduced motion the kiosk's burn-in step comes once an hour, not
// every five minutes.
func TestReducedMotionKioskStepsRarely(t *testing.T) {
	for _, reduced := range []bool{false, true} {
		e := newKioskEnv(t, 120, 40, app.KioskOptions{})
		e.kpoll()
		e.k.Shared.ReduceMotion = reduced
		// where the content starts: blank lines above it, blanks before it
		at := func() [2]int {
			lines := strings.Split(ansi.Strip(e.View()), "\n")
			for i, l := range lines {
				if strings.TrimSpace(l) != "" {
					return [2]int{i, len(l) - len(strings.TrimLeft(l, " "))}
				}
			}
			return [2]int{}
		}
		e.clockTo(time.Date(2026, 9, 11, 13, 0, 30, 0, testkit.T0.Location()))
		places := map[[2]int]bool{at(): true}
		for range 11 {
			e.clockTo(e.now.Add(kiosk.ShiftEvery))
			places[at()] = true
		}
		switch {
		case reduced && len(places) != 1:
			t.Errorf("reduced motion: the layout moved within the hour to %d places", len(places))
		case !reduced && len(places) < 2:
			t.Errorf("full motion: the burn-in step did not move the layout")
		}
	}
}
