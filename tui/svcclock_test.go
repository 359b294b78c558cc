package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// c0 is the local time the clock tests start at.
var c0 = time.Date(2026, 11, 22, 20, 6, 0, 0, time.UTC)

// The status bar says so when the clocks differ by more than a minute, in
// the board's language, and the hook for --log hears of it once.
func TestStatusBarSaysClocksDiffer(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "service time 07:31 · this computer 21:06"},
		{"de", "Serverzeit 07:31 · dieser Rechner 21:06"},
	} {
		var calls int
		m := New(app.Options{Source: testkit.NewFakeSource(), Lang: tc.lang, ClockSkew: func(_, _ time.Time, _ float64) { calls++ }})
		svc := time.Date(2026, 9, 11, 7, 31, 0, 0, time.FixedZone("CEST", 2*3600))
		m.sh.Observe(svc, c0)
		for i := range 3 {
			if cmd := m.sh.Tick(c0.Add(time.Duration(i) * time.Second)); cmd != nil {
				cmd()
			}
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
		v := next.(Model).View()
		if !strings.Contains(v, tc.want) {
			t.Errorf("%s: status bar lacks %q:\n%s", tc.lang, tc.want, v)
		}
		if calls != 1 {
			t.Errorf("%s: the log hook was called %d times, want 1", tc.lang, calls)
		}
	}
}
