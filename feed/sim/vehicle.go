package sim

import (
	"math"
	"strconv"
)

func (s *Service) vehicleTrip(q query, now int64) response {
	num, perr := q.optNumber("VehicleNumber", 9)
	if perr != nil {
		return perr.response()
	}
	vi, known := s.net.fleetByNum[num]
	found := num == 0 || known
	plans := s.plans.around(now)
	var resp response
	w := &jw{b: make([]byte, 0, 512+len(s.net.fleet)*260)}
	tripHead(w, num)
	status := "OK"
	if !found {
		status = "no vehicle found"
	}
	w.kstr("CurrentStatus", status)
	stamp(w, now, &resp)
	w.key("TripData")
	w.arr()
	for i := range s.net.fleet {
		if num == 0 || known && i == vi {
			s.writeTrip(w, plans, i, now)
		}
	}
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

func (s *Service) writeTrip(w *jw, plans [3]*dayPlan, vi int, now int64) {
	v := &s.net.fleet[vi]
	// A silent vehicle is where and as late as it was at its last report.
	rep := newReports(s.seed, now).of(int32(vi))
	st := vehicleState(plans, vi, rep)
	w.obj()
	w.kint("VehicleNumber", v.number)
	w.kint("VehicleCategory", v.category)
	w.key("IsActive")
	w.bool(st.active)
	if st.active {
		pos, bearing := st.plan.position(st.trip, rep)
		dev := int64(math.Round(st.plan.liveDev(st.trip, rep)))
		w.key("PositionData")
		w.obj()
		w.kfloat("Longitude", round7(pos.Lon))
		w.kfloat("Latitude", round7(pos.Lat))
		w.kint("Bearing", bearing)
		w.end()
		w.key("TimeData")
		w.obj()
		w.kint64("Deviation", dev)
		w.ktime("ReferenceTime", rep)
		w.end()
		dir := st.plan.trips[st.trip].dir
		w.key("JourneyData")
		w.obj()
		w.kint("RouteNumber", dir.line.number)
		w.kstr("ArrivalDirectionText", dir.arrText)
		w.kstr("DepartureDirectionText", dir.depText)
		w.kint("Direction", dir.no)
		w.end()
	}
	w.end()
}

// vehicleHeader writes the identifying wrapper fields of a vehicle response
// and returns the vehicle's state (trip -1 when unknown or out of service).
func (s *Service) vehicleHeader(w *jw, num int, now int64) (vstate, bool) {
	vi, known := s.net.fleetByNum[num]
	st := vstate{trip: -1}
	w.kint("VehicleNumber", num)
	if !known {
		w.key("VehicleCategory")
		w.null()
	} else {
		w.kint("VehicleCategory", s.net.fleet[vi].category)
		st = vehicleState(s.plans.around(now), vi, newReports(s.seed, now).of(int32(vi)))
	}
	if st.trip >= 0 {
		l := st.plan.trips[st.trip].dir.line
		w.kint("RouteNumber", l.number)
		w.kstr("RouteName", l.name)
	} else {
		w.key("RouteNumber")
		w.null()
		w.key("RouteName")
		w.null()
	}
	return st, known
}

func (s *Service) vehiclePassage(q query, now int64) response {
	num, perr := q.vehicleNumber()
	if perr != nil {
		return perr.response()
	}
	// The spec misspells the value; the real service accepted "upcoming".
	// A value it does not know (one public client sends Range=3) is
	// answered as the default, All.
	rng, perr := q.enum("Range", []string{"All", "Upcoming"}, map[string]string{"upcomming": "Upcoming"}) //nolint:misspell // as specified
	if perr != nil {
		rng = "All"
	}
	var resp response
	w := &jw{b: make([]byte, 0, 8192)}
	w.obj()
	w.key("VehiclePassage")
	w.obj()
	w.kstr("ServiceCategory", "Passage")
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", "Standard")
	w.kstr("Range", rng)
	st, known := s.vehicleHeader(w, num, now)
	w.kstr("OrderedBy", "SequenceNumber ascending")
	w.kstr("State", stateOf(known, "no vehicle found"))
	stamp(w, now, &resp)
	w.key("PassageData")
	w.arr()
	if st.trip >= 0 {
		k := int32(len(st.plan.trips[st.trip].dir.points))
		rep := newReports(s.seed, now).of(st.plan.trips[st.trip].vehicle)
		dev := st.plan.liveDev(st.trip, rep)
		for seq := int32(0); seq < k; seq++ {
			// Both ranges answer the whole current trip, served stops
			// included, as the captured real Range=upcoming response does.
			a, d, status := st.plan.view(st.trip, seq, now, rep, dev)
			s.writeVehiclePassage(w, st.plan, st.trip, seq, status, a, d, now)
		}
	}
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

func (s *Service) writeVehiclePassage(w *jw, dp *dayPlan, ti, seq int32, status int, arr, dep, now int64) {
	tr := &dp.trips[ti]
	dir := tr.dir
	k := int32(len(dir.points))
	sched := dp.sched(ti, seq)
	w.obj()
	s.writePointIdent(w, dir.points[seq])
	arrText := dir.arrText
	if seq == 0 {
		arrText = ""
	}
	w.kstr("ArrivalDirectionText", arrText)
	w.ktime("ArrivalTimeScheduled", sched)
	w.ktime("ArrivalTimeActual", arr)
	w.kint64("ArrivalCountdown", arr-now)
	w.kint64("ArrivalDeviation", arr-sched)
	if seq == k-1 {
		// The real service's "no time": the Unix epoch, countdown against it.
		w.kstr("DepartureDirectionText", "")
		w.ktime("DepartureTimeScheduled", 0)
		w.ktime("DepartureTimeActual", 0)
		w.kint64("DepartureCountdown", -now)
		w.kint("DepartureDeviation", 0)
	} else {
		w.kstr("DepartureDirectionText", dir.depText)
		w.ktime("DepartureTimeScheduled", sched)
		w.ktime("DepartureTimeActual", dep)
		w.kint64("DepartureCountdown", dep-now)
		w.kint64("DepartureDeviation", dep-sched)
	}
	w.kint("Status", status)
	w.kint("SequenceNumber", int(seq))
	w.end()
}

func (s *Service) vehiclePattern(q query, now int64) response {
	num, perr := q.vehicleNumber()
	if perr != nil {
		return perr.response()
	}
	scope, perr := q.enum("ContentScope", []string{"Track", "Stops", "Carriageway"}, nil)
	if perr != nil {
		return perr.response()
	}
	var resp response
	w := &jw{b: make([]byte, 0, 4096)}
	w.obj()
	w.key("VehiclePattern")
	w.obj()
	w.kstr("ServiceCategory", "Pattern")
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", scope)
	st, known := s.vehicleHeader(w, num, now)
	var dir *direction
	if st.trip >= 0 {
		dir = st.plan.trips[st.trip].dir
		w.kint("Direction", dir.no)
	} else {
		w.key("Direction")
		w.null()
	}
	w.kstr("OrderedBy", "SequenceNumber ascending")
	w.kstr("State", stateOf(known, "no vehicle found"))
	stamp(w, now, &resp)
	w.key("PatternData")
	w.obj()
	list := map[string]string{"Stops": "StopPoints", "Track": "TrackPoints", "Carriageway": "CarriagewayPoints"}[scope]
	w.key(list)
	if dir == nil {
		w.arr()
		w.endArr()
	} else {
		w.raw(s.patternRecords(dir, scope))
	}
	w.end()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

// patternRecords encodes (and caches) a direction's pattern group.
func (s *Service) patternRecords(dir *direction, scope string) []byte {
	key := "pattern|" + scope + "|" + strconv.Itoa(dir.line.index) + "|" + strconv.Itoa(dir.no)
	return s.cachedBase(key, func(w *jw) {
		w.arr()
		switch scope {
		case "Stops":
			for _, pi := range dir.points {
				p := &s.net.points[pi]
				w.obj()
				s.writePointIdent(w, pi)
				writeCoords(w, "StopPointCoordinates", p.row.Lon, p.row.Lat, p.row.Bearing, true)
				w.end()
			}
		default:
			pl := dir.track()
			if scope == "Carriageway" {
				pl = dir.carriageway()
			}
			for i, pt := range pl.pts {
				w.obj()
				w.kint("SequenceNumber", i)
				w.kfloat("Longitude", round7(pt.Lon))
				w.kfloat("Latitude", round7(pt.Lat))
				w.end()
			}
		}
		w.endArr()
	})
}

// tripHead opens a VehicleTrip answer of vehicle num (0: all) and writes
// its wrapper's fields up to CurrentStatus, which the caller writes.
func tripHead(w *jw, num int) {
	w.obj()
	w.key("VehicleTrip")
	w.obj()
	w.kstr("ServiceCategory", "Trip")
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", "Standard")
	w.kstr("Filter", filterOf("VehicleNumber", num))
	w.kstr("OrderedBy", "VehicleNumber ascending")
}
