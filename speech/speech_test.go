package speech

import (
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 25, 7, 30, 0, 0, time.UTC) // 08:30 in Ulm

func dep(line, dir, plat string, mins, delay int) Departure {
	return Departure{Line: line, Direction: dir, Platform: plat, Minutes: mins, Delay: delay, Realtime: true,
		At: t0.Add(time.Duration(mins) * time.Minute), Scheduled: t0.Add(time.Duration(mins-delay) * time.Minute)}
}

func TestSentenceEnglishAndGerman(t *testing.T) {
	d := dep("2", "Kuhberg", "A", 3, 2)
	for _, c := range []struct {
		l    Lang
		d    Departure
		want string
	}{
		{"en", d, "Line 2 to Kuhberg, platform A, in 3 minutes, 2 minutes late."},
		{"de", d, "Linie 2 nach Kuhberg, Steig A, in 3 Minuten, 2 Minuten Verspätung."},
		{"en", dep("5", "Wissenschaftsstadt", "", 1, 0), "Line 5 to Wissenschaftsstadt, in 1 minute, on time."},
		{"de", dep("5", "Wissenschaftsstadt", "", 0, -1), "Linie 5 nach Wissenschaftsstadt, jetzt, 1 Minute früher."},
	} {
		if got := Sentence(c.l, c.d); got != c.want {
			t.Errorf("Sentence(%s) = %q, want %q", c.l, got, c.want)
		}
	}
}

func TestAnnouncementSaysLeadWordsOnce(t *testing.T) {
	ds := []Departure{dep("2", "Kuhberg", "A", 3, 2), dep("5", "Wissenschaftsstadt", "B", 4, 0), dep("2", "Kuhberg", "A", 13, 0), dep("2", "Kuhberg", "A", 23, 0)}
	en := Announcement("en", "Hauptbahnhof", ds, 0)
	if want := "Next departures from Hauptbahnhof: line 2 to Kuhberg in 3, 13 and 23 minutes, the first 2 minutes late; line 5 to Wissenschaftsstadt in 4 minutes."; en != want {
		t.Errorf("en:\n got %q\nwant %q", en, want)
	}
	de := Announcement("de", "Hauptbahnhof", ds, 0)
	if want := "Nächste Abfahrten ab Hauptbahnhof: Linie 2 nach Kuhberg in 3, 13 und 23 Minuten, die erste mit 2 Minuten Verspätung; Linie 5 nach Wissenschaftsstadt in 4 Minuten."; de != want {
		t.Errorf("de:\n got %q\nwant %q", de, want)
	}
	for _, s := range []string{en, de} {
		if strings.Count(s, "Kuhberg") != 1 || strings.Count(strings.ToLower(s), "departures") > 1 {
			t.Errorf("lead words repeated: %q", s)
		}
	}
	if got := Announcement("en", "Ehinger Tor", []Departure{dep("4", "Böfingen", "", 0, 0), dep("4", "Böfingen", "", 10, 0)}, 0); !strings.Contains(got, "line 4 to Böfingen now and in 10 minutes.") {
		t.Errorf("now: %q", got)
	}
}

func TestSpeakStaleAndUnavailable(t *testing.T) {
	ds := []Departure{dep("2", "Kuhberg", "A", 3, 0)}
	if got := Speak("en", "Hauptbahnhof", ds, 0, true, true, 150*time.Second); !strings.HasPrefix(got, "Data is 2 minutes old: the service does not answer. Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 minutes") {
		t.Errorf("stale: %q", got)
	}
	if got := Speak("de", "Hauptbahnhof", nil, 0, false, false, 0); got != "Abfahrten ab Hauptbahnhof sind nicht verfügbar: der Dienst antwortet nicht." {
		t.Errorf("unavailable: %q", got)
	}
}

func TestTrackerSaysOnlyWhatChanged(t *testing.T) {
	var tr Tracker
	a, b, c := dep("2", "Kuhberg", "A", 3, 2), dep("5", "Wissenschaftsstadt", "B", 4, 0), dep("4", "Böfingen", "C", 20, 0)
	if got := tr.Update("en", []Departure{a, b, c}, t0); len(got) != 0 {
		t.Fatalf("first answer said changes: %q", got)
	}
	// The same answer a minute on: countdowns moved, nothing else.
	if got := tr.Update("en", []Departure{a, b, c}, t0.Add(30*time.Second)); len(got) != 0 {
		t.Fatalf("unchanged answer said %q", got)
	}
	// a left, b's delay wobbles by a minute (not news), c moved to platform D
	// and is 5 minutes late, a new one came.
	now := t0.Add(4 * time.Minute)
	b2 := b
	b2.Delay, b2.At = 1, b.At.Add(time.Minute)
	c2 := c
	c2.Platform, c2.Delay, c2.At, c2.Minutes = "D", 5, c.At.Add(5*time.Minute), 21
	n := dep("10", "Wiblingen", "", 25, 0)
	got := strings.Join(tr.Update("en", []Departure{b2, c2, n}, now), "\n")
	want := "Line 2 to Kuhberg at 08:31 has left.\n" +
		"Line 4 to Böfingen at 08:50 now leaves from platform D.\n" +
		"Line 4 to Böfingen at 08:50 is now 5 minutes late, in 21 minutes.\n" +
		"New: Line 10 to Wiblingen, in 25 minutes, on time."
	if got != want {
		t.Errorf("changes:\n got %q\nwant %q", got, want)
	}
	// c vanishes before its time while the answer reaches beyond it.
	later := dep("10", "Wiblingen", "", 40, 0)
	got = strings.Join(tr.Update("de", []Departure{b2, n, later}, now), "\n")
	if !strings.Contains(got, "Linie 4 nach Böfingen um 08:50 wird nicht mehr angezeigt.") {
		t.Errorf("vanished (de): %q", got)
	}
}
