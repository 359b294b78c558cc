package speech

import (
	"strconv"
	"strings"
	"time"
)

// DefaultAnnounce is how many departures an announcement says.
const DefaultAnnounce = 6

// GroupAt is how many lines leaving in the same minute are said as one
// group: "8 departures at 01:30, in 5 minutes: lines N1 to Söflingen, N2
// to …" instead of "in 5 minutes" eight times.
const GroupAt = 3

// Announcement is what a kiosk speaks for a stop: its next n departures
// (DefaultAnnounce for n <= 0), factored so that the lead words are said
// once and several departures of one line and direction once with their
// times: "Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 and 13
// minutes, the first 2 minutes late; line 5 to Wissenschaftsstadt in 4
// minutes."; "…, die erste mit 2 Minuten Verspätung; …". Lines that leave
// once each, timetabled in the same minute, GroupAt or more, are one
// group with the time said once (the night buses at 01:30), and all of
// them are said even beyond n: a group is not cut. A departure known only from the
// timetable (no live data) is said as such: "…, timetable only"; "…, nur
// laut Fahrplan", once after the stop when no departure said has live
// data. A stop without departures says so (None).
func Announcement(l Lang, stop string, ds []Departure, n int) string {
	if n <= 0 {
		n = DefaultAnnounce
	}
	if len(ds) == 0 {
		return None(l, stop)
	}
	k := min(n, len(ds))
	for k < len(ds) && k < 2*n+GroupAt && (timetabled(ds[k]) == timetabled(ds[k-1]) || max(ds[k].Minutes, 0) == max(ds[k-1].Minutes, 0)) {
		k++ // the rest of the last minute: a group is not cut
	}
	ds = ds[:k]
	allTimetable := true
	for _, d := range ds {
		allTimetable = allTimetable && !d.Realtime
	}
	var groups []*lineGroup
	byLine := map[string]*lineGroup{}
	for _, d := range ds {
		key := d.Line + "\x00" + d.Direction
		g := byLine[key]
		if g == nil {
			g = &lineGroup{first: d}
			byLine[key] = g
			groups = append(groups, g)
		}
		g.all = append(g.all, d)
		if n := len(g.mins); n > 0 && max(g.mins[n-1], 0) == max(d.Minutes, 0) {
			continue // two in the same minute are said once: not "in 1 and 1 minutes"
		}
		g.mins = append(g.mins, d.Minutes)
	}
	// Lines whose departures are timetabled at the same times, none late
	// or early: GroupAt or more are one group.
	same := map[string][]*lineGroup{}
	for _, g := range groups {
		if k, ok := groupKey(g); ok {
			same[k] = append(same[k], g)
		}
	}
	parts := make([]string, 0, len(groups))
	said := map[string]bool{}
	for _, g := range groups {
		if k, ok := groupKey(g); ok && len(same[k]) >= GroupAt {
			if !said[k] {
				said[k] = true
				parts = append(parts, l.timeGroup(same[k], allTimetable))
			}
			continue
		}
		parts = append(parts, l.linePart(g, allTimetable))
	}
	lead := l.pick("Next departures from ", "Nächste Abfahrten ab ") + stop
	if allTimetable {
		lead += l.pick(", timetable only", ", nur laut Fahrplan")
	}
	return lead + ": " + strings.Join(parts, "; ") + "."
}

// lineGroup is the departures of one line and direction in an
// announcement: the first, all, and the minutes said.
type lineGroup struct {
	first Departure
	all   []Departure
	mins  []int
}

// timetableOnly is what marks a departure known only from the timetable.
func (l Lang) timetableOnly() string { return l.pick("timetable only", "nur laut Fahrplan") }

// linePart says one line's departures: "line 2 to Kuhberg in 3 and 13
// minutes, the first 2 minutes late"; with the first known only from the
// timetable "…, the first timetable only", all of them "…, timetable
// only" (unless the whole announcement says so).
func (l Lang) linePart(g *lineGroup, allTimetable bool) string {
	p := l.lineTo(g.first, false) + " " + l.times(g.mins)
	first := l.pick("the first ", "die erste ")
	late := g.first.Realtime && g.first.Delay != 0
	timetable := 0
	for _, d := range g.all {
		if !d.Realtime {
			timetable++
		}
	}
	switch {
	case late && len(g.mins) == 1:
		p += ", " + l.delay(g.first)
	case late:
		if l.German() && g.first.Delay > 0 {
			first += "mit " // "die erste mit 2 Minuten Verspätung"
		}
		p += ", " + first + l.delay(g.first)
	case allTimetable:
	case timetable == len(g.all):
		p += ", " + l.timetableOnly()
	case !g.first.Realtime:
		p += ", " + first + l.timetableOnly()
	}
	return p
}

// timetabled is the minute a departure is timetabled at, "01:30" (its
// best known time when the timetabled one is unknown).
func timetabled(d Departure) string {
	if d.Scheduled.IsZero() {
		return clock(d.At)
	}
	return clock(d.Scheduled)
}

// groupKey is the key of a line's departures in a group of lines that
// leave together: their timetabled times ("01:30 02:30"); ok is false
// for a line with a departure late or early (said on its own). A line
// whose first departure is known from the timetable only is said so
// after the group.
func groupKey(g *lineGroup) (key string, ok bool) {
	times := make([]string, len(g.all))
	for i, d := range g.all {
		if d.Realtime && d.Delay != 0 {
			return "", false
		}
		times[i] = timetabled(d)
	}
	return strings.Join(times, " "), true
}

// timeGroup says lines that leave at the same timetabled times as one
// group: "8 departures at 01:30, in 3 minutes: lines N1 to Söflingen, N2
// to Wissenschaftsstadt and N3 to Böfingen; line N2 timetable only" (all
// of them: "…, in 3 minutes, timetable only: lines …"), and of lines that
// leave more than once "8 lines at 01:30 and 02:30, the first in 3
// minutes: N1 to Söflingen, …". The minutes are those of the first to
// leave.
func (l Lang) timeGroup(gs []*lineGroup, allTimetable bool) string {
	soonest := max(gs[0].first.Minutes, 0)
	items := make([]string, len(gs))
	var timetable []string
	for i, g := range gs {
		d := g.first
		soonest = min(soonest, max(d.Minutes, 0))
		items[i] = d.Line
		if d.Direction != "" {
			items[i] += l.pick(" to ", " nach ") + d.Direction
		}
		if !d.Realtime && !allTimetable {
			timetable = append(timetable, d.Line)
		}
	}
	mark := ""
	if len(timetable) == len(gs) {
		mark = ", " + l.timetableOnly() // all of them: said once, with the time
		timetable = nil
	}
	var p string
	if times := gs[0].all; len(times) == 1 {
		p = strconv.Itoa(len(gs)) + l.pick(" departures at ", " Abfahrten um ") + timetabled(times[0]) + ", " + l.in(soonest) + mark + ": " +
			l.pick("lines ", "Linien ") + l.list(items)
	} else {
		at := make([]string, len(times))
		for i, d := range times {
			at[i] = timetabled(d)
		}
		p = strconv.Itoa(len(gs)) + l.pick(" lines at ", " Linien um ") + l.list(at) + ", " + l.pick("the first ", "die erste ") + l.in(soonest) + mark + ": " + l.list(items)
	}
	if len(timetable) == 1 {
		p += "; " + l.pick("line ", "Linie ") + timetable[0] + " " + l.timetableOnly()
	} else if len(timetable) > 1 {
		p += "; " + l.pick("lines ", "Linien ") + l.list(timetable) + " " + l.timetableOnly()
	}
	return p
}

// list joins items with commas and a last "and": "a, b and c"; "a, b
// und c".
func (l Lang) list(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + l.pick(" and ", " und ") + items[len(items)-1]
}

// Speak is an announcement with the data's state: stale data (age, when
// stale is set) is said before the departures, and a stop without any
// answer is Unavailable.
func Speak(l Lang, stop string, ds []Departure, n int, answered, stale bool, age time.Duration) string {
	if !answered {
		return Unavailable(l, stop)
	}
	a := Announcement(l, stop, ds, n)
	if stale {
		return Stale(l, age) + " " + a
	}
	return a
}

// times says the minutes of one line's departures with "in" and
// "minutes" once: "in 3 minutes", "now and in 10 minutes", "in 3, 13 and
// 23 minutes"; "in 3, 13 und 23 Minuten".
func (l Lang) times(mins []int) string {
	var now bool
	var rest []int
	for _, m := range mins {
		if m <= 0 && !now {
			now = true
			continue
		}
		if m > 0 {
			rest = append(rest, m)
		}
	}
	and := l.pick(" and ", " und ")
	var tail string
	if len(rest) > 0 {
		nums := make([]string, len(rest))
		for i, m := range rest {
			nums[i] = strconv.Itoa(m)
		}
		list := nums[0]
		if len(nums) > 1 {
			list = strings.Join(nums[:len(nums)-1], ", ") + and + nums[len(nums)-1]
		}
		unit := l.pick(" minutes", " Minuten")
		if len(rest) == 1 && rest[0] == 1 {
			unit = l.pick(" minute", " Minute")
		}
		tail = "in " + list + unit
	}
	switch {
	case now && tail != "":
		return l.pick("now", "jetzt") + and + tail
	case now:
		return l.pick("now", "jetzt")
	}
	return tail
}
