package speech

import (
	"strings"
	"testing"
	"time"
)

// Issue 33 item 7: beyond the horizon a new departure is not said; it is
// said once as it comes within; live data that confirms the timetable is
// no second announcement; a departure missed on foot goes without a word.
func TestTrackerOneAnnouncementPerChange(t *testing.T) {
	tr := Tracker{Horizon: DefaultHorizon}
	a := dep("2", "Kuhberg", "A", 3, 0)
	if got := tr.Update("en", []Departure{a}, t0); len(got) != 0 {
		t.Fatalf("first answer said %q", got)
	}
	far := dep("4", "Böfingen", "", 45, 0)
	far.Realtime, far.Delay = false, 0
	if got := tr.Update("en", []Departure{a, far}, t0.Add(30*time.Second)); len(got) != 0 {
		t.Errorf("a departure 45 minutes away was said: %q", got)
	}
	// Live data comes for it, on time, still far: nothing.
	live := far
	live.Realtime = true
	if got := tr.Update("en", []Departure{a, live}, t0.Add(time.Minute)); len(got) != 0 {
		t.Errorf("live data of a far departure was said: %q", got)
	}
	// Within 30 minutes: said once, as new.
	now := t0.Add(16 * time.Minute)
	live.Minutes = 29
	got := strings.Join(tr.Update("en", []Departure{live}, now), "\n")
	if got != "Line 2 to Kuhberg at 08:33 has left.\nNew: Line 4 to Böfingen, in 29 minutes, on time." {
		t.Errorf("coming within the horizon said %q, want one New", got)
	}
	if got := tr.Update("en", []Departure{live}, now.Add(time.Minute)); len(got) != 0 {
		t.Errorf("said again: %q", got)
	}
	// A timetabled departure near by gains live data on time: no news.
	p := dep("6", "Wiblingen", "", 10, 0)
	p.Realtime = false
	tr2 := Tracker{Horizon: DefaultHorizon}
	tr2.Update("en", []Departure{p}, t0)
	p.Realtime = true
	if got := tr2.Update("en", []Departure{p}, t0.Add(20*time.Second)); len(got) != 0 {
		t.Errorf("live data confirming the timetable said %q", got)
	}
	p.Delay, p.At = 3, p.At.Add(3*time.Minute)
	if got := tr2.Update("en", []Departure{p}, t0.Add(40*time.Second)); len(got) != 1 || !strings.Contains(got[0], "3 minutes late") {
		t.Errorf("a delay of 3 minutes said %q", got)
	}
	// With a walking time a departure whose leave time passed goes
	// silently: it was not "no longer announced".
	tr3 := Tracker{Horizon: DefaultHorizon, Walk: 5 * time.Minute}
	m, n := dep("2", "Kuhberg", "A", 6, 0), dep("5", "Ludwigsfeld", "", 20, 0)
	tr3.Update("en", []Departure{m, n}, t0)
	if got := tr3.Update("en", []Departure{n}, t0.Add(2*time.Minute)); len(got) != 0 {
		t.Errorf("a departure missed on foot said %q", got)
	}
}

func TestSentenceArrivalAndWalk(t *testing.T) {
	d := dep("2", "Kuhberg", "A", 3, 2)
	w, ok := d.WithWalk(t0, 2*time.Minute)
	if !ok || w.Leave != 1 {
		t.Fatalf("leave %d, ok %v; want 1 minute", w.Leave, ok)
	}
	if _, ok := d.WithWalk(t0, 4*time.Minute); ok {
		t.Error("a 4 minute walk reaches a departure in 3 minutes")
	}
	a := d
	a.Arrival = true
	for _, c := range []struct {
		l    Lang
		d    Departure
		want string
	}{
		{"en", w, "Line 2 to Kuhberg, platform A, in 3 minutes, 2 minutes late; leave in 1 minute."},
		{"de", w, "Linie 2 nach Kuhberg, Steig A, in 3 Minuten, 2 Minuten Verspätung; losgehen in 1 Minute."},
		{"en", a, "Line 2 to Kuhberg, platform A, arrives in 3 minutes, 2 minutes late."},
		{"de", a, "Linie 2 nach Kuhberg, Steig A, kommt in 3 Minuten an, 2 Minuten Verspätung."},
	} {
		if got := Sentence(c.l, c.d); got != c.want {
			t.Errorf("Sentence(%s) = %q, want %q", c.l, got, c.want)
		}
	}
}
