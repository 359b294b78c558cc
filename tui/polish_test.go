package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
)

// Issue 33 item 8: the queue's SINCE column says the age alone ("2 min"),
// as `abfahrt exceptions` does, not "since 2 min" in every cell under a
// head that already says SINCE; German likewise (SEIT, not "seit").
func TestQueueSinceCellsSayTheAgeOnly(t *testing.T) {
	for lang, word := range map[string]string{"en": "since ", "de": "seit "} {
		e := newQueueEnv(t, 120, 40, lang, t.TempDir())
		e.openQueue()
		e.queueAdvance(2 * time.Minute)
		v := e.View()
		rows := 0
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, " min ") && (strings.Contains(l, "late") || strings.Contains(l, "verspätet")) {
				rows++
				if strings.HasPrefix(strings.TrimLeft(l, " ▸"), word) {
					t.Errorf("%s: a row starts with %q: %q", lang, word, l)
				}
			}
		}
		if rows == 0 {
			t.Fatalf("%s: no late rows on the queue:\n%s", lang, v)
		}
	}
}

// Issue 33 item 8: at 40×12 the board keeps its DELAY column (a rider's
// "+3") and gives the direction the cells left, rather than dropping the
// delay while the direction keeps 24 cells; English and German.
func TestNarrowBoardKeepsTheDelay(t *testing.T) {
	for lang, head := range map[string]string{"en": "+/-", "de": "+/-"} {
		e := newEnvWith(t, 40, 12, app.Options{Lang: lang})
		v := e.View()
		if !strings.Contains(v, head) {
			t.Errorf("%s: the 40×12 board has no %s column:\n%s", lang, head, v)
		}
		rows := 0
		for _, l := range strings.Split(v, "\n") {
			if f := strings.Fields(l); len(f) > 3 && (f[len(f)-1] == "✓" || strings.HasPrefix(f[len(f)-1], "+")) {
				rows++
			}
		}
		if rows < 4 {
			t.Errorf("%s: %d rows end with their delay on the 40×12 board:\n%s", lang, rows, v)
		}
	}
}
