package speech

import (
	"strings"
	"testing"
)

// Issue 33 item 8: two departures of one line in the same minute are said
// once ("in 1 minute"), never "in 1 und 1 Minuten"; a departure whose
// delay changed as it leaves is not said with "now" twice ("is now on
// time, now.").
func TestSayingsWithoutRepeats(t *testing.T) {
	two := []Departure{dep("2", "Kuhberg", "A", 1, 0), dep("2", "Kuhberg", "A", 1, 0), dep("2", "Kuhberg", "A", 11, 0)}
	for l, want := range map[Lang]string{
		"en": "line 2 to Kuhberg in 1 and 11 minutes.",
		"de": "Linie 2 nach Kuhberg in 1 und 11 Minuten.",
	} {
		if got := Announcement(l, "Hauptbahnhof", two, 0); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q, want it to end %q", l, got, want)
		}
	}
	for l, want := range map[Lang]string{"en": "line 2 to Kuhberg in 1 minute.", "de": "Linie 2 nach Kuhberg in 1 Minute."} {
		if got := Announcement(l, "Hauptbahnhof", two[:2], 0); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q, want it to end %q", l, got, want)
		}
	}

	late := dep("2", "Kuhberg", "A", 0, 3)
	for l, want := range map[Lang]string{
		"en": "Line 2 to Kuhberg at 08:27 is now on time, about to leave.",
		"de": "Linie 2 nach Kuhberg um 08:27: jetzt pünktlich, fährt gleich ab.",
	} {
		var tr Tracker
		tr.Update(l, []Departure{late}, t0)
		onTime := late
		onTime.Delay = 0
		got := strings.Join(tr.Update(l, []Departure{onTime}, t0), "\n")
		if got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
