package tui

import (
	"testing"
	"time"
)

// BenchmarkViewGrid12 is View of a grid of 12 boards over 4 stops when the
// second changed (every cell re-renders its countdowns), and warm (an
// unchanged second: every cell from its cache), in 24-bit colour.
func BenchmarkViewGrid12(b *testing.B) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"160x48", 160, 48}, {"240x70", 240, 70}} {
		b.Run(sz.name+"/cold", func(b *testing.B) {
			trueColor(b)
			e := newGridEnv(b, sz.w, sz.h, specsOver(12), nil)
			now := t0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				now = now.Add(time.Second)
				e.m.sh.now = now
				_ = e.m.View()
			}
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
