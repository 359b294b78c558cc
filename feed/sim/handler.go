package sim

import (
	"hash/crc32"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"abfahrt/feed/internal/wire"
)

// Cache lifetimes in seconds per update interval.
const (
	liveMaxAge = 15
	baseMaxAge = 86400
)

// response is an endpoint's answer before HTTP encoding.
type response struct {
	status       int
	body         []byte
	maxAge       int // 0: not cacheable
	tsFrom, tsTo int // byte range of the CurrentTimestamp value, excluded from the ETag
}

// endpoint answers one path; now is the simulated time in Unix seconds.
type endpoint func(s *Service, q query, now int64) response

var routes = map[string]endpoint{
	"/VersionInfo":                    (*Service).versionInfo,
	"/route/attributes/BaseData":      (*Service).routeBase,
	"/stop/attributes/BaseData":       (*Service).stopBase,
	"/stoppoint/attributes/BaseData":  (*Service).stopPointBase,
	"/vehicle/attributes/BaseData":    (*Service).vehicleBase,
	"/stop/passage/Departures":        (*Service).stopDepartures,
	"/stop/passage/Arrivals":          (*Service).stopArrivals,
	"/stoppoint/passage/Departures":   (*Service).pointDepartures,
	"/stoppoint/passage/Arrivals":     (*Service).pointArrivals,
	"/vehicle/trip/Trip":              (*Service).vehicleTrip,
	"/vehicle/trip/Passage":           (*Service).vehiclePassage,
	"/vehicle/trip/Pattern":           (*Service).vehiclePattern,
	"/passenger/alert/UnplannedAlert": (*Service).unplannedAlert,
}

// ServeHTTP serves the mobility/v1 endpoints under /mobility/v1.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.log == nil && s.faults.none() {
		s.write(w, r, s.answer(r))
		return
	}
	s.serveInstrumented(w, r)
}

// answer routes a request and produces its response.
func (s *Service) answer(r *http.Request) response {
	return s.answerFrom(r, routes)
}

// answerFrom routes a request through the endpoints of table.
func (s *Service) answerFrom(r *http.Request, table map[string]endpoint) response {
	rest, ok := strings.CutPrefix(wire.CollapseSlashes(r.URL.Path), basePath)
	ep := table[rest]
	if !ok || ep == nil {
		return errorResponse(http.StatusNotFound, "", "unknown path "+strconv.Quote(r.URL.Path))
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return errorResponse(http.StatusMethodNotAllowed, "", "method "+r.Method+" not allowed, use GET or HEAD")
	}
	vals, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return errorResponse(http.StatusBadRequest, "", "malformed query string: "+err.Error())
	}
	if r.Host != "" && !strings.EqualFold(r.Host, "sim.abfahrt.invalid") {
		return ep(s, query{vals: vals, baseURL: "http://" + r.Host + basePath}, s.now())
	}
	return ep(s, query{vals: vals, baseURL: BaseURL}, s.now())
}

// errorResponse is the JSON error body of wire-format.md section 4 (the
// mirror of abfahrt serve writes the same bytes).
func errorResponse(status int, param, msg string) response {
	return response{status: status, body: wire.ErrorBody(status, param, msg)}
}

// crcTable drives the ETag checksum (stable across processes; Castagnoli
// has hardware support, which keeps large answers cheap).
var crcTable = crc32.MakeTable(crc32.Castagnoli)

// write sends a response with the caching, CORS and compression rules of
// wire-format.md section 4.
func (s *Service) write(w http.ResponseWriter, r *http.Request, resp response) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, "+wire.SimulatedHeader)
	h.Set("Vary", "Accept-Encoding")
	// Every answer says it is invented, so that a board (or a hub and the
	// boards behind it) never shows the simulation as a real city.
	h.Set(wire.SimulatedHeader, "1")
	if resp.status == http.StatusMethodNotAllowed {
		h.Set("Allow", "GET, HEAD")
	}
	if resp.status != http.StatusOK {
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Length", strconv.Itoa(len(resp.body)))
		w.WriteHeader(resp.status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(resp.body) // the client went away; nothing to do
		}
		return
	}
	h.Set("Cache-Control", "public, max-age="+strconv.Itoa(resp.maxAge))
	etag := resp.etag()
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && wire.ETagMatch(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := resp.body
	if wire.Accepts(r.Header.Get("Accept-Encoding"), "gzip", "*") {
		body = s.gz.encode(&resp, etag)
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) // the client went away; nothing to do
	}
}

// etag is a weak validator over the body without its CurrentTimestamp.
func (resp *response) etag() string {
	var sum uint32
	n := len(resp.body)
	if resp.tsTo > resp.tsFrom && resp.tsTo <= len(resp.body) {
		sum = crc32.Update(crc32.Update(0, crcTable, resp.body[:resp.tsFrom]), crcTable, resp.body[resp.tsTo:])
		n -= resp.tsTo - resp.tsFrom
	} else {
		sum = crc32.Checksum(resp.body, crcTable)
	}
	b := make([]byte, 0, 32)
	b = append(b, `W/"`...)
	b = strconv.AppendUint(b, uint64(sum), 16)
	b = append(b, '-')
	b = strconv.AppendUint(b, uint64(n), 16)
	return string(append(b, '"'))
}
