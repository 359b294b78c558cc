package sim

import (
	"fmt"
	"strconv"
	"testing"
	"time"
)

// predictionChangeShare polls the departure boards (Limit 20) of every
// third passenger stop at the given times and a minute later and returns
// how many departures were on both boards and how many of them had a
// different predicted time in the second poll; soon counts those within
// 20 minutes of the first poll.
func predictionChangeShare(t *testing.T, times []string) (seen, changed, soonSeen, soonChanged int) {
	t.Helper()
	s, c := newTestService(t, testStart)
	for _, at := range times {
		for si, st := range s.net.stops {
			if !st.row.Passenger || si%3 != 0 {
				continue
			}
			target := "/mobility/v1/stop/passage/Departures?Limit=20&StopNumber=" + strconv.Itoa(st.row.Number)
			c.set(mustTime(t, at))
			before := boardByTrip(t, s, target)
			c.add(time.Minute)
			for k, b := range boardByTrip(t, s, target) {
				a, ok := before[k]
				if !ok {
					continue
				}
				moved := a["DepartureTimeActual"] != b["DepartureTimeActual"]
				seen++
				if moved {
					changed++
				}
				if num(t, a["DepartureCountdown"]) <= 20*60 {
					soonSeen++
					if moved {
						soonChanged++
					}
				}
			}
		}
	}
	return seen, changed, soonSeen, soonChanged
}

// TestPredictionsMove: predicted times move from poll to poll (a minute
// apart) for a good share of the departures on the boards, at several
// times of a weekday.
func TestPredictionsMove(t *testing.T) {
	seen, changed, soonSeen, soonChanged := predictionChangeShare(t, []string{
		"2026-09-09T07:30:00+02:00", "2026-09-09T12:00:00+02:00",
		"2026-09-09T17:15:00+02:00", "2026-09-09T21:40:00+02:00",
	})
	share := float64(changed) / float64(max(seen, 1))
	soon := float64(soonChanged) / float64(max(soonSeen, 1))
	t.Logf("%d departures on both boards a minute apart, %d predictions changed (%.1f %%); within 20 min: %d of %d (%.1f %%)",
		seen, changed, 100*share, soonChanged, soonSeen, 100*soon)
	if seen < 1000 || share < 0.15 || soon < 0.4 {
		t.Errorf("%d of %d predictions changed in a minute (%d of %d within 20 min)", changed, seen, soonChanged, soonSeen)
	}
}

// TestStatusCycle follows vehicles every 5 seconds over a whole trip they
// report through (a trip with a silence is skipped): at every intermediate stop the passage Status runs 1 -> 2 -> 3 -> 4 (none
// skipped, never back), and the predicted arrival of the next stop moves
// while the vehicle runs.
func TestStatusCycle(t *testing.T) {
	s, c := newTestService(t, "2026-09-09T08:00:00+02:00")
	for _, v := range []string{"41", "60", "101", "130"} {
		c.set(mustTime(t, "2026-09-09T08:00:00+02:00"))
		var first, trip string
		seq := map[int64][]int64{}
		preds := map[string]bool{}
		for step := 0; step < 48*60; step++ {
			w := wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Passage?VehicleNumber="+v, 200), "VehiclePassage")
			c.add(5 * time.Second)
			recs := records(t, w, "PassageData")
			if len(recs) == 0 {
				continue
			}
			id := fmt.Sprint(w["RouteNumber"], recs[0]["DepartureTimeScheduled"])
			if first == "" {
				first = id
			}
			if id == first {
				continue // joined mid-trip: wait for the next one
			}
			if trip == "" {
				trip = id
			}
			if id != trip {
				break
			}
			if silentNow(s, v, c.Now().Add(-5*time.Second)) {
				// Its reports stopped (irregular.go): the service's
				// statuses stand still and may skip. Follow its next trip.
				first, trip = id, ""
				clear(seq)
				clear(preds)
				continue
			}
			for _, r := range recs {
				n, st := num(t, r["SequenceNumber"]), num(t, r["Status"])
				l := seq[n]
				if len(l) == 0 || l[len(l)-1] != st {
					seq[n] = append(l, st)
				}
				if st == 1 {
					preds[fmt.Sprint(n, r["ArrivalTimeActual"])] = true
				}
			}
		}
		if len(seq) < 5 {
			t.Fatalf("vehicle %s: trip %q with %d stops", v, trip, len(seq))
		}
		for n, l := range seq {
			want := "[1 2 3 4]"
			switch n {
			case 0:
				want = "[1 2 3 4]" // approaching from the layover, boarding, leaving
			case int64(len(seq) - 1):
				want = "[1 2]" // at the terminus the vehicle soon turns to its next trip (3 if seen in time)
			}
			if got := fmt.Sprint(l); got != want && (n != int64(len(seq)-1) || got != "[1 2 3]") {
				t.Errorf("vehicle %s trip %s stop %d: statuses %v, want %s", v, trip, n, l, want)
			}
		}
		if len(preds) <= len(seq) {
			t.Errorf("vehicle %s: predictions never moved (%d distinct for %d stops)", v, len(preds), len(seq))
		}
	}
}

// TestPredictionsPure: an answer depends on (seed, time) only, not on the
// requests made before.
func TestPredictionsPure(t *testing.T) {
	a, ca := newTestService(t, testStart)
	b, cb := newTestService(t, testStart)
	const target = "/mobility/v1/stop/passage/Departures?StopNumber=1350&Limit=30"
	for i := 0; i < 30; i++ {
		serve(a, "GET", target)
		ca.add(13 * time.Second)
	}
	cb.set(ca.Now())
	if x, y := serve(a, "GET", target).Body.String(), serve(b, "GET", target).Body.String(); x != y {
		t.Errorf("same seed and time, different answers:\n%s\n%s", x, y)
	}
}
