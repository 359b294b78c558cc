package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// ReplayDeparture is a departure as a recording held it at a moment.
type ReplayDeparture struct {
	StopPointCode string
	Line          string
	Direction     string
	Vehicle       int // 0: not known
	Platform      string
	Scheduled     int64 // Unix seconds
	Predicted     int64 // the live prediction; 0: none
}

// Recording answers what a recording holds: the departures on the boards
// of the stop points (codes) at Unix time at, in due order, at most limit
// (none when the recording did not cover them then).
type Recording interface {
	Departures(ctx context.Context, points []string, at int64, limit int) ([]ReplayDeparture, error)
}

// RawRecording is a Recording that also kept the service's raw answers
// to departure boards ("stop/1008", "stoppoint/135001"): RawAnswer
// returns the body of the subject's answer at at (the last one at or
// before it, if recent enough), which the replay serves as it was, cut
// to the limit asked.
type RawRecording interface {
	Recording
	RawAnswer(ctx context.Context, subject string, at int64) ([]byte, bool, error)
}

// Replay serves mobility/v1 over a recording: the base data (stops, stop
// points, routes, vehicles) and the answers' wire format, caching and
// compression of the simulation s (the recording is of its network), its
// clock the replay's; the departures from rec, never from the
// simulation's own plan: a raw answer when rec is a RawRecording that
// has one, else rebuilt from rec.Departures. What a recording does not hold answers as the
// service does when it has nothing: arrivals and departures as empty
// lists, no vehicle found, no alert.
func (s *Service) Replay(rec Recording) http.Handler {
	rp := &replay{s: s, rec: rec}
	table := make(map[string]endpoint, len(routes))
	for path, ep := range routes {
		table[path] = ep
	}
	table["/stop/passage/Departures"] = func(_ *Service, q query, now int64) response { return rp.stopPassage(q, now, departuresKind) }
	table["/stop/passage/Arrivals"] = func(_ *Service, q query, now int64) response { return rp.stopPassage(q, now, arrivalsKind) }
	table["/stoppoint/passage/Departures"] = func(_ *Service, q query, now int64) response { return rp.pointPassage(q, now, departuresKind) }
	table["/stoppoint/passage/Arrivals"] = func(_ *Service, q query, now int64) response { return rp.pointPassage(q, now, arrivalsKind) }
	for _, path := range []string{"/vehicle/trip/Trip", "/vehicle/trip/Passage", "/vehicle/trip/Pattern"} {
		ep := routes[path]
		table[path] = func(s *Service, q query, now int64) response {
			// No vehicle's trip is recorded: answered as for a vehicle
			// the service does not know.
			if _, perr := q.optNumber("VehicleNumber", 9); perr != nil {
				return perr.response()
			}
			vals := make(map[string][]string, len(q.vals))
			for k, v := range q.vals {
				vals[k] = v
			}
			vals["VehicleNumber"] = []string{"999999999"}
			return ep(s, query{vals: vals, baseURL: q.baseURL}, now)
		}
	}
	table["/passenger/alert/UnplannedAlert"] = func(_ *Service, _ query, now int64) response {
		var resp response
		w := &jw{}
		w.obj()
		w.key("PassengerAlert")
		w.obj()
		w.kstr("ServiceCategory", "UnplannedAlert")
		w.kstr("UpdateInterval", "15 seconds")
		w.kstr("CurrentStatus", "no result found")
		stamp(w, now, &resp)
		w.end()
		w.end()
		resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
		return resp
	}
	rp.table = table
	return rp
}

type replay struct {
	s     *Service
	rec   Recording
	table map[string]endpoint
}

func (rp *replay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rp.s.write(w, r, rp.s.answerFrom(r, rp.table))
}

// departures asks the recording; a failing recording is the service's
// failure (503), never an invented answer.
func (rp *replay) departures(points []int, now int64, limit int) ([]ReplayDeparture, *response) {
	codes := make([]string, len(points))
	for i, p := range points {
		codes[i] = strconv.Itoa(rp.s.net.points[p].code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	deps, err := rp.rec.Departures(ctx, codes, now, limit)
	if err != nil {
		r := errorResponse(http.StatusServiceUnavailable, "", "the recording cannot be read: "+err.Error())
		return nil, &r
	}
	return deps, nil
}

func (rp *replay) stopPassage(q query, now int64, arrivals bool) response {
	num, perr := q.stopNumber(true)
	if perr != nil {
		return perr.response()
	}
	limit, perr := q.limit()
	if perr != nil {
		return perr.response()
	}
	if !arrivals {
		if resp, ok := rp.raw("stop/"+strconv.Itoa(num), now, limit); ok {
			return resp
		}
	}
	si, found := rp.s.net.stopByNum[num]
	var deps []ReplayDeparture
	code, name := "", ""
	if found {
		st := &rp.s.net.stops[si]
		code, name = st.row.Code, st.row.Name
		if !arrivals {
			var fail *response
			if deps, fail = rp.departures(st.points, now, limit); fail != nil {
				return *fail
			}
		}
	}
	var resp response
	w := &jw{b: make([]byte, 0, 512+len(deps)*420)}
	writeStopHead(w, stopHead{num, code, name, limit, found}, now, arrivals, &resp)
	for _, d := range deps {
		rp.writeDeparture(w, d, now, true)
	}
	return stopPassageEnd(w, resp)
}

func (rp *replay) pointPassage(q query, now int64, arrivals bool) response {
	idx, raw, _, perr := rp.s.stopPointCode(q, true)
	if perr != nil {
		return perr.response()
	}
	limit, perr := q.limit()
	if perr != nil {
		return perr.response()
	}
	if idx >= 0 && !arrivals {
		if resp, ok := rp.raw("stoppoint/"+strconv.Itoa(rp.s.net.points[idx].code), now, limit); ok {
			return resp
		}
	}
	var deps []ReplayDeparture
	if idx >= 0 && !arrivals {
		var fail *response
		if deps, fail = rp.departures([]int{idx}, now, limit); fail != nil {
			return *fail
		}
	}
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
		p := &rp.s.net.points[idx]
		st := rp.s.net.stops[p.stop].row
		w.kint("StopPointCode", p.code)
		w.kstr("StopPointName", p.row.Name)
		w.kstr("PlatformName", p.row.Platform)
		w.kint("StopNumber", st.Number)
		w.kstr("StopName", st.Name)
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
	for _, d := range deps {
		rp.writeDeparture(w, d, now, false)
	}
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

// writeDeparture writes a recorded departure as writePassRecord writes
// the simulation's: the route's number from the network by its name, the
// vehicle's category from the fleet, Status 1 (predicted) or 2
// (arriving, under arrivingSpan).
func (rp *replay) writeDeparture(w *jw, d ReplayDeparture, now int64, withPoint bool) {
	n := rp.s.net
	w.obj()
	if withPoint {
		code, _ := strconv.Atoi(d.StopPointCode)
		if pi, ok := n.pointByKey[code]; ok {
			w.kint("StopPointNumber", n.points[pi].row.Number)
		} else {
			w.kint("StopPointNumber", code%100)
		}
		w.kint("StopPointCode", code)
		w.kstr("PlatformName", d.Platform)
	}
	if d.Vehicle != 0 {
		w.kint("VehicleNumber", d.Vehicle)
		if vi, ok := n.fleetByNum[d.Vehicle]; ok {
			w.kint("VehicleCategory", n.fleet[vi].category)
		} else {
			w.key("VehicleCategory")
			w.null()
		}
	} else {
		w.key("VehicleNumber")
		w.null()
		w.key("VehicleCategory")
		w.null()
	}
	route := 0
	for _, l := range n.lines {
		if l.name == d.Line {
			route = l.number
			break
		}
	}
	w.kint("RouteNumber", route)
	w.kstr("RouteName", d.Line)
	due := d.Scheduled
	if d.Predicted != 0 {
		due = d.Predicted
	}
	status := 1
	if due-now < arrivingSpan {
		status = 2
	}
	w.kint("Status", status)
	w.kstr("DepartureDirectionText", d.Direction)
	w.ktime("DepartureTimeScheduled", d.Scheduled)
	w.ktime("DepartureTimeActual", due)
	w.kint64("DepartureCountdown", due-now)
	w.kint64("DepartureDeviation", due-d.Scheduled)
	w.end()
}

// raw answers from the recording's raw answer of subject, if it kept
// one: as it was, its list cut to limit and its Limit said so; ok false
// when there is none (or it cannot be read as an answer).
func (rp *replay) raw(subject string, now int64, limit int) (response, bool) {
	rr, ok := rp.rec.(RawRecording)
	if !ok {
		return response{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	body, ok, err := rr.RawAnswer(ctx, subject, now)
	if err != nil {
		return errorResponse(http.StatusServiceUnavailable, "", "the recording cannot be read: "+err.Error()), true
	}
	if !ok {
		return response{}, false
	}
	cut, err := limitAnswer(body, limit)
	if err != nil {
		return response{}, false
	}
	return response{status: 200, body: cut, maxAge: liveMaxAge}, true
}

// limitAnswer cuts a passage answer ({"StopPassage": {..., "Limit": n,
// ..., "DepartureData": [...]}}) to limit records, keeping every other
// member and their order.
func limitAnswer(body []byte, limit int) ([]byte, error) {
	var outer map[string]json.RawMessage
	if err := json.Unmarshal(body, &outer); err != nil {
		return nil, err
	}
	if len(outer) != 1 {
		return nil, errors.New("not a passage answer")
	}
	var envelope string
	var inner json.RawMessage
	for k, v := range outer {
		envelope, inner = k, v
	}
	dec := json.NewDecoder(bytes.NewReader(inner))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a passage answer")
	}
	w := &jw{b: make([]byte, 0, len(body))}
	w.obj()
	w.key(envelope)
	w.obj()
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		switch k {
		case "Limit":
			w.kint(k, limit)
			continue
		case "DepartureData", "ArrivalData":
			var list []json.RawMessage
			if err := json.Unmarshal(v, &list); err != nil {
				return nil, err
			}
			w.key(k)
			w.arr()
			for _, r := range list[:min(limit, len(list))] {
				w.raw(r)
			}
			w.endArr()
			continue
		}
		w.key(k)
		w.raw(v)
	}
	w.end()
	w.end()
	return w.b, nil
}
