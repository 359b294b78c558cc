package feed

import (
	"net/url"
	"strconv"

	"abfahrt/model"
)

// Parameter names as the service spells them.
const (
	paramStopNumber    = "StopNumber"
	paramStopPointCode = "StopPointCode"
	paramRouteNumber   = "RouteNumber"
	paramVehicleNumber = "VehicleNumber"
	paramLimit         = "Limit"
	paramContentScope  = "ContentScope"
	paramRange         = "Range"
)

// query collects validated parameters; the first rejected one wins.
type query struct {
	v   url.Values
	err error
}

func newQuery() *query { return &query{v: url.Values{}} }

func (q *query) fail(param, value, reason string) {
	if q.err == nil {
		q.err = &ParamError{Param: param, Value: value, Reason: reason}
	}
}

// stopNumber adds a 4-digit StopNumber; 0 is omitted unless required.
func (q *query) stopNumber(n int, required bool) {
	if n == 0 && !required {
		return
	}
	if n < 1000 || n > 9999 {
		q.fail(paramStopNumber, strconv.Itoa(n), "must be 4 digits")
		return
	}
	q.v.Set(paramStopNumber, strconv.Itoa(n))
}

// stopPointCode adds a StopPointCode (6 digits or a DHID), exactly as
// given; "" is omitted unless required.
func (q *query) stopPointCode(c model.StopPointCode, required bool) model.StopPointCode {
	if c == "" {
		if required {
			q.fail(paramStopPointCode, "", "is required")
		}
		return ""
	}
	parsed, err := model.ParseStopPointCode(string(c))
	if err != nil {
		q.fail(paramStopPointCode, string(c), "must be 6 digits or a DHID like de:08421:1008:1:1")
		return ""
	}
	q.v.Set(paramStopPointCode, parsed.String())
	return parsed
}

// number adds a non-negative identifying number; 0 means "all" and is
// omitted, unless required, in which case it must be at least 1.
func (q *query) number(param string, n int, required bool) {
	switch {
	case n < 0:
		q.fail(param, strconv.Itoa(n), "must not be negative")
	case n == 0 && required:
		q.fail(param, "0", "must be at least 1")
	case n > 0:
		q.v.Set(param, strconv.Itoa(n))
	}
}

// limit adds Limit; 0 is omitted.
func (q *query) limit(n int) {
	switch {
	case n < 0:
		q.fail(paramLimit, strconv.Itoa(n), "must be at least 1")
	case n > 0:
		q.v.Set(paramLimit, strconv.Itoa(n))
	}
}

// scope adds a base data ContentScope; "" is omitted.
func (q *query) scope(s model.Scope) {
	if s == "" {
		return
	}
	v, err := model.ParseScope(string(s))
	if err != nil {
		q.fail(paramContentScope, string(s), "must be minimal, basic or extended")
		return
	}
	q.v.Set(paramContentScope, string(v))
}

// patternScope adds a pattern ContentScope; "" is omitted.
func (q *query) patternScope(s model.PatternScope) {
	if s == "" {
		return
	}
	v, err := model.ParsePatternScope(string(s))
	if err != nil {
		q.fail(paramContentScope, string(s), "must be Stops, Track or Carriageway")
		return
	}
	q.v.Set(paramContentScope, string(v))
}

// passageRange adds Range; "" is omitted.
func (q *query) passageRange(r model.Range) {
	if r == "" {
		return
	}
	v, err := model.ParseRange(string(r))
	if err != nil {
		q.fail(paramRange, string(r), "must be all or upcoming")
		return
	}
	q.v.Set(paramRange, string(v))
}
