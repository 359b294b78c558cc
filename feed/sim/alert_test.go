package sim

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	itemLineRE = regexp.MustCompile(`^Linie (\S+): `)
	stretchRE  = regexp.MustCompile(`zwischen (.+?) und (.+?) (wegen|entfallen)`)
)

// TestAlertsAgreeWithService walks the alert windows of two weeks: every
// item names a line that runs in that window and a real stretch of two
// different stops of that line, and a stop an alert closes has no
// departure of that line on its board while the alert lasts.
func TestAlertsAgreeWithService(t *testing.T) {
	s, c := newTestService(t, "2026-09-07T00:30:00+02:00")
	alerts, closures, checkedBoards := 0, 0, 0
	for win := 0; win < 14*8; win++ {
		w := wrapper(t, getJSON(t, s, "/mobility/v1/passenger/alert/UnplannedAlert", 200), "PassengerAlert")
		now := c.Now().Unix()
		al := s.plans.alertAt(now)
		if (al != nil) != (w["CurrentStatus"] == "OK") {
			t.Fatalf("%v: alert %v, answer %v", c.Now(), al, w)
		}
		if al != nil {
			alerts++
			items := strings.Split(w["AlertData"].(string), " +++ ")
			if len(items) != len(al.items) {
				t.Fatalf("%v: %d items on the wire, %d in effect", c.Now(), len(items), len(al.items))
			}
			for i, text := range items {
				m := itemLineRE.FindStringSubmatch(text)
				l := s.net.lineByNum[0]
				for _, x := range s.net.lines {
					if m != nil && x.name == m[1] {
						l = x
					}
				}
				if l == nil || l != al.items[i].line {
					t.Fatalf("%v: item %q names no line in effect", c.Now(), text)
				}
				if !runsBetween(s, l, al.from, al.to) {
					t.Errorf("%v: %q, but line %s has no trip between %v and %v", c.Now(), text, l.name,
						time.Unix(al.from, 0).In(berlin), time.Unix(al.to, 0).In(berlin))
				}
				if sm := stretchRE.FindStringSubmatch(text); sm != nil {
					if sm[1] == sm[2] || !onLine(s, l, sm[1]) || !onLine(s, l, sm[2]) {
						t.Errorf("%v: %q is not a stretch of line %s", c.Now(), text, l.name)
					}
				}
				for _, stop := range al.items[i].closed {
					closures++
					if !strings.Contains(text, s.net.stops[s.net.stopByNum[stop]].row.Name) {
						t.Errorf("%q closes stop %d without naming it", text, stop)
					}
					checkedBoards += checkClosed(t, s, c, l, stop, al)
				}
			}
		}
		c.add(3 * time.Hour)
	}
	t.Logf("%d alerts, %d closed stops, %d boards checked", alerts, closures, checkedBoards)
	if alerts < 14 || closures < 5 || checkedBoards < 10 {
		t.Errorf("%d alerts with %d closures and %d boards over two weeks: too few to judge", alerts, closures, checkedBoards)
	}
}

// runsBetween reports whether line l has a running trip between from and to.
func runsBetween(s *Service, l *line, from, to int64) bool {
	for _, dp := range s.plans.around(from + (to-from)/2) {
		for i := range dp.trips {
			tr := &dp.trips[i]
			if tr.dir.line == l && !tr.cancelled && dp.first(int32(i)) < to && dp.last(int32(i)) > from {
				return true
			}
		}
	}
	return false
}

func onLine(s *Service, l *line, name string) bool {
	for _, pi := range l.dirs[0].points {
		if s.net.stops[s.net.points[pi].stop].row.Name == name {
			return true
		}
	}
	return false
}

// checkClosed polls the closed stop's board at a few moments of the alert:
// no departure of the line may show within it (with a margin for
// predictions that are later than the truth); it returns the number of
// boards checked.
func checkClosed(t *testing.T, s *Service, c *manualClock, l *line, stop int, al *alert) int {
	t.Helper()
	back := c.Now()
	defer c.set(back)
	n := 0
	for at := al.from + 60; at < al.to-40*60; at += 40 * 60 {
		c.set(time.Unix(at, 0))
		w := wrapper(t, getJSON(t, s, "/mobility/v1/stop/passage/Departures?Limit=100&StopNumber="+strconv.Itoa(stop), 200), "StopPassage")
		n++
		for _, r := range records(t, w, "DepartureData") {
			act := mustTime(t, r["DepartureTimeActual"].(string)).Unix()
			if r["RouteName"] == l.name && act < al.to-40*60 {
				t.Errorf("%v: line %s departs from closed stop %d at %s", c.Now(), l.name, stop, r["DepartureTimeActual"])
			}
		}
	}
	return n
}
