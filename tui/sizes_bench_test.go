package tui

import (
	"abfahrt/model"
	"testing"
)

// BenchmarkViewSizes renders the board, the grid of 12 boards and the
// vehicle pane with its map at the three reference terminal sizes, each
// frame one second after the last (countdowns and ages change, so rows are
// drawn anew; caches keyed on data stay warm): the cost and allocations of
// a real frame. The clock cycles through one minute (benchFrames).
func BenchmarkViewSizes(b *testing.B) {
	sizes := []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}, {"240x70", 240, 70}}
	for _, sz := range sizes {
		b.Run("board/"+sz.name, func(b *testing.B) {
			trueColor(b)
			e := newEnv(b, sz.w, sz.h, true)
			benchFrames(b, &e.m)
		})
		b.Run("grid12/"+sz.name, func(b *testing.B) {
			trueColor(b)
			e := newGridEnv(b, sz.w, sz.h, specsOver(12), nil)
			benchFrames(b, &e.m)
		})
		b.Run("vehicle/"+sz.name, func(b *testing.B) {
			trueColor(b)
			e := vehicleEnv(b, sz.w, sz.h, 8, model.PhaseBetween)
			benchFrames(b, &e.m)
		})
	}
}
