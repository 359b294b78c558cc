package sim

import "strconv"

// baseWrapper writes a base data response around an encoded record list.
func baseWrapper(top, list, filter, scope, order string, records []byte, found bool, now int64) response {
	var resp response
	w := &jw{b: make([]byte, 0, len(records)+320)}
	w.obj()
	w.key(top)
	w.obj()
	w.kstr("ServiceCategory", "BaseData")
	w.kstr("UpdateInterval", "24 hours")
	w.kstr("Filter", filter)
	w.kstr("ContentScope", scope)
	w.kstr("OrderedBy", order)
	status := "OK"
	if !found {
		status = "no result found"
	}
	w.kstr("CurrentStatus", status)
	stamp(w, now, &resp)
	w.key(list)
	w.raw(records)
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, baseMaxAge
	return resp
}

func filterOf(name string, v int) string {
	if v == 0 {
		return "None"
	}
	return name + "=" + strconv.Itoa(v)
}

func (s *Service) routeBase(q query, now int64) response {
	scope, perr := q.scopeBase()
	if perr != nil {
		return perr.response()
	}
	num, perr := q.optNumber("RouteNumber", 4)
	if perr != nil {
		return perr.response()
	}
	l := s.net.lineByNum[num]
	found := num == 0 || l != nil
	recs := s.cachedBase("route|"+scope+"|"+strconv.Itoa(num), func(w *jw) {
		if num != 0 && l != nil {
			s.writeRoute(w, l, scope) // one element: its record as an object
			return
		}
		w.arr()
		for _, x := range s.net.lines {
			if num == 0 {
				s.writeRoute(w, x, scope)
			}
		}
		w.endArr()
	})
	return baseWrapper("RouteAttributes", "RouteData", filterOf("RouteNumber", num), scope, "RouteNumber ascending", recs, found, now)
}

func (s *Service) writeRoute(w *jw, l *line, scope string) {
	w.obj()
	w.kint("RouteNumber", l.number)
	w.kstr("RouteName", l.name)
	w.kint("RouteCategory", l.category)
	if scope != "Minimal" {
		w.key("RouteDirections")
		w.arr()
		for _, d := range l.dirs {
			w.obj()
			w.kint("Direction", d.no)
			w.kstr("DirectionName", d.name)
			w.end()
		}
		w.endArr()
	}
	if scope == "Extended" {
		w.key("RoutePattern")
		w.arr()
		for _, d := range l.dirs {
			w.obj()
			w.kint("PatternDirection", d.no)
			w.key("StopPoints")
			w.arr()
			for _, pi := range d.points {
				w.obj()
				s.writePointIdent(w, pi)
				w.end()
			}
			w.endArr()
			w.end()
		}
		w.endArr()
	}
	w.end()
}

// writePointIdent writes the identifying fields of a stop point with its stop.
func (s *Service) writePointIdent(w *jw, pi int) {
	p := &s.net.points[pi]
	st := s.net.stops[p.stop].row
	w.kint("StopNumber", st.Number)
	w.kstr("StopCode", st.Code)
	w.kstr("StopName", st.Name)
	w.kint("StopPointNumber", p.row.Number)
	w.kint("StopPointCode", p.code)
	w.kstr("PlatformName", p.row.Platform)
	w.kstr("StopPointName", p.row.Name)
}

func writeCoords(w *jw, key string, lon, lat float64, bearing int, withBearing bool) {
	w.key(key)
	w.obj()
	w.kfloat("Longitude", lon)
	w.kfloat("Latitude", lat)
	if withBearing {
		w.kint("Bearing", bearing)
	}
	w.end()
}

func (s *Service) writeServing(w *jw, p *point) {
	w.key("ServicingRoutes")
	w.arr()
	for _, li := range p.routes {
		w.obj()
		w.kint("RouteNumber", s.net.lines[li].number)
		w.kstr("RouteName", s.net.lines[li].name)
		w.end()
	}
	w.endArr()
}

func (s *Service) stopBase(q query, now int64) response {
	scope, perr := q.scopeBase()
	if perr != nil {
		return perr.response()
	}
	num, perr := q.stopNumber(false)
	if perr != nil {
		return perr.response()
	}
	si, known := s.net.stopByNum[num]
	found := num == 0 || known
	recs := s.cachedBase("stop|"+scope+"|"+strconv.Itoa(num), func(w *jw) {
		if num != 0 && known {
			s.writeStop(w, si, scope) // one element: its record as an object
			return
		}
		w.arr()
		for i := range s.net.stops {
			if num == 0 {
				s.writeStop(w, i, scope)
			}
		}
		w.endArr()
	})
	return baseWrapper("StopAttributes", "StopData", filterOf("StopNumber", num), scope, "StopNumber ascending", recs, found, now)
}

func (s *Service) writeStop(w *jw, si int, scope string) {
	st := &s.net.stops[si]
	w.obj()
	w.kint("StopNumber", st.row.Number)
	w.kstr("StopCode", st.row.Code)
	w.kstr("StopName", st.row.Name)
	if scope == "Extended" {
		w.kstr("StopAnnouncement", "http://sim.abfahrt.invalid/announcements/"+strconv.Itoa(st.row.Number)+".mp3")
	}
	if scope != "Minimal" {
		writeCoords(w, "StopCoordinates", st.row.Lon, st.row.Lat, 0, false)
		w.key("StopPoints")
		w.arr()
		for _, pi := range st.points {
			p := &s.net.points[pi]
			w.obj()
			w.kint("StopPointNumber", p.row.Number)
			w.kint("StopPointCode", p.code)
			w.kstr("PlatformName", p.row.Platform)
			w.kstr("StopPointName", p.row.Name)
			writeCoords(w, "StopPointCoordinates", p.row.Lon, p.row.Lat, p.row.Bearing, true)
			if scope == "Extended" {
				s.writeServing(w, p)
			}
			w.end()
		}
		w.endArr()
	}
	w.end()
}

func (s *Service) stopPointBase(q query, now int64) response {
	scope, perr := q.scopeBase()
	if perr != nil {
		return perr.response()
	}
	idx, raw, all, perr := s.stopPointCode(q, false)
	if perr != nil {
		return perr.response()
	}
	filter, key := "None", "all"
	if !all {
		filter, key = "StopPointCode="+raw, "-1"
		if idx >= 0 {
			filter = "StopPointCode=" + strconv.Itoa(s.net.points[idx].code)
			key = strconv.Itoa(idx)
		}
	}
	recs := s.cachedBase("stoppoint|"+scope+"|"+key, func(w *jw) {
		if !all && idx >= 0 {
			s.writeStopPoint(w, idx, scope) // one element: its record as an object
			return
		}
		w.arr()
		for i := range s.net.points {
			if all {
				s.writeStopPoint(w, i, scope)
			}
		}
		w.endArr()
	})
	return baseWrapper("StopPointAttributes", "StopPointData", filter, scope, "StopPointCode ascending", recs, all || idx >= 0, now)
}

func (s *Service) writeStopPoint(w *jw, pi int, scope string) {
	p := &s.net.points[pi]
	w.obj()
	w.kint("StopPointNumber", p.row.Number)
	w.kint("StopPointCode", p.code)
	w.kstr("PlatformName", p.row.Platform)
	w.kstr("StopPointName", p.row.Name)
	if scope != "Minimal" {
		writeCoords(w, "StopPointCoordinates", p.row.Lon, p.row.Lat, p.row.Bearing, true)
		if scope == "Extended" {
			s.writeServing(w, p)
		}
		st := s.net.stops[p.stop].row
		w.key("ParentStop")
		w.obj()
		w.kint("StopNumber", st.Number)
		w.kstr("StopCode", st.Code)
		w.kstr("StopName", st.Name)
		writeCoords(w, "StopCoordinates", st.Lon, st.Lat, 0, false)
		w.end()
	}
	w.end()
}

func (s *Service) vehicleBase(q query, now int64) response {
	scope, perr := q.scopeBase()
	if perr != nil {
		return perr.response()
	}
	num, perr := q.optNumber("VehicleNumber", 9)
	if perr != nil {
		return perr.response()
	}
	vi, known := s.net.fleetByNum[num]
	recs := s.cachedBase("vehicle|"+scope+"|"+strconv.Itoa(num), func(w *jw) {
		if num != 0 && known {
			writeVehicle(w, &s.net.fleet[vi], scope) // one element: its record as an object
			return
		}
		w.arr()
		for i := range s.net.fleet {
			if num == 0 {
				writeVehicle(w, &s.net.fleet[i], scope)
			}
		}
		w.endArr()
	})
	return baseWrapper("VehicleAttributes", "VehicleData", filterOf("VehicleNumber", num), scope, "VehicleNumber ascending", recs, num == 0 || known, now)
}

func writeVehicle(w *jw, v *vehicle, scope string) {
	m := v.model
	w.obj()
	w.kint("VehicleNumber", v.number)
	w.kint("VehicleCategory", v.category)
	w.kstr("VehicleName", v.name)
	if scope != "Minimal" {
		w.key("ModelData")
		w.obj()
		w.kstr("Make", m.make)
		w.kstr("Model", m.model)
		w.end()
		w.key("CapacityData")
		w.obj()
		w.kint("Seats", m.seats)
		w.kint("StandingSpaces", m.standing)
		w.kint("WheelChairSpaces", m.wheelchairs)
		w.end()
	}
	if scope == "Extended" {
		w.key("TechnicalData")
		w.obj()
		w.kint("Doors", m.doors)
		w.kint("Length(mm)", m.length)
		w.kint("Width(mm)", m.width)
		w.kint("Height(mm)", m.height)
		w.kint("EmptyWeight(kg)", m.emptyWeight)
		w.kint("MaximumWeight(kg)", m.maxWeight)
		w.kint("Power(kw)", m.powerKW)
		w.end()
	}
	w.end()
}
