package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
)

// The dispatcher's summary lines keep their words whole on narrow
// screens: what does not fit is left out, the least needed first (the
// count of fresh boards, then the worst delay), instead of cutting the
// line's end. The fleet at 120 columns in German said "nach Versp…", so
// the dispatcher could not read how the list is sorted; the grid at 80
// columns said "worst +8 min: 7 → Roter Ber…".
func TestSummariesLeaveOutRatherThanCut(t *testing.T) {
	for _, c := range []struct {
		name, lang string
		w          int
		keys       []string
		want       []string
	}{
		{"fleet by delay", "de", 100, []string{"v", "s"}, []string{"Flotte", "verspätet >3 Min", "nach Verspätung"}},
		{"fleet by line", "en", 80, []string{"v"}, []string{"Fleet", "late >3 min", "by line"}},
		{"grid", "en", 80, nil, []string{"boards", "late >3 min"}},
		{"grid", "de", 70, nil, []string{"Tafeln", "verspätet >3 Min"}},
	} {
		e := newGridEnv(t, c.w, 30, specsOver(4), func(o *app.Options) { o.Lang = c.lang })
		for _, k := range c.keys {
			e.Key(k)
			if k == "v" {
				e.fleetPoll()
			}
		}
		top := ansi.Strip(strings.SplitN(e.View(), "\n", 2)[0])
		if strings.Contains(top, "…") {
			t.Errorf("%s, %s, %d columns: the summary is cut: %q", c.name, c.lang, c.w, top)
		}
		for _, w := range c.want {
			if !strings.Contains(top, w) {
				t.Errorf("%s, %s, %d columns: the summary lacks %q: %q", c.name, c.lang, c.w, w, top)
			}
		}
	}
}
