package sim

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzQuery feeds arbitrary paths and query strings to the handler: it must
// never answer 500 and always answer JSON.
func FuzzQuery(f *testing.F) {
	for _, seed := range []string{
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10",
		"/mobility/v1/stop/passage/Departures?StopNumber=12",
		"/mobility/v1/stoppoint/passage/Arrivals?StopPointCode=de:08421:1008:1:1",
		"/mobility/v1/stoppoint/attributes/BaseData?StopPointCode=100821&ContentScope=EXTENDED",
		"/mobility/v1/vehicle/trip/Passage?VehicleNumber=151&Range=upcomming", //nolint:misspell // the spec spells it so
		"/mobility/v1/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=carriageway",
		"/mobility/v1/vehicle/trip/Trip?VehicleNumber=0",
		"/mobility/v1/route/attributes/BaseData?RouteNumber=&ContentScope=",
		"/mobility/v1/passenger/alert/UnplannedAlert",
		"/mobility/v1/VersionInfo?x=%zz",
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=99999999999999999999999",
	} {
		f.Add(seed)
	}
	s, _ := newTestService(f, testStart)
	f.Fuzz(func(t *testing.T, target string) {
		if !strings.HasPrefix(target, "/") {
			target = "/" + target
		}
		req, err := http.NewRequest(http.MethodGet, "http://sim.abfahrt.invalid"+target, nil)
		if err != nil {
			return // not a request a client could send
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q: status %d", target, rec.Code)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%q: body is not JSON: %q", target, rec.Body.String())
		}
	})
}
