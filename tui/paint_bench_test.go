package tui

import (
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/screen"
	"abfahrt/tui/internal/testkit"
)

// BenchmarkPaintBoard160x48 is what abfahrt's renderer costs to turn one
// frame of a 160×48 board into the next, the frames a minute apart (every
// countdown turned, departures left and rows moved up), cycling through
// ten minutes: "diff" writes only what changed (what runs), "repaint"
// clears and writes every frame whole (the reference in the same run,
// close to what Bubble Tea v1's renderer writes when every line changed).
// B/frame is the bytes written to the terminal per frame.
func BenchmarkPaintBoard160x48(b *testing.B) {
	for _, pr := range profiles {
		colorProfile(b, pr.p)
		e := newEnv(b, 160, 48, true)
		var frames []string
		for k := range 10 {
			e.m.sh.Now = testkit.T0.Add(time.Duration(k) * time.Minute)
			e.send(app.RedrawMsg{})
			frames = append(frames, e.m.View())
		}
		for _, mode := range []string{"diff", "repaint"} {
			b.Run(pr.name+"/"+mode, func(b *testing.B) {
				s := screen.NewScreen()
				buf := s.Render(nil, frames[0], 160, 48)
				written := 0
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					if mode == "repaint" {
						s.Invalidate()
					}
					buf = s.Render(buf[:0], frames[(i+1)%len(frames)], 160, 48)
					written += len(buf)
				}
				b.ReportMetric(float64(written)/float64(b.N), "B/frame")
			})
		}
	}
}
