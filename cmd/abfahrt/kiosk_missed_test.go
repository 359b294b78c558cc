package main

import (
	"testing"

	"abfahrt/internal/config"
)

// Issue 33 item 6: a kiosk with a walking time shows what can still be
// caught unless its configuration says hide_missed = false.
func TestKioskHidesMissedByDefault(t *testing.T) {
	for body, want := range map[string]bool{
		"":                               true,
		"[kiosk]\nrotate = \"20s\"\n":    true,
		"[kiosk]\nhide_missed = true\n":  true,
		"[kiosk]\nhide_missed = false\n": false,
	} {
		c, err := config.Load(writeConfig(t, body), true)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Kiosk.Options(true).HideMissed; got != want {
			t.Errorf("%q: the kiosk hides missed departures: %v, want %v", body, got, want)
		}
	}
}
