package tui

import (
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// BenchmarkViewKiosk160x48 is View of a 160×48 kiosk with the large
// countdown and an alert when the second changed, as once a second on a
// station display: the clock, the large countdown and the rows whose
// countdown turned are drawn anew. The clock cycles through half a minute
// of the data, so rows and countdown stay on screen.
func BenchmarkViewKiosk160x48(b *testing.B) {
	trueColor(b)
	e := newKioskEnv(b, 160, 48, app.KioskOptions{LargeCountdown: true})
	e.kpoll()
	e.src.TheAlert = model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor until 14:00."}}
	e.kalert()
	i := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		i++
		e.k.Shared.Now = testkit.T0.Add(time.Duration(i%30) * time.Second) // a new second each time, fresh data
		_ = e.View()
	}
}

// BenchmarkViewKiosk300x80 is View of a 300×80 kiosk of large rows when
// the second changed (one board, and four side by side): what an idle
// hall display pays once a second (issue 34 item 5).
func BenchmarkViewKiosk300x80(b *testing.B) {
	for _, c := range []struct {
		name  string
		specs []app.BoardSpec
	}{{"one", nil}, {"four", fourBoards}} {
		b.Run(c.name, func(b *testing.B) {
			e := newKioskEnv(b, 300, 80, app.KioskOptions{LargeCountdown: true}, c.specs...)
			e.kpoll()
			i := 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				i++
				now := testkit.T0.Add(time.Duration(i%30) * time.Second) // a new second each time, fresh data
				e.k.Shared.Now, e.k.Shared.Local = now, now
				_ = e.View()
			}
		})
	}
}
