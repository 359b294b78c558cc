package sim

import (
	"strconv"
	"testing"
)

// TestNightRouteNumbers: night lines keep RouteName N1-N8 and use
// RouteNumbers no known meaning collides with: not a public line (1-19),
// not a replacement bus (1xx, RouteNumber 102 is "2" in the real capture),
// not 201/202, which public clients read as special vehicles.
func TestNightRouteNumbers(t *testing.T) {
	s, c := newTestService(t, "2026-09-12T01:10:00+02:00")
	w := wrapper(t, getJSON(t, s, "/mobility/v1/route/attributes/BaseData", 200), "RouteAttributes")
	names := map[string]int64{}
	for _, r := range records(t, w, "RouteData") {
		n := num(t, r["RouteNumber"])
		name := r["RouteName"].(string)
		names[name] = n
		if name[0] != 'N' {
			continue
		}
		if n <= 19 || n >= 101 && n <= 119 || n == 201 || n == 202 {
			t.Errorf("night line %s has RouteNumber %d, which clients read otherwise", name, n)
		}
	}
	for i := 1; i <= 8; i++ {
		if _, ok := names["N"+strconv.Itoa(i)]; !ok {
			t.Errorf("night line N%d missing", i)
		}
	}
	// The night board carries the same numbers.
	seen := 0
	for _, stop := range []string{"1008", "1350", "1010"} {
		for _, r := range records(t, wrapper(t, getJSON(t, s, "/mobility/v1/stop/passage/Departures?Limit=30&StopNumber="+stop, 200), "StopPassage"), "DepartureData") {
			name := r["RouteName"].(string)
			if name[0] == 'N' {
				seen++
				if num(t, r["RouteNumber"]) != names[name] {
					t.Errorf("%s at %v: RouteNumber %v, base data says %d", name, c.Now(), r["RouteNumber"], names[name])
				}
			}
		}
	}
	if seen == 0 {
		t.Errorf("no night departures at %v", c.Now())
	}
}
