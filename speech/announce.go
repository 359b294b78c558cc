package speech

import (
	"strconv"
	"strings"
	"time"
)

// DefaultAnnounce is how many departures an announcement says.
const DefaultAnnounce = 6

// Announcement is what a kiosk speaks for a stop: its next n departures
// (DefaultAnnounce for n <= 0), factored so that the lead words are said
// once and several departures of one line and direction once with their
// times: "Next departures from Hauptbahnhof: line 2 to Kuhberg in 3 and 13
// minutes, the first 2 minutes late; line 5 to Wissenschaftsstadt in 4
// minutes."; "…, die erste mit 2 Minuten Verspätung; …". A stop without departures says so (None).
func Announcement(l Lang, stop string, ds []Departure, n int) string {
	if n <= 0 {
		n = DefaultAnnounce
	}
	if len(ds) == 0 {
		return None(l, stop)
	}
	ds = ds[:min(n, len(ds))]
	type group struct {
		first Departure
		mins  []int
	}
	var groups []*group
	byLine := map[string]*group{}
	for _, d := range ds {
		k := d.Line + "\x00" + d.Direction
		g := byLine[k]
		if g == nil {
			g = &group{first: d}
			byLine[k] = g
			groups = append(groups, g)
		}
		if n := len(g.mins); n > 0 && max(g.mins[n-1], 0) == max(d.Minutes, 0) {
			continue // two in the same minute are said once: not "in 1 and 1 minutes"
		}
		g.mins = append(g.mins, d.Minutes)
	}
	parts := make([]string, 0, len(groups))
	for _, g := range groups {
		p := l.lineTo(g.first, false) + " " + l.times(g.mins)
		if late := g.first.Realtime && g.first.Delay != 0; late && len(g.mins) == 1 {
			p += ", " + l.delay(g.first)
		} else if late {
			first := l.pick("the first ", "die erste ")
			if l.German() && g.first.Delay > 0 {
				first += "mit " // "die erste mit 2 Minuten Verspätung"
			}
			p += ", " + first + l.delay(g.first)
		}
		parts = append(parts, p)
	}
	return l.pick("Next departures from ", "Nächste Abfahrten ab ") + stop + ": " + strings.Join(parts, "; ") + "."
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
