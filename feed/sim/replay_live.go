package sim

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// replayBase is a kind of base data a replay serves from the recording.
type replayBase struct {
	path, kind, id, list string
}

var replayBases = []replayBase{
	{"/stop/attributes/BaseData", "stop", "StopNumber", "StopData"},
	{"/stoppoint/attributes/BaseData", "stoppoint", "StopPointCode", "StopPointData"},
	{"/route/attributes/BaseData", "route", "RouteNumber", "RouteData"},
	{"/vehicle/attributes/BaseData", "vehicle", "VehicleNumber", "VehicleData"},
}

// baseBody is the recorded list of base data of kind in force at now, in
// scope (else the other scope: extended holds what basic does and more;
// an answer with more members than asked is what clients of the real
// service cope with); ok false when the recording holds none.
func (rp *replay) baseBody(kind, scope string, now int64) ([]byte, bool, *response) {
	br, ok := rp.rec.(BaseRecording)
	if !ok {
		return nil, false, nil
	}
	ctx, cancel := recordingCtx()
	defer cancel()
	for _, sc := range []string{strings.ToLower(scope), "extended", "basic"} {
		body, ok, err := br.BaseAnswer(ctx, "base/"+kind+"/"+sc, now)
		if err != nil {
			r := unreadable(err)
			return nil, false, &r
		}
		if ok {
			return body, true, nil
		}
	}
	return nil, false, nil
}

// base answers base data as recorded: the whole list, or the element
// asked (its record as an object, as the simulation answers one; none:
// CurrentStatus "no result found" and an empty list). Without recorded
// base data of the kind, the simulation's.
func (rp *replay) base(b replayBase, q query, now int64) response {
	scope, perr := q.scopeBase()
	if perr != nil {
		return perr.response()
	}
	body, ok, fail := rp.baseBody(b.kind, scope, now)
	if fail != nil {
		return *fail
	}
	if !ok {
		return routes[b.path](rp.s, q, now)
	}
	id, _ := q.get(b.id)
	id = strings.TrimSpace(id)
	if id == "" || id == "0" {
		return response{status: 200, body: body, maxAge: baseMaxAge}
	}
	var pick json.RawMessage
	out, err := editAnswer(body, func(k string, v json.RawMessage) (json.RawMessage, bool) {
		switch k {
		case "Filter":
			return appendString(nil, b.id+"="+id), true
		case b.list:
			pick = findRecord(v, b.id, id)
			if pick == nil {
				return json.RawMessage(`[]`), true
			}
			return pick, true
		}
		return v, true
	})
	if err != nil {
		return response{status: 200, body: body, maxAge: baseMaxAge}
	}
	if pick == nil {
		out, _ = editAnswer(out, func(k string, v json.RawMessage) (json.RawMessage, bool) {
			if k == "CurrentStatus" {
				return appendString(nil, "no result found"), true
			}
			return v, true
		})
	}
	return response{status: 200, body: out, maxAge: baseMaxAge}
}

// findRecord is the record of list whose member key is id (a number or a
// string: compared as text), nil when none is.
func findRecord(list json.RawMessage, key, id string) json.RawMessage {
	var recs []map[string]json.RawMessage
	if json.Unmarshal(list, &recs) != nil {
		return nil
	}
	var raws []json.RawMessage
	_ = json.Unmarshal(list, &raws)
	for i, r := range recs {
		if v := strings.Trim(string(bytes.TrimSpace(r[key])), `"`); v == id && i < len(raws) {
			return raws[i]
		}
	}
	return nil
}

// fleet is the vehicles of the base data in force at now, by number: their
// category.
func (rp *replay) fleet(now int64) map[int]json.RawMessage {
	body, ok, _ := rp.baseBody("vehicle", "basic", now)
	if !ok {
		body = routes["/vehicle/attributes/BaseData"](rp.s, query{}, now).body
	}
	var outer map[string]struct{ VehicleData []map[string]json.RawMessage }
	out := map[int]json.RawMessage{}
	if json.Unmarshal(body, &outer) != nil {
		return out
	}
	for _, w := range outer {
		for _, v := range w.VehicleData {
			if n, err := strconv.Atoi(string(v["VehicleNumber"])); err == nil {
				c := v["VehicleCategory"]
				if c == nil {
					c = json.RawMessage("null")
				}
				out[n] = c
			}
		}
	}
	return out
}

// trip answers the trips as recorded: all of them (VehicleNumber absent,
// empty or 0), or the one asked; a vehicle of the fleet not on them idle
// (IsActive false), one not of the fleet "no vehicle found", each echoing
// the number asked. With no trips recorded at now: the fleet idle inside
// the recording, NotRecorded outside it.
func (rp *replay) trip(_ *Service, q query, now int64) response {
	num, perr := q.optNumber("VehicleNumber", 9)
	if perr != nil {
		return perr.response()
	}
	body, ok, fail := rp.rawAt("trips", now)
	if fail != nil {
		return *fail
	}
	if ok && num == 0 {
		return response{status: 200, body: body, maxAge: liveMaxAge}
	}
	var recorded []json.RawMessage
	if ok {
		var outer map[string]struct{ TripData []json.RawMessage }
		if json.Unmarshal(body, &outer) == nil {
			for _, w := range outer {
				recorded = w.TripData
			}
		}
	}
	for _, t := range recorded {
		var v struct{ VehicleNumber int }
		if json.Unmarshal(t, &v) == nil && v.VehicleNumber == num {
			return tripAnswer(num, "OK", []json.RawMessage{t}, now)
		}
	}
	status := "OK"
	if !ok {
		covered, fail := rp.covers(nil, now)
		if fail != nil {
			return *fail
		}
		if !covered {
			return tripAnswer(num, NotRecorded, nil, now)
		}
	}
	fleet := rp.fleet(now)
	idle := func(n int) json.RawMessage {
		w := &jw{}
		w.obj()
		w.kint("VehicleNumber", n)
		w.key("VehicleCategory")
		w.raw(fleet[n])
		w.key("IsActive")
		w.bool(false)
		w.end()
		return w.b
	}
	if num != 0 {
		if _, known := fleet[num]; !known {
			return tripAnswer(num, "no vehicle found", nil, now)
		}
		return tripAnswer(num, status, []json.RawMessage{idle(num)}, now)
	}
	nums := make([]int, 0, len(fleet))
	for n := range fleet {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	recs := make([]json.RawMessage, len(nums))
	for i, n := range nums {
		recs[i] = idle(n)
	}
	return tripAnswer(0, status, recs, now)
}

// tripAnswer is a VehicleTrip answer as the simulation writes one.
func tripAnswer(num int, status string, recs []json.RawMessage, now int64) response {
	var resp response
	w := &jw{}
	tripHead(w, num)
	w.kstr("CurrentStatus", status)
	stamp(w, now, &resp)
	w.key("TripData")
	w.arr()
	for _, r := range recs {
		w.raw(r)
	}
	w.endArr()
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

// vehicleAsked reads a vehicle request's number: required, as the
// simulation reads it.
func vehicleAsked(q query) (int, *paramError) { return q.vehicleNumber() }

// passage answers a vehicle's passages as recorded (its whole trip, the
// last answer of the recording within its window); a vehicle not
// recorded then answers as an idle vehicle of the fleet (State ok, no
// passages), one not of the fleet "no vehicle found"; outside the
// recording NotRecorded.
func (rp *replay) passage(_ *Service, q query, now int64) response {
	num, perr := vehicleAsked(q)
	if perr != nil {
		return perr.response()
	}
	body, ok, fail := rp.rawAt("passage/"+strconv.Itoa(num), now)
	if fail != nil {
		return *fail
	}
	if ok {
		return response{status: 200, body: body, maxAge: liveMaxAge}
	}
	return rp.idleVehicle("VehiclePassage", "Passage", num, now, func(w *jw) {
		w.key("PassageData")
		w.arr()
		w.endArr()
	})
}

// pattern answers as for an idle vehicle: the recording keeps no
// patterns (a vehicle's stops are on its passages).
func (rp *replay) pattern(_ *Service, q query, now int64) response {
	num, perr := vehicleAsked(q)
	if perr != nil {
		return perr.response()
	}
	scope, perr := q.enum("ContentScope", []string{"Track", "Stops", "Carriageway"}, nil)
	if perr != nil {
		return perr.response()
	}
	list := map[string]string{"Track": "TrackPoints", "Stops": "StopPoints", "Carriageway": "CarriagewayPoints"}[scope]
	return rp.idleVehicle("VehiclePattern", "Pattern", num, now, func(w *jw) {
		w.key("PatternData")
		w.obj()
		w.key(list)
		w.arr()
		w.endArr()
		w.end()
	})
}

// idleVehicle writes a vehicle answer without a trip, as the simulation
// writes one for a vehicle in the depot.
func (rp *replay) idleVehicle(wrapper, category string, num int, now int64, data func(w *jw)) response {
	state := "ok"
	covered, fail := rp.covers(nil, now)
	if fail != nil {
		return *fail
	}
	cat, known := rp.fleet(now)[num]
	switch {
	case !covered:
		state = NotRecorded
	case !known:
		state = "no vehicle found"
	}
	var resp response
	w := &jw{}
	w.obj()
	w.key(wrapper)
	w.obj()
	w.kstr("ServiceCategory", category)
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("ContentScope", "Standard")
	if wrapper == "VehiclePassage" {
		w.kstr("Range", "All")
	}
	w.kint("VehicleNumber", num)
	w.key("VehicleCategory")
	if known {
		w.raw(cat)
	} else {
		w.null()
	}
	w.key("RouteNumber")
	w.null()
	w.key("RouteName")
	w.null()
	if wrapper == "VehiclePattern" {
		w.key("Direction")
		w.null()
	}
	w.kstr("OrderedBy", "SequenceNumber ascending")
	w.kstr("State", state)
	stamp(w, now, &resp)
	data(w)
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}

// alerts answers the alerts as recorded; none recorded at now: "no result
// found" inside the recording, NotRecorded outside it.
func (rp *replay) alerts(_ *Service, _ query, now int64) response {
	body, ok, fail := rp.rawAt("alerts", now)
	if fail != nil {
		return *fail
	}
	if ok {
		return response{status: 200, body: body, maxAge: liveMaxAge}
	}
	status := "no result found"
	covered, fail := rp.covers(nil, now)
	if fail != nil {
		return *fail
	}
	if !covered {
		status = NotRecorded
	}
	var resp response
	w := &jw{}
	w.obj()
	w.key("PassengerAlert")
	w.obj()
	w.kstr("ServiceCategory", "UnplannedAlert")
	w.kstr("UpdateInterval", "15 seconds")
	w.kstr("CurrentStatus", status)
	stamp(w, now, &resp)
	w.end()
	w.end()
	resp.status, resp.body, resp.maxAge = 200, w.b, liveMaxAge
	return resp
}
