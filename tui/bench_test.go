package tui

import (
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// trueColor renders in 24-bit colour for the benchmark, as a real
// terminal would, and restores the tests' ASCII profile after.
func trueColor(b *testing.B) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	b.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
}

// BenchmarkViewBoard160x48 is View of a full 160×48 board of 20 rows with
// the cache warm: what every message after the first in a second costs.
func BenchmarkViewBoard160x48(b *testing.B) {
	trueColor(b)
	e := newEnv(b, 160, 48, true)
	_ = e.m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = e.m.View()
	}
}

// BenchmarkViewBoard160x48Cold is View of the same board when the second
// changed: the rows are rendered anew (countdowns, ages).
func BenchmarkViewBoard160x48Cold(b *testing.B) {
	trueColor(b)
	e := newEnv(b, 160, 48, true)
	now := t0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		now = now.Add(time.Second)
		e.m.sh.now = now
		_ = e.m.View()
	}
}
