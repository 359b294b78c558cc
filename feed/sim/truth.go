package sim

import (
	"cmp"
	"math"
	"slices"
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
			if tr.ghost {
				continue // no vehicle runs it: nothing departs
			}
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

// Truth is the simulation's ground truth at one moment, for tests and
// measurements (never on the wire): the vehicles of every line direction
// in order with the headways between them, the ghost trips, the silent
// vehicles and whether the network's reports are out.
//
// Definitions (all from the actual times the simulation plays out):
//
//   - A trip is running at At when it has a vehicle, is not cancelled,
//     has left its first stop (actual departure <= At) and has not reached
//     its last (actual arrival > At).
//   - LineTruth.Vehicles are the running trips of a line direction in
//     timetable order (scheduled start ascending: the front vehicle first).
//     A vehicle's last stop is the last stop of its trip it has reached
//     (actual arrival <= At; it may be standing there, and the first stop
//     counts once it left it).
//   - Pairs are successive running vehicles of a direction and service day:
//     the leader is the running trip scheduled last before the follower
//     (the trips in between that are not running are skipped: ghosts,
//     cancelled ones, one not yet started or already arrived after it was
//     passed; Ghosts counts the ghosts among them).
//     Headway is the follower's actual arrival at its last stop minus the
//     leader's actual arrival at the same stop (negative when the follower
//     passed the leader): both have happened, so a reporting vehicle's
//     passages on the wire show them (ArrivalTimeActual, Status >= 3).
//     Scheduled is the follower's scheduled time there minus the leader's
//     (the difference of their trips' scheduled starts), also on the wire.
//     A ghost between them makes it twice the line's headway: the hole a
//     ghost leaves is flagged by the ghost (Truth.Ghosts), not as a gap.
//   - Flag: "bunched" when Headway <= 0.5 × Scheduled, "gap" when
//     Headway >= 1.5 × Scheduled, else "ok".
//   - A ghost trip is a trip of the timetable that is not cancelled but no
//     vehicle runs: its departures are on the boards from the timetable,
//     without a vehicle, and no vehicle's Trip or Passage reports it.
//     Truth.Ghosts are those under way by the timetable at At (scheduled
//     start <= At < scheduled arrival at the last stop); TrueGhosts lists
//     them by scheduled start.
//   - A vehicle is silent at At when its last report is before At and it
//     was in service at that report: its vehicle Trip record shows
//     IsActive true with ReferenceTime = LastReport and the position and
//     deviation of then, and its passages show the predictions of then.
//     Age is At - LastReport.
//   - Outage is true while a network-wide outage goes on (every vehicle's
//     last report is then at most OutageFrom).
type Truth struct {
	At         time.Time
	Lines      []LineTruth // line directions with running vehicles, by line number and direction
	Ghosts     []Ghost
	Silent     []Silent // by vehicle number
	Outage     bool
	OutageFrom time.Time // zero without an outage
}

// LineTruth is one direction of a line at a moment.
type LineTruth struct {
	Line          string // RouteName
	Direction     int    // 1 or 2
	DirectionText string // DepartureDirectionText
	Vehicles      []TrueVehicle
	Pairs         []TruePair
}

// TrueVehicle is a running vehicle as it really is.
type TrueVehicle struct {
	Vehicle  int
	Start    time.Time // its trip's scheduled start
	LastStop string    // StopPointCode of its last stop (reached)
	LastSeq  int       // SequenceNumber of its last stop
	Lon, Lat float64   // where it is (the wire's arithmetic)
	Delay    time.Duration
	Silent   bool
}

// TruePair is two successive running vehicles of a direction.
type TruePair struct {
	Leader, Follower int    // vehicle numbers
	Stop             string // StopPointCode where the headway is measured: the follower's last stop
	Headway          time.Duration
	Scheduled        time.Duration
	Ghosts           int    // ghost trips scheduled between them
	Flag             string // "bunched", "gap" or "ok"
}

// Ghost is a trip of the timetable that no vehicle runs.
type Ghost struct {
	Line          string
	Direction     int
	DirectionText string
	Start         time.Time // scheduled start
	FirstStop     string    // StopPointCode of its first stop
}

// Silent is a vehicle whose reports stopped.
type Silent struct {
	Vehicle    int
	LastReport time.Time
	Age        time.Duration
}

// Outage is a network-wide outage of the vehicle reports, [From, To).
type Outage struct{ From, To time.Time }

// Flag thresholds of TruePair, as multiples of the scheduled headway.
const (
	BunchedAt = 0.5
	GapAt     = 1.5
)

// Truth returns the ground truth at the given moment.
func (s *Service) Truth(at time.Time) Truth {
	now := at.Unix()
	plans := s.plans.around(now)
	rp := newReports(s.seed, now)
	out := Truth{At: at.In(berlin)}
	if rp.out < now {
		out.Outage, out.OutageFrom = true, time.Unix(rp.out, 0).In(berlin)
	}
	silent := map[int32]bool{}
	for vi := range s.net.fleet {
		rep := rp.of(int32(vi))
		if rep < now && vehicleState(plans, vi, rep).active {
			silent[int32(vi)] = true
			out.Silent = append(out.Silent, Silent{Vehicle: s.net.fleet[vi].number,
				LastReport: time.Unix(rep, 0).In(berlin), Age: time.Duration(now-rep) * time.Second})
		}
	}
	slices.SortFunc(out.Silent, func(a, b Silent) int { return cmp.Compare(a.Vehicle, b.Vehicle) })
	for g, dir := range s.net.dirs {
		lt := LineTruth{Line: dir.line.name, Direction: dir.no, DirectionText: dir.depText}
		for _, dp := range plans {
			var lead int32 = -1
			between := 0
			for ti := dp.dirTrips[g]; ti < dp.dirTrips[g+1]; ti++ {
				tr := &dp.trips[ti]
				k := int32(len(dir.offsets))
				if tr.ghost && tr.start <= now && now < dp.sched(ti, k-1) {
					out.Ghosts = append(out.Ghosts, s.ghost(dp, ti))
				}
				if tr.cancelled || tr.vehicle < 0 {
					if tr.ghost {
						between++
					}
					continue
				}
				if dp.first(ti) > now || dp.last(ti) <= now {
					continue // not on the road (yet, or any more)
				}
				j := int32(0)
				for j < k-1 && dp.arr[tr.off+j+1] <= now {
					j++
				}
				pos, _ := dp.position(ti, now)
				lt.Vehicles = append(lt.Vehicles, TrueVehicle{Vehicle: s.net.fleet[tr.vehicle].number,
					Start: time.Unix(tr.start, 0).In(berlin), LastStop: strconv.Itoa(s.net.points[dir.points[j]].code),
					LastSeq: int(j), Lon: pos.Lon, Lat: pos.Lat, Delay: time.Duration(roundSec(dp.liveDev(ti, now))) * time.Second,
					Silent: silent[tr.vehicle]})
				if lead >= 0 {
					lt.Pairs = append(lt.Pairs, s.pair(dp, lead, ti, j, between))
				}
				lead, between = ti, 0
			}
		}
		if len(lt.Vehicles) > 0 {
			out.Lines = append(out.Lines, lt)
		}
	}
	return out
}

// pair classifies the leader and follower trips, the headway measured at
// the follower's last stop j.
func (s *Service) pair(dp *dayPlan, lead, follow, j int32, between int) TruePair {
	l, f := &dp.trips[lead], &dp.trips[follow]
	hw := dp.arr[f.off+j] - dp.arr[l.off+j]
	sched := f.start - l.start
	p := TruePair{Leader: s.net.fleet[l.vehicle].number, Follower: s.net.fleet[f.vehicle].number,
		Stop:    strconv.Itoa(s.net.points[f.dir.points[j]].code),
		Headway: time.Duration(hw) * time.Second, Scheduled: time.Duration(sched) * time.Second,
		Ghosts: between, Flag: "ok"}
	switch {
	case float64(hw) <= BunchedAt*float64(sched):
		p.Flag = "bunched"
	case float64(hw) >= GapAt*float64(sched):
		p.Flag = "gap"
	}
	return p
}

func (s *Service) ghost(dp *dayPlan, ti int32) Ghost {
	tr := &dp.trips[ti]
	return Ghost{Line: tr.dir.line.name, Direction: tr.dir.no, DirectionText: tr.dir.depText,
		Start: time.Unix(tr.start, 0).In(berlin), FirstStop: strconv.Itoa(s.net.points[tr.dir.points[0]].code)}
}

// TrueGhosts returns the ghost trips scheduled to start in [from, to),
// by scheduled start (then line and direction).
func (s *Service) TrueGhosts(from, to time.Time) []Ghost {
	var out []Ghost
	seen := map[int]bool{}
	for t := from.Add(-24 * time.Hour); !t.After(to.Add(24 * time.Hour)); t = t.Add(24 * time.Hour) {
		y, m, d := t.In(berlin).Date()
		dp := s.plans.day(y, m, d)
		if seen[dp.key] {
			continue
		}
		seen[dp.key] = true
		for ti := range dp.trips {
			if tr := &dp.trips[ti]; tr.ghost && tr.start >= from.Unix() && tr.start < to.Unix() {
				out = append(out, s.ghost(dp, int32(ti)))
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Ghost) int { return a.Start.Compare(b.Start) })
	return out
}

// TrueTrips counts the trips of the timetable scheduled to start in
// [from, to) that are not cancelled (the denominator of the ghost share).
func (s *Service) TrueTrips(from, to time.Time) int {
	n := 0
	seen := map[int]bool{}
	for t := from.Add(-24 * time.Hour); !t.After(to.Add(24 * time.Hour)); t = t.Add(24 * time.Hour) {
		y, m, d := t.In(berlin).Date()
		dp := s.plans.day(y, m, d)
		if seen[dp.key] {
			continue
		}
		seen[dp.key] = true
		for ti := range dp.trips {
			if tr := &dp.trips[ti]; !tr.cancelled && tr.start >= from.Unix() && tr.start < to.Unix() {
				n++
			}
		}
	}
	return n
}

// TrueOutages returns the network-wide outages of the vehicle reports
// that begin in [from, to).
func (s *Service) TrueOutages(from, to time.Time) []Outage {
	var out []Outage
	for d := from.In(berlin).AddDate(0, 0, -1); !d.After(to); d = d.AddDate(0, 0, 1) {
		noon := time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, berlin).Unix()
		if f, t, ok := outage(s.seed, noon); ok && f >= from.Unix() && f < to.Unix() {
			out = append(out, Outage{From: time.Unix(f, 0).In(berlin), To: time.Unix(t, 0).In(berlin)})
		}
	}
	return out
}

func roundSec(v float64) int64 { return int64(math.Round(v)) }
