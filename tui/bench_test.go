package tui

import (
	"testing"
	"time"
)

// BenchmarkViewBoard160x48 is View of a full 160×48 board of 20 rows with
// the cache warm: what every message after the first in a second costs.
func BenchmarkViewBoard160x48(b *testing.B) {
	e := newEnv(&testing.T{}, 160, 48, true)
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
	e := newEnv(&testing.T{}, 160, 48, true)
	now := t0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		now = now.Add(time.Second)
		e.m.sh.now = now
		_ = e.m.View()
	}
}
