package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"abfahrt/feed/internal/wire"
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

// RawRecording is a Recording that also kept the service's raw answers:
// RawAnswer returns the body of the subject's answer at at (the last one
// at or before it, if recent enough), which the replay serves as it was.
// The subjects: "stop/1008" and "stoppoint/135001" (departures),
// "arrivals/stop/1008" and "arrivals/stoppoint/135001", "trips" (the
// trips of all vehicles), "passage/42" (a vehicle's whole trip),
// "alerts".
type RawRecording interface {
	Recording
	RawAnswer(ctx context.Context, subject string, at int64) ([]byte, bool, error)
}

// A BaseRecording kept the service's base data: BaseAnswer returns the
// whole list in force at at of subject "base/KIND/SCOPE" (KIND stop,
// stoppoint, route or vehicle; SCOPE basic or extended).
type BaseRecording interface {
	BaseAnswer(ctx context.Context, subject string, at int64) ([]byte, bool, error)
}

// A CoveringRecording knows what it covers: whether the stop points'
// boards were recorded at all (points nil: any) and at is within the
// time recorded.
type CoveringRecording interface {
	Covers(ctx context.Context, points []string, at int64) (bool, error)
}

// NotRecorded is the State of a replay's passage answer (CurrentStatus of
// a trip or alert answer) about a stop, vehicle or time the recording
// does not hold, with an empty list: a client tells it from "ok" with an
// empty list (nothing departs), as it tells "no stop found".
const NotRecorded = "no recording found"

// The headers of abfahrt's servers that mark what an answer is (see
// feed/internal/wire): SimulatedHeader "1" the simulation's, ReplayHeader
// a replay's with the day recorded ("2026-09-10"), ReplayBaseHeader
// "simulation" when a replay serves the simulation's base data.
const (
	SimulatedHeader  = wire.SimulatedHeader
	ReplayHeader     = wire.ReplayHeader
	ReplayBaseHeader = "Abfahrt-Replay-Base"
)

// ReplayOptions say what a recording is.
type ReplayOptions struct {
	// Simulated: the recording is of this simulation; every answer says
	// so (SimulatedHeader) as the simulation's do.
	Simulated bool
	// SimulatedBase: the recording holds no base data; the simulation's
	// are served, and VersionInfo and ReplayBaseHeader say so.
	SimulatedBase bool
}

// Replay serves a recording of the simulation (ReplayWith, the
// recording's base data if it has them, else the simulation's).
func (s *Service) Replay(rec Recording) http.Handler {
	return s.ReplayWith(rec, ReplayOptions{Simulated: true})
}

// ReplayWith serves mobility/v1 over a recording, the answers' wire
// format, caching and compression of the simulation s, its clock the
// replay's: every answer as it was recorded when rec kept it (a
// RawRecording, BaseRecording), cut to the limit asked, the element asked
// picked from a base data list; departures rebuilt from rec.Departures
// where no raw answer was kept; never from the simulation's own plan.
// Base data the recording lacks are the simulation's. A vehicle not on
// the recorded trips answers as an idle vehicle of the fleet; a stop, an
// arrivals board or a time the recording does not hold answers
// NotRecorded. Every answer carries ReplayHeader.
func (s *Service) ReplayWith(rec Recording, o ReplayOptions) http.Handler {
	rp := &replay{s: s, rec: rec, o: o}
	table := make(map[string]endpoint, len(routes))
	for path, ep := range routes {
		table[path] = ep
	}
	table["/VersionInfo"] = rp.versionInfo
	table["/stop/passage/Departures"] = func(_ *Service, q query, now int64) response { return rp.stopPassage(q, now, departuresKind) }
	table["/stop/passage/Arrivals"] = func(_ *Service, q query, now int64) response { return rp.stopPassage(q, now, arrivalsKind) }
	table["/stoppoint/passage/Departures"] = func(_ *Service, q query, now int64) response { return rp.pointPassage(q, now, departuresKind) }
	table["/stoppoint/passage/Arrivals"] = func(_ *Service, q query, now int64) response { return rp.pointPassage(q, now, arrivalsKind) }
	table["/vehicle/trip/Trip"] = rp.trip
	table["/vehicle/trip/Passage"] = rp.passage
	table["/vehicle/trip/Pattern"] = rp.pattern
	table["/passenger/alert/UnplannedAlert"] = rp.alerts
	for _, b := range replayBases {
		table[b.path] = func(_ *Service, q query, now int64) response { return rp.base(b, q, now) }
	}
	rp.table = table
	return rp
}

type replay struct {
	s     *Service
	rec   Recording
	o     ReplayOptions
	table map[string]endpoint
}

// replayWriter marks the answers of a replay on their way out.
type replayWriter struct {
	http.ResponseWriter
	rp  *replay
	day string
}

func (w replayWriter) WriteHeader(code int) {
	h := w.Header()
	if !w.rp.o.Simulated {
		h.Del(SimulatedHeader)
	}
	h.Set(ReplayHeader, w.day)
	if w.rp.o.SimulatedBase {
		h.Set(ReplayBaseHeader, "simulation")
	}
	h.Set("Access-Control-Expose-Headers", h.Get("Access-Control-Expose-Headers")+", "+ReplayHeader+", "+ReplayBaseHeader)
	w.ResponseWriter.WriteHeader(code)
}

func (rp *replay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	day := time.Unix(rp.s.now(), 0).In(berlin).Format("2006-01-02")
	rp.s.write(replayWriter{w, rp, day}, r, rp.s.answerFrom(r, rp.table))
}

// ctx bounds a question to the recording.
func recordingCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

func unreadable(err error) response {
	return errorResponse(http.StatusServiceUnavailable, "", "the recording cannot be read: "+err.Error())
}

// covers asks a CoveringRecording; any other covers everything.
func (rp *replay) covers(points []string, now int64) (bool, *response) {
	cr, ok := rp.rec.(CoveringRecording)
	if !ok {
		return true, nil
	}
	ctx, cancel := recordingCtx()
	defer cancel()
	yes, err := cr.Covers(ctx, points, now)
	if err != nil {
		r := unreadable(err)
		return false, &r
	}
	return yes, nil
}

// rawAt is the recording's raw answer of subject at now (ok false: none).
func (rp *replay) rawAt(subject string, now int64) ([]byte, bool, *response) {
	rr, ok := rp.rec.(RawRecording)
	if !ok {
		return nil, false, nil
	}
	ctx, cancel := recordingCtx()
	defer cancel()
	body, ok, err := rr.RawAnswer(ctx, subject, now)
	if err != nil {
		r := unreadable(err)
		return nil, false, &r
	}
	return body, ok, nil
}

// versionInfo is the simulation's, its CurrentStatus saying it is a
// replay, of which day, and whose base data.
func (rp *replay) versionInfo(s *Service, q query, now int64) response {
	resp := s.versionInfo(q, now)
	status := "replay · recorded " + time.Unix(now, 0).In(berlin).Format("2006-01-02")
	if rp.o.SimulatedBase {
		status += " · base data of the simulation"
	}
	body, err := editAnswer(resp.body, func(k string, v json.RawMessage) (json.RawMessage, bool) {
		if k == "CurrentStatus" {
			return appendString(nil, status), true
		}
		return v, true
	})
	if err != nil {
		return resp
	}
	return response{status: 200, body: body, maxAge: resp.maxAge}
}

// departures asks the recording; a failing recording is the service's
// failure (503), never an invented answer.
func (rp *replay) departures(points []int, now int64, limit int) ([]ReplayDeparture, *response) {
	ctx, cancel := recordingCtx()
	defer cancel()
	deps, err := rp.rec.Departures(ctx, rp.pointCodes(points), now, limit)
	if err != nil {
		r := unreadable(err)
		return nil, &r
	}
	return deps, nil
}

// pointCodes are the codes of stop points (network indexes).
func (rp *replay) pointCodes(points []int) []string {
	codes := make([]string, len(points))
	for i, p := range points {
		codes[i] = strconv.Itoa(rp.s.net.points[p].code)
	}
	return codes
}

// passageSubject is the raw answer's subject of a board.
func passageSubject(what string, arrivals bool) string {
	if arrivals {
		return "arrivals/" + what
	}
	return what
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
	if resp, ok := rp.raw(passageSubject("stop/"+strconv.Itoa(num), arrivals), now, limit); ok {
		return resp
	}
	si, found := rp.s.net.stopByNum[num]
	var deps []ReplayDeparture
	code, name, state := "", "", "no stop found"
	if found {
		st := &rp.s.net.stops[si]
		code, name, state = st.row.Code, st.row.Name, NotRecorded
		covered, fail := rp.covers(rp.pointCodes(st.points), now)
		if fail != nil {
			return *fail
		}
		if !arrivals && covered {
			state = "ok"
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
	return setState(stopPassageEnd(w, resp), state)
}

// setState replaces the State the answer's head says ("ok" or "no stop
// found") by state.
func setState(resp response, state string) response {
	for _, was := range []string{`"State":"ok"`, `"State":"no stop found"`} {
		i := bytes.Index(resp.body, []byte(was))
		if i < 0 {
			continue
		}
		now := appendString([]byte(`"State":`), state)
		body := make([]byte, 0, len(resp.body)+len(now)-len(was))
		body = append(append(append(body, resp.body[:i]...), now...), resp.body[i+len(was):]...)
		if resp.tsFrom > i {
			resp.tsFrom += len(now) - len(was)
			resp.tsTo += len(now) - len(was)
		}
		resp.body = body
		return resp
	}
	return resp
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
	if resp, ok := rp.raw(passageSubject("stoppoint/"+strings.TrimSpace(raw), arrivals), now, limit); ok {
		return resp
	}
	if idx >= 0 {
		if resp, ok := rp.raw(passageSubject("stoppoint/"+strconv.Itoa(rp.s.net.points[idx].code), arrivals), now, limit); ok {
			return resp
		}
	}
	var deps []ReplayDeparture
	state := "no stop found"
	if idx >= 0 {
		state = NotRecorded
		covered, fail := rp.covers(rp.pointCodes([]int{idx}), now)
		if fail != nil {
			return *fail
		}
		if !arrivals && covered {
			state = "ok"
			if deps, fail = rp.departures([]int{idx}, now, limit); fail != nil {
				return *fail
			}
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
	w.kstr("State", state)
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
	body, ok, fail := rp.rawAt(subject, now)
	if fail != nil {
		return *fail, true
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
	return editAnswer(body, func(k string, v json.RawMessage) (json.RawMessage, bool) {
		switch k {
		case "Limit":
			return strconv.AppendInt(nil, int64(limit), 10), true
		case "DepartureData", "ArrivalData":
			var list []json.RawMessage
			if json.Unmarshal(v, &list) != nil {
				return v, true
			}
			w := &jw{}
			w.arr()
			for _, r := range list[:min(limit, len(list))] {
				w.raw(r)
			}
			w.endArr()
			return w.b, true
		}
		return v, true
	})
}

// editAnswer rewrites the members of an answer ({"Wrapper": {members}})
// in their order: edit returns each member's new value, or false to drop
// it.
func editAnswer(body []byte, edit func(k string, v json.RawMessage) (json.RawMessage, bool)) ([]byte, error) {
	var outer map[string]json.RawMessage
	if err := json.Unmarshal(body, &outer); err != nil {
		return nil, err
	}
	if len(outer) != 1 {
		return nil, errors.New("not an answer of the service")
	}
	var envelope string
	var inner json.RawMessage
	for k, v := range outer {
		envelope, inner = k, v
	}
	dec := json.NewDecoder(bytes.NewReader(inner))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not an answer of the service")
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
		if nv, keep := edit(k, v); keep {
			w.key(k)
			w.raw(nv)
		}
	}
	w.end()
	w.end()
	return w.b, nil
}
