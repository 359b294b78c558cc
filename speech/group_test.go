package speech

import (
	"strings"
	"testing"
	"time"
)

// night are the eight night buses that leave Hauptbahnhof together at
// 08:35 here (t0 + 5 minutes), on time.
func night() []Departure {
	var ds []Departure
	for i, to := range []string{"Söflingen", "Wissenschaftsstadt", "Böfingen", "Jungingen", "Ludwigsfeld", "Wiblingen", "Pfuhl", "Grimmelfingen"} {
		ds = append(ds, dep("N"+string(rune('1'+i)), to, "", 5, 0))
	}
	return ds
}

// Issue 34 item 4: departures of several lines timetabled in the same
// minute are said as one sentence with the time once, all of them even
// beyond the count (a group is not cut), and not "in 5 minutes" eight
// times; one that leaves a few seconds early puts the group's minutes
// at its own (the rider is not told too late).
func TestAnnouncementGroupsOneMinute(t *testing.T) {
	for l, want := range map[Lang]string{
		"en": "Next departures from Hauptbahnhof: 8 departures at 08:35, in 5 minutes: lines N1 to Söflingen, N2 to Wissenschaftsstadt, N3 to Böfingen, N4 to Jungingen, N5 to Ludwigsfeld, N6 to Wiblingen, N7 to Pfuhl and N8 to Grimmelfingen.",
		"de": "Nächste Abfahrten ab Hauptbahnhof: 8 Abfahrten um 08:35, in 5 Minuten: Linien N1 nach Söflingen, N2 nach Wissenschaftsstadt, N3 nach Böfingen, N4 nach Jungingen, N5 nach Ludwigsfeld, N6 nach Wiblingen, N7 nach Pfuhl und N8 nach Grimmelfingen.",
	} {
		if got := Announcement(l, "Hauptbahnhof", night(), 0); got != want {
			t.Errorf("%s:\n got %q\nwant %q", l, got, want)
		}
	}
	// One known from the timetable only: said after the list, once; a late
	// one, and a line that comes again, keep their own sentences.
	ds := night()[:4]
	ds[1].Realtime = false
	ds[3] = dep("N4", "Jungingen", "", 6, 1) // timetabled at 08:35 too
	ds = append(ds, dep("2", "Kuhberg", "A", 7, 0), dep("2", "Kuhberg", "A", 17, 0))
	for l, want := range map[Lang]string{
		"en": "Next departures from Hauptbahnhof: 3 departures at 08:35, in 5 minutes: lines N1 to Söflingen, N2 to Wissenschaftsstadt and N3 to Böfingen; line N2 timetable only; line N4 to Jungingen in 6 minutes, 1 minute late; line 2 to Kuhberg in 7 and 17 minutes.",
		"de": "Nächste Abfahrten ab Hauptbahnhof: 3 Abfahrten um 08:35, in 5 Minuten: Linien N1 nach Söflingen, N2 nach Wissenschaftsstadt und N3 nach Böfingen; Linie N2 nur laut Fahrplan; Linie N4 nach Jungingen in 6 Minuten, 1 Minute Verspätung; Linie 2 nach Kuhberg in 7 und 17 Minuten.",
	} {
		if got := Announcement(l, "Hauptbahnhof", ds, 0); got != want {
			t.Errorf("%s:\n got %q\nwant %q", l, got, want)
		}
	}
	early := night()
	early[2].At, early[2].Minutes = early[2].At.Add(-20*time.Second), 4
	if got := Announcement("en", "Hauptbahnhof", early, 0); !strings.HasPrefix(got, "Next departures from Hauptbahnhof: 8 departures at 08:35, in 4 minutes: lines N1 to Söflingen, N2") {
		t.Errorf("one leaves 20 s early: %q", got)
	}
	// Lines that leave together more than once: their times once.
	var hourly []Departure
	for _, d := range night()[:3] {
		later := d
		later.At, later.Scheduled, later.Minutes = d.At.Add(time.Hour), d.Scheduled.Add(time.Hour), 65
		hourly = append(hourly, d, later)
	}
	for l, want := range map[Lang]string{
		"en": "Next departures from Hauptbahnhof: 3 lines at 08:35 and 09:35, the first in 5 minutes: N1 to Söflingen, N2 to Wissenschaftsstadt and N3 to Böfingen.",
		"de": "Nächste Abfahrten ab Hauptbahnhof: 3 Linien um 08:35 und 09:35, die erste in 5 Minuten: N1 nach Söflingen, N2 nach Wissenschaftsstadt und N3 nach Böfingen.",
	} {
		if got := Announcement(l, "Hauptbahnhof", hourly, 0); got != want {
			t.Errorf("%s hourly:\n got %q\nwant %q", l, got, want)
		}
	}
	// A group all from the timetable, after a line with live data: said
	// once, with the time.
	tt := night()[:3]
	for i := range tt {
		tt[i].Realtime = false
	}
	tt = append([]Departure{dep("2", "Kuhberg", "A", 1, 0)}, tt...)
	if got, want := Announcement("en", "Hauptbahnhof", tt, 0), "Next departures from Hauptbahnhof: line 2 to Kuhberg in 1 minute; 3 departures at 08:35, in 5 minutes, timetable only: lines N1 to Söflingen, N2 to Wissenschaftsstadt and N3 to Böfingen."; got != want {
		t.Errorf("timetable group:\n got %q\nwant %q", got, want)
	}
	// Two in a minute are said as before, each with its line.
	two := []Departure{dep("2", "Kuhberg", "A", 3, 0), dep("5", "Ludwigsfeld", "B", 3, 0)}
	if got := Announcement("en", "Hauptbahnhof", two, 0); got != "Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 minutes; line 5 to Ludwigsfeld in 3 minutes." {
		t.Errorf("two: %q", got)
	}
}

// Issue 34 item 4: a departure known only from the timetable (no live
// data) is said as such: once for the whole announcement when none has
// live data, else for its line.
func TestAnnouncementSaysTimetableOnly(t *testing.T) {
	tt := func(d Departure) Departure { d.Realtime, d.Delay = false, 0; return d }
	mixed := []Departure{dep("2", "Kuhberg", "A", 3, 0), tt(dep("5", "Ludwigsfeld", "B", 4, 0)), tt(dep("4", "Böfingen Süd", "", 6, 0)), dep("4", "Böfingen Süd", "", 16, 0)}
	for l, want := range map[Lang]string{
		"en": "Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 minutes; line 5 to Ludwigsfeld in 4 minutes, timetable only; line 4 to Böfingen Süd in 6 and 16 minutes, the first timetable only.",
		"de": "Nächste Abfahrten ab Hauptbahnhof: Linie 2 nach Kuhberg in 3 Minuten; Linie 5 nach Ludwigsfeld in 4 Minuten, nur laut Fahrplan; Linie 4 nach Böfingen Süd in 6 und 16 Minuten, die erste nur laut Fahrplan.",
	} {
		if got := Announcement(l, "Hauptbahnhof", mixed, 0); got != want {
			t.Errorf("%s:\n got %q\nwant %q", l, got, want)
		}
	}
	all := []Departure{tt(dep("2", "Kuhberg", "A", 3, 0)), tt(dep("5", "Ludwigsfeld", "B", 4, 0))}
	for l, want := range map[Lang]string{
		"en": "Next departures from Hauptbahnhof, timetable only: line 2 to Kuhberg in 3 minutes; line 5 to Ludwigsfeld in 4 minutes.",
		"de": "Nächste Abfahrten ab Hauptbahnhof, nur laut Fahrplan: Linie 2 nach Kuhberg in 3 Minuten; Linie 5 nach Ludwigsfeld in 4 Minuten.",
	} {
		got := Announcement(l, "Hauptbahnhof", all, 0)
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", l, got, want)
		}
		if strings.Count(got, l.pick("timetable only", "Fahrplan")) != 1 {
			t.Errorf("%s: timetable only said more than once: %q", l, got)
		}
	}
}
