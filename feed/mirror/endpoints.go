package mirror

import (
	"errors"
	"net/url"
	"strings"

	"abfahrt/feed/internal/wire"
)

// endpoint is one path of the service the mirror forwards, with the query
// parameters the service defines for it (mobility-api.md section 4, and
// the alert endpoint of the real service, which takes none), sorted by
// name: the order in which url.Values.Encode, and so abfahrt's own
// client, sends them.
type endpoint struct {
	path   string // below BasePath; also the endpoint label of the metrics
	params []string
}

// endpoints are the only paths the mirror forwards; any other is answered
// 404 by the mirror itself. Their names are also the only values of the
// metrics' endpoint label, so that clients cannot grow the label set.
var endpoints = func() map[string]endpoint {
	m := map[string]endpoint{}
	for _, e := range []endpoint{
		{"/VersionInfo", nil},
		{"/route/attributes/BaseData", []string{"ContentScope", "RouteNumber"}},
		{"/stop/attributes/BaseData", []string{"ContentScope", "StopNumber"}},
		{"/stoppoint/attributes/BaseData", []string{"ContentScope", "StopPointCode"}},
		{"/vehicle/attributes/BaseData", []string{"ContentScope", "VehicleNumber"}},
		{"/stop/passage/Departures", []string{"Limit", "StopNumber"}},
		{"/stop/passage/Arrivals", []string{"Limit", "StopNumber"}},
		{"/stoppoint/passage/Departures", []string{"Limit", "StopPointCode"}},
		{"/stoppoint/passage/Arrivals", []string{"Limit", "StopPointCode"}},
		{"/vehicle/trip/Trip", []string{"VehicleNumber"}},
		{"/vehicle/trip/Passage", []string{"Range", "VehicleNumber"}},
		{"/vehicle/trip/Pattern", []string{"ContentScope", "VehicleNumber"}},
		{"/passenger/alert/UnplannedAlert", nil},
	} {
		m[e.path] = e
	}
	return m
}()

// endpointOf finds the endpoint a request's path names: the path as the
// client sent it on the wire, below BasePath, with runs of slashes
// collapsed (as the service does), must be one of endpoints exactly.
// Matching the escaped form refuses what the decoded form would hide:
// %2e%2e segments, %2f inside a segment, any other escape. Case counts, as
// in the service's paths.
func endpointOf(u *url.URL) (rest string, ep endpoint, ok bool) {
	p := u.EscapedPath()
	if len(p) > 256 { // longer than any endpoint by far; not worth a look
		return "", endpoint{}, false
	}
	rest, ok = strings.CutPrefix(wire.CollapseSlashes(p), BasePath)
	if !ok {
		return "", endpoint{}, false
	}
	ep, ok = endpoints[rest]
	return rest, ep, ok
}

// errMalformedQuery refuses a query whose parameter of the service cannot
// be decoded.
var errMalformedQuery = errors.New("malformed query string")

// firstValues reads the parameters the service defines for an endpoint
// from a client's raw query (names are case-sensitive, mobility-api.md
// section 4): each with its first value (the service reads the first, even
// when empty), "" when absent or empty (the service treats an empty value
// as absent, wire-format.md sections 3 and 4). Everything else is dropped
// rather than refused: the service ignores parameters it does not know,
// and browser clients add cache-busters of their own (jQuery's _=...),
// which must not cost an upstream request each.
func firstValues(raw string, names []string) ([]string, error) {
	vals := make([]string, len(names))
	if raw == "" || len(names) == 0 {
		return vals, nil
	}
	var (
		seen  [4]bool // at most two names per endpoint
		found int
	)
	for raw != "" && found < len(names) {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(pair, "=")
		if k == "" {
			continue
		}
		name, err := url.QueryUnescape(k)
		if err != nil {
			continue // not a name of the service's whatever it is
		}
		i := indexOf(names, name)
		if i < 0 || seen[i] {
			continue
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			return nil, errMalformedQuery
		}
		vals[i], seen[i] = val, true
		found++
	}
	return vals, nil
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
