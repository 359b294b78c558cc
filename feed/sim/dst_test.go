package sim

import (
	"strings"
	"testing"
	"time"
)

// nightDepartures polls the Hauptbahnhof board through a night and returns
// the night departures seen, keyed by line and wall-clock scheduled time
// (without offset), with how many distinct instants each key had.
func nightDepartures(t *testing.T, from string, hours int) map[string]map[string]bool {
	t.Helper()
	s, c := newTestService(t, from)
	out := map[string]map[string]bool{}
	for i := 0; i < hours*6; i++ {
		w := wrapper(t, getJSON(t, s, "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=100", 200), "StopPassage")
		for _, r := range records(t, w, "DepartureData") {
			name := r["RouteName"].(string)
			if !strings.HasPrefix(name, "N") {
				continue
			}
			sched := r["DepartureTimeScheduled"].(string)
			k := name + " " + sched[:19] + " " + r["DepartureDirectionText"].(string)
			if out[k] == nil {
				out[k] = map[string]bool{}
			}
			out[k][sched] = true
		}
		c.add(10 * time.Minute)
	}
	return out
}

// nightStarts lists the scheduled starts from the hub (direction 1) of the
// night lines in the plan of a service day (cancelled trips included: an
// alert may cancel single trips), as wire datetimes per line.
func nightStarts(t *testing.T, y int, m time.Month, d int) map[string][]string {
	t.Helper()
	s, _ := newTestService(t, testStart)
	dp := s.plans.day(y, m, d)
	out := map[string][]string{}
	for i := range dp.trips {
		tr := &dp.trips[i]
		if tr.dir.line.night && tr.dir.no == 1 {
			out[tr.dir.line.name] = append(out[tr.dir.line.name], time.Unix(tr.start, 0).In(berlin).Format(timeLayout))
		}
	}
	return out
}

// TestDSTNights: a service day is a day of wall-clock times in
// Europe/Berlin. On 2026-10-25 (clocks go back at 3:00 CEST) the 02:00 and
// 02:30 night departures run, once each, at the first occurrence of the
// hour (CEST); on 2027-03-28 (clocks go forward at 2:00 CET) the skipped
// times 02:00 and 02:30 have no departures and no night line appears twice,
// neither in the timetable nor on the board.
func TestDSTNights(t *testing.T) {
	autumn := nightStarts(t, 2026, time.October, 25)
	spring := nightStarts(t, 2027, time.March, 28)
	for _, l := range []string{"N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"} {
		got := strings.Join(autumn[l], " ")
		for _, want := range []string{"T01:30:00+02:00", "T02:00:00+02:00", "T02:30:00+02:00", "T03:00:00+01:00", "T03:30:00+01:00"} {
			if strings.Count(got, want) != 1 {
				t.Errorf("2026-10-25 %s: want one start at %s, got %s", l, want, got)
			}
		}
		if strings.Contains(got, "T02:00:00+01:00") || strings.Contains(got, "T02:30:00+01:00") {
			t.Errorf("2026-10-25 %s runs the repeated hour twice: %s", l, got)
		}
		got = strings.Join(spring[l], " ")
		for _, want := range []string{"T01:30:00+01:00", "T03:00:00+02:00", "T03:30:00+02:00"} {
			if strings.Count(got, want) != 1 {
				t.Errorf("2027-03-28 %s: want one start at %s, got %s", l, want, got)
			}
		}
		if strings.Contains(got, "T02:") {
			t.Errorf("2027-03-28 %s: a start at a time that does not exist: %s", l, got)
		}
	}
	for _, night := range []string{"2026-10-24T23:00:00+02:00", "2027-03-27T23:00:00+01:00"} {
		seen := 0
		for k, inst := range nightDepartures(t, night, 7) {
			seen++
			if len(inst) != 1 {
				t.Errorf("night of %s: %s on the board %d times: %v", night, k, len(inst), inst)
			}
		}
		if seen < 8*8 {
			t.Errorf("night of %s: only %d night departures from Hauptbahnhof", night, seen)
		}
	}
}
