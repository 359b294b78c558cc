package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/tui/internal/testkit"
)

// trueColor renders in 24-bit colour for the benchmark, as a real
// terminal would, and restores the tests' ASCII profile after.
func trueColor(b *testing.B) { colorProfile(b, termenv.TrueColor) }

// colorProfile renders in profile p for the benchmark (termenv.ANSI256 is
// tmux, xterm-256color and most kiosks over SSH) and restores the tests'
// ASCII profile after. Call it before the model is built: styles convert
// their colours once, for the profile in use then.
func colorProfile(b *testing.B, p termenv.Profile) {
	lipgloss.SetColorProfile(p)
	b.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
}

// profiles are the colour profiles the view benchmarks run at.
var profiles = []struct {
	name string
	p    termenv.Profile
}{{"24bit", termenv.TrueColor}, {"256", termenv.ANSI256}}

// BenchmarkViewBoard160x48 is View of a full 160×48 board of 20 rows with
// the cache warm: what every message after the first in a second costs.
func BenchmarkViewBoard160x48(b *testing.B) {
	for _, pr := range profiles {
		b.Run(pr.name, func(b *testing.B) {
			colorProfile(b, pr.p)
			e := newEnv(b, 160, 48, true)
			_ = e.m.View()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				_ = e.m.View()
			}
		})
	}
}

// BenchmarkViewBoard160x48Cold is View of the same board when the second
// changed: what a running board pays once a second. The clock cycles
// through the 60 seconds of one minute from t0, so every row's countdown
// turns once per cycle (as on a running board) and the data never runs
// out: every frame has 20 rows, however many iterations run.
func BenchmarkViewBoard160x48Cold(b *testing.B) {
	for _, pr := range profiles {
		b.Run(pr.name, func(b *testing.B) {
			colorProfile(b, pr.p)
			e := newEnv(b, 160, 48, true)
			benchFrames(b, &e.m)
		})
	}
}

// BenchmarkViewBoard160x48Redraw is View of the same board with every row
// drawn anew each frame (new data, as after a poll that changed them all):
// the upper bound of a frame.
func BenchmarkViewBoard160x48Redraw(b *testing.B) {
	for _, pr := range profiles {
		b.Run(pr.name, func(b *testing.B) {
			colorProfile(b, pr.p)
			e := newEnv(b, 160, 48, true)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				e.m.sh.Now = testkit.T0.Add(time.Duration(i%60) * time.Second)
				bp := e.m.disp.Grid.Focused() // its row cache, emptied: no root message does that
				clear(bp.Cache.Rows)
				bp.Touch()
				_ = e.m.View()
			}
		})
	}
}

// benchFrames times View with the clock one second further each frame,
// cycling through one minute so that the rows never run out; it fails if
// the last frame of the cycle lost more than a tenth of the departure rows
// of the first (some departures leave within the minute).
func benchFrames(b *testing.B, m *Model) {
	rows := func() int { return strings.Count(m.View(), " min") + strings.Count(m.View(), " now") }
	m.sh.Now = testkit.T0
	want := rows()
	m.sh.Now = testkit.T0.Add(59 * time.Second)
	if got := rows(); got < want*9/10 || want == 0 {
		b.Fatalf("%d departure rows at the end of the minute, %d at its start", got, want)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.sh.Now = testkit.T0.Add(time.Duration(i%60) * time.Second)
		_ = m.View()
	}
}
