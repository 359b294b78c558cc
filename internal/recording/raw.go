package recording

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/history"
)

// Tap hands the raw answers the service sent to keep, as it sent them
// (gzip-compressed when it did not compress them): departure and arrival
// boards, the trips of all vehicles, a vehicle's passages, the alerts and
// the whole lists of base data (Subject), and that the service is the
// simulation (history.SimulatedAnswer), for a replay to serve.
type Tap struct {
	Next http.RoundTripper
	Keep func(history.Answer)
}

// Subject is the recording's subject of a request ("" for what is not
// kept): what a replay asks the recording for (feed/sim.Replay).
func Subject(path string, q url.Values) string {
	if i := strings.LastIndex(path, "/mobility/v1"); i >= 0 {
		path = path[i+len("/mobility/v1"):]
	}
	num := func(name string) (string, bool) {
		v := strings.TrimSpace(q.Get(name))
		return v, v != "" && v != "0"
	}
	switch path {
	case "/stop/passage/Departures", "/stop/passage/Arrivals":
		if n, ok := num("StopNumber"); ok {
			return arrivalsPrefix(path) + "stop/" + n
		}
	case "/stoppoint/passage/Departures", "/stoppoint/passage/Arrivals":
		if c, ok := num("StopPointCode"); ok {
			return arrivalsPrefix(path) + "stoppoint/" + c
		}
	case "/vehicle/trip/Trip":
		if _, ok := num("VehicleNumber"); !ok {
			return history.SubjectTrips
		}
	case "/vehicle/trip/Passage":
		if r := strings.ToLower(q.Get("Range")); r != "" && r != "all" {
			return "" // a part of the trip: the whole one is kept
		}
		if n, ok := num("VehicleNumber"); ok {
			return "passage/" + n
		}
	case "/passenger/alert/UnplannedAlert":
		return history.SubjectAlerts
	case "/stop/attributes/BaseData", "/stoppoint/attributes/BaseData", "/route/attributes/BaseData", "/vehicle/attributes/BaseData":
		kind := strings.TrimPrefix(strings.TrimSuffix(path, "/attributes/BaseData"), "/")
		for _, id := range []string{"StopNumber", "StopPointCode", "RouteNumber", "VehicleNumber"} {
			if _, ok := num(id); ok {
				return "" // one element: the whole list is kept
			}
		}
		switch scope := strings.ToLower(q.Get("ContentScope")); scope {
		case "", "basic":
			return history.SubjectBase(kind, "basic")
		case "extended":
			return history.SubjectBase(kind, "extended")
		}
	}
	return ""
}

func arrivalsPrefix(path string) string {
	if strings.HasSuffix(path, "/Arrivals") {
		return "arrivals/"
	}
	return ""
}

// RoundTrip keeps the answer of req when it is one to keep.
func (t Tap) RoundTrip(req *http.Request) (*http.Response, error) {
	subject := Subject(req.URL.Path, req.URL.Query())
	if subject != "" && req.Header.Get("If-None-Match") != "" {
		// The whole answer, to keep: a 304 (the alerts unchanged) would
		// leave the recording without it from then on.
		req = req.Clone(req.Context())
		req.Header.Del("If-None-Match")
	}
	resp, err := t.Next.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusOK || subject == "" {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err // the answer broke off: as the client would have found
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if a, ok := Answer(subject, resp.Header.Get("Content-Encoding"), body); ok {
		if resp.Header.Get(sim.SimulatedHeader) == "1" {
			t.Keep(history.SimulatedAnswer(a.At))
		}
		t.Keep(a)
	}
	return resp, nil
}

// Answer is the answer to keep of a body as sent (gzip when the
// encoding says so), at its CurrentTimestamp; ok false for what is not
// one of the service's answers (one object whose one member holds a
// CurrentTimestamp).
func Answer(subject, encoding string, body []byte) (history.Answer, bool) {
	plain, gz := body, []byte(nil)
	if strings.EqualFold(encoding, "gzip") {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return history.Answer{}, false
		}
		if plain, err = io.ReadAll(zr); err != nil {
			return history.Answer{}, false
		}
		gz = body
	} else {
		gz = history.Gzip(body)
	}
	var outer map[string]struct{ CurrentTimestamp string }
	if json.Unmarshal(plain, &outer) != nil || len(outer) != 1 {
		return history.Answer{}, false
	}
	for _, inner := range outer {
		at, err := time.Parse(time.RFC3339, inner.CurrentTimestamp)
		if err != nil {
			return history.Answer{}, false
		}
		return history.Answer{Subject: subject, At: at, Gzip: gz}, true
	}
	return history.Answer{}, false
}
