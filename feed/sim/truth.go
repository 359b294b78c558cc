package sim

import (
	"strconv"
	"time"
)

// TrueDeparture is a departure as it really happens in the simulation,
// whatever any answer predicted: for tests and measurements that check
// what a client made of the answers (the recorder's truth test).
type TrueDeparture struct {
	StopPointCode string
	Line          string
	Direction     string
	Vehicle       int // 0 when no vehicle runs the trip
	Scheduled     time.Time
	Actual        time.Time
}

// TrueDepartures returns the departures from the stop point with the
// given code that actually happen in [from, to), in order. An unknown
// code has none.
func (s *Service) TrueDepartures(code string, from, to time.Time) []TrueDeparture {
	pi, ok := s.net.lookupPointCode(code)
	if !ok || pi < 0 {
		return nil
	}
	var out []TrueDeparture
	seen := map[int]bool{}
	for t := from.Add(-24 * time.Hour); !t.After(to.Add(24 * time.Hour)); t = t.Add(24 * time.Hour) {
		y, m, d := t.In(berlin).Date()
		dp := s.plans.day(y, m, d)
		if dp == nil || seen[dp.key] {
			continue
		}
		seen[dp.key] = true
		for _, e := range dp.events(pi, false) {
			if e.t < from.Unix() || e.t >= to.Unix() {
				continue
			}
			tr := &dp.trips[e.trip]
			td := TrueDeparture{StopPointCode: strconv.Itoa(s.net.points[pi].code), Line: tr.dir.line.name, Direction: tr.dir.depText,
				Scheduled: time.Unix(dp.sched(e.trip, e.seq), 0).In(berlin), Actual: time.Unix(e.t, 0).In(berlin)}
			if tr.vehicle >= 0 {
				td.Vehicle = s.net.fleet[tr.vehicle].number
			}
			out = append(out, td)
		}
	}
	return out
}
