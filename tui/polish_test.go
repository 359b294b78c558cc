package tui

import (
	"strings"
	"testing"
	"time"
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
