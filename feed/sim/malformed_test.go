package sim

import (
	"encoding/json"
	"net/url"
	"testing"
)

// TestEveryEndpointMalformedParameter sends every endpoint every one of
// its parameters with each malformed value, beside otherwise valid
// parameters: the answer is always a 400 JSON error naming that parameter,
// never a 500 (a Limit beyond 100 is clamped, not refused).
func TestEveryEndpointMalformedParameter(t *testing.T) {
	s, _ := newTestService(t, testStart)
	endpoints := []struct {
		path  string
		valid url.Values
	}{
		{"/route/attributes/BaseData", url.Values{"RouteNumber": {"2"}, "ContentScope": {"basic"}}},
		{"/stop/attributes/BaseData", url.Values{"StopNumber": {"1008"}, "ContentScope": {"basic"}}},
		{"/stoppoint/attributes/BaseData", url.Values{"StopPointCode": {"100821"}, "ContentScope": {"basic"}}},
		{"/vehicle/attributes/BaseData", url.Values{"VehicleNumber": {"41"}, "ContentScope": {"basic"}}},
		{"/stop/passage/Departures", url.Values{"StopNumber": {"1008"}, "Limit": {"5"}}},
		{"/stop/passage/Arrivals", url.Values{"StopNumber": {"1008"}, "Limit": {"5"}}},
		{"/stoppoint/passage/Departures", url.Values{"StopPointCode": {"100821"}, "Limit": {"5"}}},
		{"/stoppoint/passage/Arrivals", url.Values{"StopPointCode": {"100821"}, "Limit": {"5"}}},
		{"/vehicle/trip/Trip", url.Values{"VehicleNumber": {"41"}}},
		// Range is tolerated: an unknown value answers as the default (issue 13).
		{"/vehicle/trip/Passage", url.Values{"VehicleNumber": {"41"}}},
		{"/vehicle/trip/Pattern", url.Values{"VehicleNumber": {"41"}, "ContentScope": {"Track"}}},
	}
	malformed := []string{"x", "-1", "1.5", "1e3", "99999999999999999999", "12ab", "\x00", " 1008", "１００８", "ä"}
	for _, ep := range endpoints {
		for param := range ep.valid {
			for _, bad := range malformed {
				q := url.Values{}
				for k, v := range ep.valid {
					q[k] = v
				}
				q.Set(param, bad)
				target := "/mobility/v1" + ep.path + "?" + q.Encode()
				rec := serve(s, "GET", target)
				if param == "Limit" && bad == "99999999999999999999" {
					// a positive integer: clamped to 100, as the contract says
					var body map[string]map[string]any
					if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
						t.Errorf("%s: status %d, want 200 with Limit clamped", target, rec.Code)
					}
					for _, w := range body {
						if w["Limit"] != float64(100) {
							t.Errorf("%s: Limit echoed %v, want 100", target, w["Limit"])
						}
					}
					continue
				}
				if rec.Code != 400 {
					t.Errorf("%s: status %d, want 400", target, rec.Code)
					continue
				}
				var body struct {
					Error struct {
						Status             int
						Parameter, Message string
					}
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Parameter != param {
					t.Errorf("%s: error %s does not name %s", target, rec.Body, param)
				}
			}
		}
	}
}
