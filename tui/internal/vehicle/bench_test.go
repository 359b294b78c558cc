package vehicle

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
)

// BenchmarkViewVehicle100x40Poll is the pane's View after a poll at the
// size the root gives it on a 100×40 terminal (the pane takes the
// screen): the map is drawn anew too, in 24-bit colour as a real terminal
// would.
func BenchmarkViewVehicle100x40Poll(b *testing.B) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	b.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	r := openOnLine2(b, 100, 38, 8, model.PhaseBetween)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r.p.MapRev++
		r.p.Touch()
		_ = r.p.View(app.Frame{})
	}
}
