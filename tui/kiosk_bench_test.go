package tui

import (
	"testing"
	"time"

	"abfahrt/model"
)

// BenchmarkViewKiosk160x48 is View of a 160×48 kiosk with the large
// countdown and an alert when the second changed: everything is drawn
// anew, as it is once a second on a station display. The clock stays
// within half a minute of the data, so rows and countdown stay on screen.
func BenchmarkViewKiosk160x48(b *testing.B) {
	trueColor(b)
	e := newKioskEnv(b, 160, 48, KioskOptions{LargeCountdown: true})
	e.kpoll()
	e.src.alert = model.Alert{Title: "Line 2", Items: []string{"Trams to Kuhberg start at Ehinger Tor until 14:00."}}
	e.kalert()
	i := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		i++
		e.k.sh.now = t0.Add(time.Duration(i%30) * time.Second) // a new second each time, fresh data
		_ = e.view()
	}
}
