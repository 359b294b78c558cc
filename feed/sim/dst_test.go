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

// TestDSTNights: a service day is a day of wall-clock times in
// Europe/Berlin. On 2026-10-25 (clocks go back at 3:00 CEST) the 02:00 and
// 02:30 night departures run, once each, at the first occurrence of the
// hour (CEST); on 2027-03-28 (clocks go forward at 2:00 CET) the skipped
// times 02:00 and 02:30 have no departures and no night line appears twice.
func TestDSTNights(t *testing.T) {
	autumn := nightDepartures(t, "2026-10-24T23:00:00+02:00", 7)
	for _, l := range []string{"N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"} {
		for _, hm := range []string{"02:00", "02:30", "01:30", "03:00"} {
			found := false
			for k, inst := range autumn {
				if strings.HasPrefix(k, l+" 2026-10-25T"+hm+":00 ") {
					found = true
					if len(inst) != 1 {
						t.Errorf("%s: runs %d times: %v", k, len(inst), inst)
					}
					for v := range inst {
						if (hm == "02:00" || hm == "02:30") && !strings.HasSuffix(v, "+02:00") {
							t.Errorf("%s at %s, want the first occurrence (CEST)", k, v)
						}
					}
				}
			}
			if !found {
				t.Errorf("2026-10-25: no %s departure at %s from Hauptbahnhof", l, hm)
			}
		}
	}
	spring := nightDepartures(t, "2027-03-27T23:00:00+01:00", 7)
	perLine := map[string]int{}
	for k, inst := range spring {
		if len(inst) != 1 {
			t.Errorf("2027-03-28: %s appears %d times", k, len(inst))
		}
		if strings.Contains(k, "2027-03-28T02:") {
			t.Errorf("2027-03-28: departure at a skipped time: %s", k)
		}
		perLine[k[:2]]++
	}
	for _, l := range []string{"N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"} {
		for _, hm := range []string{"03:00", "03:30"} {
			if _, ok := spring[l+" 2027-03-28T"+hm+":00 "+destination(spring, l)]; !ok {
				t.Errorf("2027-03-28: no %s departure at %s", l, hm)
			}
		}
	}
}

// destination is the direction text of line l's departures from the hub.
func destination(m map[string]map[string]bool, l string) string {
	for k := range m {
		if strings.HasPrefix(k, l+" ") {
			return k[len(l)+21:]
		}
	}
	return ""
}
