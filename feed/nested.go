package feed

import "abfahrt/model"

// Wire forms of the base data records that hold lists of their own, so
// that nested lists, too, may be missing, null or a single object. Each
// embeds the model type and overrides its list fields (a field of the
// outer struct wins over the embedded one of the same JSON name).

type routeWire struct {
	model.Route
	RouteDirections list[model.RouteDirection] `json:"RouteDirections"`
	RoutePattern    list[routePatternWire]     `json:"RoutePattern"`
}

type routePatternWire struct {
	model.RoutePattern
	StopPoints list[model.PatternStopRef] `json:"StopPoints"`
}

func (w routeWire) toModel() model.Route {
	r := w.Route
	r.RouteDirections = []model.RouteDirection(w.RouteDirections)
	r.RoutePattern = nil
	if w.RoutePattern != nil {
		r.RoutePattern = make([]model.RoutePattern, len(w.RoutePattern))
		for i, p := range w.RoutePattern {
			r.RoutePattern[i] = p.RoutePattern
			r.RoutePattern[i].StopPoints = []model.PatternStopRef(p.StopPoints)
		}
	}
	return r
}

type stopWire struct {
	model.Stop
	StopPoints list[stopStopPointWire] `json:"StopPoints"`
}

type stopStopPointWire struct {
	model.StopStopPoint
	ServicingRoutes list[model.RouteRef] `json:"ServicingRoutes"`
}

func (w stopWire) toModel() model.Stop {
	s := w.Stop
	s.StopPoints = nil
	if w.StopPoints != nil {
		s.StopPoints = make([]model.StopStopPoint, len(w.StopPoints))
		for i, sp := range w.StopPoints {
			s.StopPoints[i] = sp.StopStopPoint
			s.StopPoints[i].ServicingRoutes = []model.RouteRef(sp.ServicingRoutes)
		}
	}
	return s
}

type stopPointWire struct {
	model.StopPoint
	ServicingRoutes list[model.RouteRef] `json:"ServicingRoutes"`
}

func (w stopPointWire) toModel() model.StopPoint {
	sp := w.StopPoint
	sp.ServicingRoutes = []model.RouteRef(w.ServicingRoutes)
	return sp
}

// convert maps wire records to model records, keeping their order; the
// result is never nil.
func convert[W interface{ toModel() M }, M any](ws list[W]) []M {
	out := make([]M, len(ws))
	for i, w := range ws {
		out[i] = w.toModel()
	}
	return out
}
