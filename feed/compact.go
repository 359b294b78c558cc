package feed

import "abfahrt/model"

// The network's base data stays in memory for as long as a board runs,
// while the JSON decoder leaves it as thousands of small objects (a
// string or a nested list each, each rounded up to its size class and
// scattered among the decoder's garbage: about half of a board's heap
// objects). The Decode functions of the base data therefore copy what
// they decoded into a few allocations of their own: one string holding
// every distinct text of the answer (a name repeated by many records,
// such as a stop's name on each of its stop points or a line's name on
// every stop point it serves, is kept once) and one array per kind of
// nested record. What they return is equal to what they decoded; only
// where it lives changes. A caller that keeps one of its strings keeps
// that answer's text (tens of kB).

// texts gathers the distinct strings of one answer (first pass, add) and
// then points every string at its copy in one allocation (set).
type texts struct {
	off  map[string]int // a distinct string and its offset in all
	size int
	all  string
}

func newTexts() *texts { return &texts{off: make(map[string]int)} }

// add notes the string s points at.
func (t *texts) add(s *string) {
	if *s == "" {
		return
	}
	if _, ok := t.off[*s]; !ok {
		t.off[*s] = t.size
		t.size += len(*s)
	}
}

// build copies the distinct strings into one.
func (t *texts) build() {
	b := make([]byte, t.size)
	for s, o := range t.off {
		copy(b[o:], s)
	}
	t.all = string(b)
}

// set points s at its copy.
func (t *texts) set(s *string) {
	if *s == "" {
		return
	}
	o := t.off[*s]
	*s = t.all[o : o+len(*s)]
}

// intern runs both passes over the strings that each calls f with.
func intern(each func(f func(*string))) {
	t := newTexts()
	each(t.add)
	t.build()
	each(t.set)
}

// arena hands out consecutive parts of one array.
type arena[T any] struct {
	all  []T
	next int
}

func newArena[T any](n int) *arena[T] { return &arena[T]{all: make([]T, n)} }

// keep copies s into the arena; nil stays nil and an empty list stays an
// empty list (not nil). The part's capacity is its length, so an append
// to it copies instead of overwriting its neighbour.
func (a *arena[T]) keep(s []T) []T {
	if s == nil {
		return nil
	}
	i := a.next
	a.next += copy(a.all[i:], s)
	return a.all[i:a.next:a.next]
}

// code is the string of a stop point code, for intern.
func code(c *model.StopPointCode) *string { return (*string)(c) }

// compactStops is compact for a stops answer.
func compactStops(stops []model.Stop) []model.Stop {
	np, nr := 0, 0
	for i := range stops {
		np += len(stops[i].StopPoints)
		for j := range stops[i].StopPoints {
			nr += len(stops[i].StopPoints[j].ServicingRoutes)
		}
	}
	points, refs := newArena[model.StopStopPoint](np), newArena[model.RouteRef](nr)
	for i := range stops {
		s := &stops[i]
		s.StopPoints = points.keep(s.StopPoints)
		for j := range s.StopPoints {
			p := &s.StopPoints[j]
			p.ServicingRoutes = refs.keep(p.ServicingRoutes)
		}
	}
	intern(func(f func(*string)) {
		for i := range stops {
			s := &stops[i]
			f(&s.StopCode)
			f(&s.StopName)
			f(&s.StopAnnouncement)
			for j := range s.StopPoints {
				p := &s.StopPoints[j]
				f(code(&p.StopPointCode))
				f(&p.PlatformName)
				f(&p.StopPointName)
				for k := range p.ServicingRoutes {
					f(&p.ServicingRoutes[k].RouteName)
				}
			}
		}
	})
	return stops
}

// compactStopPoints is compact for a stop points answer.
func compactStopPoints(points []model.StopPoint) []model.StopPoint {
	nr := 0
	for i := range points {
		nr += len(points[i].ServicingRoutes)
	}
	refs := newArena[model.RouteRef](nr)
	for i := range points {
		points[i].ServicingRoutes = refs.keep(points[i].ServicingRoutes)
	}
	intern(func(f func(*string)) {
		for i := range points {
			p := &points[i]
			f(code(&p.StopPointCode))
			f(&p.PlatformName)
			f(&p.StopPointName)
			for k := range p.ServicingRoutes {
				f(&p.ServicingRoutes[k].RouteName)
			}
			f(&p.ParentStop.StopCode)
			f(&p.ParentStop.StopName)
		}
	})
	return points
}

// compactRoutes is compact for a routes answer.
func compactRoutes(routes []model.Route) []model.Route {
	nd, np, ns := 0, 0, 0
	for i := range routes {
		nd += len(routes[i].RouteDirections)
		np += len(routes[i].RoutePattern)
		for j := range routes[i].RoutePattern {
			ns += len(routes[i].RoutePattern[j].StopPoints)
		}
	}
	dirs, pats, stops := newArena[model.RouteDirection](nd), newArena[model.RoutePattern](np), newArena[model.PatternStopRef](ns)
	for i := range routes {
		r := &routes[i]
		r.RouteDirections = dirs.keep(r.RouteDirections)
		r.RoutePattern = pats.keep(r.RoutePattern)
		for j := range r.RoutePattern {
			p := &r.RoutePattern[j]
			p.StopPoints = stops.keep(p.StopPoints)
		}
	}
	intern(func(f func(*string)) {
		for i := range routes {
			r := &routes[i]
			f(&r.RouteName)
			for j := range r.RouteDirections {
				f(&r.RouteDirections[j].DirectionName)
			}
			for j := range r.RoutePattern {
				for k := range r.RoutePattern[j].StopPoints {
					s := &r.RoutePattern[j].StopPoints[k]
					f(&s.StopCode)
					f(&s.StopName)
					f(code(&s.StopPointCode))
					f(&s.PlatformName)
					f(&s.StopPointName)
				}
			}
		}
	})
	return routes
}

// compactVehicles is compact for a vehicles answer: its make and model,
// capacity and technical data, one record each per vehicle, are kept in
// one array each.
func compactVehicles(vehicles []model.Vehicle) []model.Vehicle {
	nm, nc, nt := 0, 0, 0
	for i := range vehicles {
		v := &vehicles[i]
		nm += bool2int(v.ModelData != nil)
		nc += bool2int(v.CapacityData != nil)
		nt += bool2int(v.TechnicalData != nil)
	}
	models, caps, techs := make([]model.ModelData, 0, nm), make([]model.CapacityData, 0, nc), make([]model.TechnicalData, 0, nt)
	for i := range vehicles {
		v := &vehicles[i]
		if v.ModelData != nil {
			models = append(models, *v.ModelData)
			v.ModelData = &models[len(models)-1]
		}
		if v.CapacityData != nil {
			caps = append(caps, *v.CapacityData)
			v.CapacityData = &caps[len(caps)-1]
		}
		if v.TechnicalData != nil {
			techs = append(techs, *v.TechnicalData)
			v.TechnicalData = &techs[len(techs)-1]
		}
	}
	intern(func(f func(*string)) {
		for i := range vehicles {
			v := &vehicles[i]
			f(&v.VehicleName)
			if v.ModelData != nil {
				f(&v.ModelData.Make)
				f(&v.ModelData.Model)
			}
		}
	})
	return vehicles
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}
