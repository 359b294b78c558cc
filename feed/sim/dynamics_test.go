package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"
)

type passKey struct {
	day, trip int
	seq       int32
}

// TestStatusMonotoneOverDay follows every vehicle through a simulated
// service day: passage statuses never go back, a vehicle never returns to an
// earlier trip, and active vehicles sit on their track, never at 180/90.
func TestStatusMonotoneOverDay(t *testing.T) {
	s, _ := newTestService(t, testStart)
	start := time.Date(2026, 9, 11, 3, 0, 0, 0, berlin).Unix()
	last := map[passKey]int{}
	lastTrip := make([]int64, len(s.net.fleet))
	active := 0
	for now := start; now < start+24*3600; now += 90 {
		plans := s.plans.around(now)
		for vi := range s.net.fleet {
			st := vehicleState(plans, vi, now)
			if !st.active {
				continue
			}
			active++
			tr := &st.plan.trips[st.trip]
			if tr.start < lastTrip[vi] {
				t.Fatalf("vehicle %d went back to an earlier trip at %d", s.net.fleet[vi].number, now)
			}
			lastTrip[vi] = tr.start
			for seq := int32(0); seq < int32(len(tr.dir.points)); seq++ {
				k := passKey{st.plan.key, int(st.trip), seq}
				a, _ := st.plan.shown(st.trip, seq, now, st.plan.liveDev(st.trip, now))
				got := st.plan.status(st.trip, seq, now, a)
				if got < last[k] {
					t.Fatalf("vehicle %d line %s stop %d: status %d after %d", s.net.fleet[vi].number, tr.dir.line.name, seq, got, last[k])
				}
				last[k] = got
			}
			pos, bearing := st.plan.position(st.trip, now)
			if pos.Lon > 179 || pos.Lat > 89 || bearing < 0 || bearing > 359 {
				t.Fatalf("vehicle %d at %v bearing %d", s.net.fleet[vi].number, pos, bearing)
			}
			if (now-start)%900 == 0 && distToPolyline(pos, tr.dir.track()) > 20 {
				t.Fatalf("vehicle %d is %.0f m off its track", s.net.fleet[vi].number, distToPolyline(pos, tr.dir.track()))
			}
		}
	}
	if active < 1000 {
		t.Fatalf("only %d active vehicle observations over a day", active)
	}
}

func distToPolyline(p lonLat, pl *polyline) float64 {
	best := math.Inf(1)
	for _, q := range pl.pts {
		best = math.Min(best, distance(p, q))
	}
	return best
}

// TestNoDoubleBooking checks that no vehicle runs two trips at once and
// that layovers leave time at the terminus, over a week.
func TestNoDoubleBooking(t *testing.T) {
	s, _ := newTestService(t, testStart)
	for d := 7; d <= 13; d++ {
		dp := s.plans.day(2026, time.September, d)
		for vi, tis := range dp.byVehicle {
			for j := 1; j < len(tis); j++ {
				if dp.first(tis[j]) < dp.last(tis[j-1])+60 {
					t.Fatalf("day %d: vehicle %d starts a trip before finishing the previous one", d, s.net.fleet[vi].number)
				}
			}
		}
		for i := range dp.trips {
			tr := &dp.trips[i]
			if tr.vehicle >= 0 && s.net.fleet[tr.vehicle].category != tr.dir.line.category {
				t.Fatalf("line %s runs with vehicle category %d", tr.dir.line.name, s.net.fleet[tr.vehicle].category)
			}
			for k := int32(1); k < int32(len(tr.dir.points)); k++ {
				if dp.arr[tr.off+k] <= dp.dep[tr.off+k-1] || dp.dep[tr.off+k] < dp.arr[tr.off+k] {
					t.Fatalf("line %s: times not increasing at stop %d", tr.dir.line.name, k)
				}
			}
		}
	}
}

// TestAliveAtAnyHour checks that the big stops have departures at every
// hour of a week, and frequent ones in the daytime.
func TestAliveAtAnyHour(t *testing.T) {
	s, c := newTestService(t, "2026-09-07T00:00:00+02:00")
	for hour := 0; hour < 7*24; hour++ {
		for _, stop := range []string{"1008", "1350"} {
			w := wrapper(t, getJSON(t, s, "/mobility/v1/stop/passage/Departures?StopNumber="+stop, 200), "StopPassage")
			recs := records(t, w, "DepartureData")
			if len(recs) == 0 {
				t.Fatalf("stop %s at %v: no departures", stop, c.Now())
			}
			h := c.Now().In(berlin).Hour()
			if first := num(t, recs[0]["DepartureCountdown"]); h >= 6 && h < 22 && first > 15*60 {
				t.Errorf("stop %s at %v: next departure in %d s", stop, c.Now(), first)
			}
		}
		c.add(time.Hour)
	}
}

// TestDeparturesSortedAndConsistent walks a day: departures and arrivals come
// by predicted time, countdown and deviation follow from the times, and a
// board 45 s later shows the same departures, none further away.
func TestDeparturesSortedAndConsistent(t *testing.T) {
	s, c := newTestService(t, "2026-09-12T04:00:00+02:00")
	for step := 0; step < 24*3; step++ {
		for _, target := range []string{
			"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=30",
			"/mobility/v1/stop/passage/Arrivals?StopNumber=1000&Limit=20",
			"/mobility/v1/stoppoint/passage/Departures?StopPointCode=135005",
		} {
			checkBoard(t, s, c, target)
		}
		c.add(20 * time.Minute)
	}
	// Countdowns fall with time.
	before := boardByTrip(t, s, "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=40")
	c.add(45 * time.Second)
	after := boardByTrip(t, s, "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=40")
	matched := 0
	for k, b := range after {
		a, ok := before[k]
		if !ok {
			continue
		}
		matched++
		// Predictions move (issue 13), but a countdown never goes up.
		if cb, ca := num(t, b["DepartureCountdown"]), num(t, a["DepartureCountdown"]); cb > ca || cb < 0 {
			t.Errorf("%s: countdown %v then %v", k, a["DepartureCountdown"], b["DepartureCountdown"])
		}
		if num(t, b["Status"]) < num(t, a["Status"]) {
			t.Errorf("%s: status %v then %v", k, a["Status"], b["Status"])
		}
	}
	if matched < 20 {
		t.Errorf("only %d departures seen in both boards", matched)
	}
}

func checkBoard(t *testing.T, s *Service, c *manualClock, target string) {
	t.Helper()
	m := getJSON(t, s, target, 200)
	var w map[string]any
	for _, v := range m {
		w = v.(map[string]any)
	}
	kind := "Departure"
	if w["ServiceCategory"] == "Arrivals" {
		kind = "Arrival"
	}
	now := c.Now().Unix()
	prev := int64(math.MinInt64)
	for _, r := range records(t, w, kind+"Data") {
		act := mustTime(t, r[kind+"TimeActual"].(string)).Unix()
		sch := mustTime(t, r[kind+"TimeScheduled"].(string)).Unix()
		if act < prev {
			t.Fatalf("%s at %v: not sorted by actual time", target, c.Now())
		}
		prev = act
		if num(t, r[kind+"Countdown"]) != act-now || num(t, r[kind+"Deviation"]) != act-sch {
			t.Fatalf("%s: countdown/deviation inconsistent: %v", target, r)
		}
		if st := num(t, r["Status"]); st < 1 || st > 3 {
			t.Fatalf("%s: status %d on a board of upcoming passages", target, st)
		}
		// A vehicle at the stop counts down to 0 (Status 3); so does one
		// whose reports stopped, its Status as last reported.
		if act < now || act == now && num(t, r["Status"]) != 3 && !silentNow(s, fmt.Sprint(r["VehicleNumber"]), c.Now()) {
			t.Fatalf("%s: passage in the past: %v", target, r)
		}
	}
}

func boardByTrip(t *testing.T, s *Service, target string) map[string]map[string]any {
	t.Helper()
	w := wrapper(t, getJSON(t, s, target, 200), "StopPassage")
	out := map[string]map[string]any{}
	for _, r := range records(t, w, "DepartureData") {
		out[fmt.Sprint(r["RouteNumber"], r["StopPointCode"], r["DepartureTimeScheduled"])] = r
	}
	return out
}

// TestVehiclePassageOverTime follows a tram and a bus over the wire.
func TestVehiclePassageOverTime(t *testing.T) {
	s, c := newTestService(t, testStart)
	last := map[string]int64{}
	for step := 0; step < 120; step++ {
		for _, v := range []string{"41", "150"} {
			w := wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?VehicleNumber="+v, 200), "VehiclePassage")
			recs := records(t, w, "PassageData")
			if w["Range"] != "All" || w["State"] != "ok" {
				t.Fatalf("wrapper %v", w)
			}
			for i, r := range recs {
				if num(t, r["SequenceNumber"]) != int64(i) {
					t.Fatalf("sequence numbers not ascending")
				}
				if i == 0 && r["ArrivalDirectionText"] != "" {
					t.Errorf("first stop has arrival text %q", r["ArrivalDirectionText"])
				}
				if i == len(recs)-1 {
					if r["DepartureTimeActual"] != "1970-01-01T01:00:00+01:00" || r["DepartureDirectionText"] != "" ||
						num(t, r["DepartureCountdown"]) != -c.Now().Unix() || num(t, r["DepartureDeviation"]) != 0 {
						t.Errorf("last stop without the no-time sentinel: %v", r)
					}
				}
				k := fmt.Sprint(v, w["RouteNumber"], recs[0]["DepartureTimeScheduled"], i)
				st := num(t, r["Status"])
				if st < last[k] {
					t.Fatalf("vehicle %s stop %d: status %d after %d", v, i, st, last[k])
				}
				last[k] = st
			}
		}
		c.add(time.Minute)
	}
}

// TestTripAll checks active and inactive vehicles over the wire, at day and night.
func TestTripAll(t *testing.T) {
	for _, at := range []string{testStart, "2026-09-12T02:10:00+02:00", "2026-09-09T03:40:00+02:00"} {
		s, _ := newTestService(t, at)
		w := wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Trip", 200), "VehicleTrip")
		active, prev := 0, int64(0)
		for _, r := range records(t, w, "TripData") {
			n := num(t, r["VehicleNumber"])
			if n <= prev {
				t.Fatalf("not ordered by vehicle number")
			}
			prev = n
			pd, hasPos := r["PositionData"].(map[string]any)
			if r["IsActive"] != true {
				if hasPos {
					t.Fatalf("inactive vehicle %d has a position", n)
				}
				continue
			}
			active++
			if !hasPos || r["JourneyData"] == nil || r["TimeData"] == nil {
				t.Fatalf("active vehicle %d without position or journey: %v", n, r)
			}
			if lon, lat := pd["Longitude"].(json.Number).String(), pd["Latitude"].(json.Number).String(); lon[:2] != "9." && lon[:3] != "10." || lat[:3] != "48." {
				t.Fatalf("active vehicle %d outside Ulm: %s %s", n, lon, lat)
			}
		}
		if active == 0 {
			t.Errorf("%s: no active vehicle", at)
		}
	}
}
