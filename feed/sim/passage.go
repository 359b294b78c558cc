package sim

import "strconv"

// Passage list kinds.
const (
	departuresKind = false
	arrivalsKind   = true
)

func (s *Service) stopDepartures(q query, now int64) response {
	return s.stopPassage(q, now, departuresKind)
}

func (s *Service) stopArrivals(q query, now int64) response {
	return s.stopPassage(q, now, arrivalsKind)
}

func (s *Service) pointDepartures(q query, now int64) response {
	return s.pointPassage(q, now, departuresKind)
}

func (s *Service) pointArrivals(q query, now int64) response {
	return s.pointPassage(q, now, arrivalsKind)
}

func passageNames(arrivals bool) (category, order, list string) {
	if arrivals {
		return "Arrivals", "ArrivalTime ascending", "ArrivalData"
	}
	return "Departures", "DepartureTime ascending", "DepartureData"
}

func (s *Service) stopPassage(q query, now int64, arrivals bool) response {
	num, perr := q.stopNumber(true)
	if perr != nil {
		return perr.response()
	}
	limit, perr := q.limit()
	if perr != nil {
		return perr.response()
	}
	si, found := s.net.stopByNum[num]
	var buf [maxLimit + boardExtra]passRef
	var refs []passRef
	code, name := "", ""
	if found {
		st := &s.net.stops[si]
		code, name = st.row.Code, st.row.Name
		refs = s.plans.passages(now, st.points, arrivals, limit, buf[:0])
	}
	var resp response
	w := &jw{b: make([]byte, 0, 512+len(refs)*420)}
	writeStopHead(w, stopHead{num, code, name, limit, found}, now, arrivals, &resp)
	for _, r := range refs {
		s.writePassRecord(w, r, now, arrivals, true)
	}
	return stopPassageEnd(w, resp)
}

// stopHead is what a stop's passage answer says of its stop.
type stopHead struct {
	num        int
	code, name string
	limit      int
	found      bool
}

// writeStopHead opens a stop's departures or arrivals answer, the
// StopPassage envelope of h, up to its list of records (the simulation's
// and a replay's alike); stopPassageEnd closes it. (Not one function
// taking the records as a func: w would then escape to the heap.)
func writeStopHead(w *jw, h stopHead, now int64, arrivals bool, resp *response) {
	category, order, list := passageNames(arrivals)
	w.obj()
	w.key("StopPassage")
	w.obj()
	w.kstr("ServiceCategory", category)
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", "Standard")
	w.kint("StopNumber", h.num)
	w.kstr("StopCode", h.code)
	w.kstr("StopName", h.name)
	w.kint("Limit", h.limit)
	w.kstr("OrderedBy", order)
	w.kstr("State", stateOf(h.found, "no stop found"))
	stamp(w, now, resp)
	w.key(list)
	w.arr()
}

// stopPassageEnd closes the answer writeStopHead opened.
func stopPassageEnd(w *jw, resp response) response {
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

func stateOf(found bool, notFound string) string {
	if found {
		return "ok"
	}
	return notFound
}

func (s *Service) pointPassage(q query, now int64, arrivals bool) response {
	idx, raw, _, perr := s.stopPointCode(q, true)
	if perr != nil {
		return perr.response()
	}
	limit, perr := q.limit()
	if perr != nil {
		return perr.response()
	}
	var buf [maxLimit + boardExtra]passRef
	var refs []passRef
	var resp response
	category, order, list := passageNames(arrivals)
	w := &jw{b: make([]byte, 0, 512+limit*300)}
	w.obj()
	w.key("StopPointPassage")
	w.obj()
	w.kstr("ServiceCategory", category)
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", "Standard")
	if idx >= 0 {
		p := &s.net.points[idx]
		st := s.net.stops[p.stop].row
		w.kint("StopPointCode", p.code)
		w.kstr("StopPointName", p.row.Name)
		w.kstr("PlatformName", p.row.Platform)
		w.kint("StopNumber", st.Number)
		w.kstr("StopName", st.Name)
		one := [1]int{idx}
		refs = s.plans.passages(now, one[:], arrivals, limit, buf[:0])
	} else {
		if c, err := strconv.Atoi(raw); err == nil {
			w.kint("StopPointCode", c)
		} else {
			w.kstr("StopPointCode", raw)
		}
		w.kstr("StopPointName", "")
		w.kstr("PlatformName", "")
		w.key("StopNumber")
		w.null()
		w.kstr("StopName", "")
	}
	w.kint("Limit", limit)
	w.kstr("OrderedBy", order)
	w.kstr("State", stateOf(idx >= 0, "no stop found"))
	stamp(w, now, &resp)
	w.key(list)
	w.arr()
	for _, r := range refs {
		s.writePassRecord(w, r, now, arrivals, false)
	}
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

// writePassRecord writes one departure or arrival record; withPoint adds
// the stop point fields of the stop-level lists.
func (s *Service) writePassRecord(w *jw, r passRef, now int64, arrivals, withPoint bool) {
	dp := r.plan
	tr := &dp.trips[r.trip]
	dir := tr.dir
	w.obj()
	if withPoint {
		p := &s.net.points[dir.points[r.seq]]
		w.kint("StopPointNumber", p.row.Number)
		w.kint("StopPointCode", p.code)
		w.kstr("PlatformName", p.row.Platform)
	}
	if tr.vehicle < 0 || dp.first(r.trip) > now+farAhead {
		w.key("VehicleNumber")
		w.null()
		w.key("VehicleCategory")
		w.null()
	} else {
		v := &s.net.fleet[tr.vehicle]
		w.kint("VehicleNumber", v.number)
		w.kint("VehicleCategory", v.category)
	}
	w.kint("RouteNumber", dir.line.number)
	w.kstr("RouteName", dir.line.name)
	rep := newReports(dp.seed, now).of(tr.vehicle)
	_, _, status := dp.view(r.trip, r.seq, now, rep, dp.liveDev(r.trip, rep))
	w.kint("Status", status)
	sched := dp.sched(r.trip, r.seq)
	if arrivals {
		w.kstr("ArrivalDirectionText", dir.arrText)
		w.ktime("ArrivalTimeScheduled", sched)
		w.ktime("ArrivalTimeActual", r.t)
		w.kint64("ArrivalCountdown", r.t-now)
		w.kint64("ArrivalDeviation", r.t-sched)
	} else {
		w.kstr("DepartureDirectionText", dir.depText)
		w.ktime("DepartureTimeScheduled", sched)
		w.ktime("DepartureTimeActual", r.t)
		w.kint64("DepartureCountdown", r.t-now)
		w.kint64("DepartureDeviation", r.t-sched)
	}
	w.end()
}
