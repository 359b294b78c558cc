package tui

import (
	"testing"
)

// BenchmarkViewGrid12 is View of a grid of 12 boards over 4 stops when the
// second changed (cold: the clock cycles through one minute, so every
// cell's countdowns turn once per cycle and the rows never run out), and
// warm (an unchanged second: every cell from its cache), in 24-bit colour.
func BenchmarkViewGrid12(b *testing.B) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"160x48", 160, 48}, {"240x70", 240, 70}} {
		b.Run(sz.name+"/cold", func(b *testing.B) {
			trueColor(b)
			e := newGridEnv(b, sz.w, sz.h, specsOver(12), nil)
			benchFrames(b, &e.m)
		})
		b.Run(sz.name+"/warm", func(b *testing.B) {
			trueColor(b)
			e := newGridEnv(b, sz.w, sz.h, specsOver(12), nil)
			_ = e.m.View()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				_ = e.m.View()
			}
		})
	}
}

// BenchmarkViewGrid16x120x40 is the grid of `make perf-compare`: 16 boards
// over 4 stops at 120×40, cold (benchFrames), at 24-bit and 256 colours.
func BenchmarkViewGrid16x120x40(b *testing.B) {
	for _, pr := range profiles {
		b.Run(pr.name, func(b *testing.B) {
			colorProfile(b, pr.p)
			e := newGridEnv(b, 120, 40, specsOver(16), nil)
			benchFrames(b, &e.m)
		})
	}
}
