package sim

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestValidation checks the 400/404/405 contract of wire-format.md section 4.
func TestValidation(t *testing.T) {
	s, _ := newTestService(t, testStart)
	const p = "/mobility/v1"
	cases := []struct {
		method, target string
		status         int
		param          string
	}{
		{"GET", p + "/stop/passage/Departures", 400, "StopNumber"},
		{"GET", p + "/stop/passage/Departures?StopNumber=", 400, "StopNumber"},
		{"GET", p + "/stop/passage/Departures?StopNumber=12", 400, "StopNumber"},
		{"GET", p + "/stop/passage/Departures?StopNumber=10080", 400, "StopNumber"},
		{"GET", p + "/stop/passage/Departures?StopNumber=abcd", 400, "StopNumber"},
		{"GET", p + "/stop/passage/Departures?StopNumber=1008&Limit=0", 400, "Limit"},
		{"GET", p + "/stop/passage/Departures?StopNumber=1008&Limit=-3", 400, "Limit"},
		{"GET", p + "/stop/passage/Departures?StopNumber=1008&Limit=x", 400, "Limit"},
		{"GET", p + "/stop/passage/Arrivals?StopNumber=1.5e3", 400, "StopNumber"},
		{"GET", p + "/stoppoint/passage/Departures", 400, "StopPointCode"},
		{"GET", p + "/stoppoint/passage/Departures?StopPointCode=1008", 400, "StopPointCode"},
		{"GET", p + "/stoppoint/passage/Arrivals?StopPointCode=abcdef", 400, "StopPointCode"},
		{"GET", p + "/stoppoint/attributes/BaseData?StopPointCode=12", 400, "StopPointCode"},
		{"GET", p + "/route/attributes/BaseData?ContentScope=full", 400, "ContentScope"},
		{"GET", p + "/route/attributes/BaseData?RouteNumber=x", 400, "RouteNumber"},
		{"GET", p + "/stop/attributes/BaseData?StopNumber=1", 400, "StopNumber"},
		{"GET", p + "/vehicle/attributes/BaseData?VehicleNumber=-1", 400, "VehicleNumber"},
		{"GET", p + "/vehicle/trip/Trip?VehicleNumber=99999999999999999999", 400, "VehicleNumber"},
		{"GET", p + "/vehicle/trip/Passage", 400, "VehicleNumber"},
		{"GET", p + "/vehicle/trip/Passage?VehicleNumber=0", 400, "VehicleNumber"},
		{"GET", p + "/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=basic", 400, "ContentScope"},
		{"GET", p + "/stop/passage/Departures?StopNumber=%zz", 400, ""},
		{"GET", p + "/stop/passage/departures?StopNumber=1008", 404, ""},
		{"GET", p + "/nothing", 404, ""},
		{"GET", "/", 404, ""},
		{"GET", p + "/VersionInfo/", 404, ""},
		{"POST", p + "/VersionInfo", 405, ""},
		{"DELETE", p + "/stop/passage/Departures?StopNumber=1008", 405, ""},
		{"OPTIONS", p + "/vehicle/trip/Trip", 405, ""},
	}
	for _, c := range cases {
		rec := serve(s, c.method, c.target)
		if rec.Code != c.status {
			t.Errorf("%s %s: status %d, want %d: %s", c.method, c.target, rec.Code, c.status, rec.Body)
			continue
		}
		var body struct {
			Error struct {
				Status    int
				Parameter string
				Message   string
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Errorf("%s: error body is not JSON: %v", c.target, err)
			continue
		}
		if body.Error.Status != c.status || body.Error.Parameter != c.param || body.Error.Message == "" {
			t.Errorf("%s: error %+v, want status %d parameter %q", c.target, body.Error, c.status, c.param)
		}
		if c.status == 405 && rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: Allow %q", c.target, rec.Header().Get("Allow"))
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", c.target, ct)
		}
	}
	rec := serve(s, "GET", p+"/stop/passage/Departures?StopNumber=12")
	if want := `{"Error":{"Status":400,"Parameter":"StopNumber","Message":"StopNumber must be 4 digits, got \"12\""}}`; rec.Body.String() != want {
		t.Errorf("error body\n got %s\nwant %s", rec.Body, want)
	}
}

// TestLenientParameters checks what real clients send (wire-format.md section 3).
func TestLenientParameters(t *testing.T) {
	s, _ := newTestService(t, testStart)
	const p = "/mobility/v1"
	all := len(records(t, wrapper(t, getJSON(t, s, p+"/stop/attributes/BaseData", 200), "StopAttributes"), "StopData"))
	if all != 350 {
		t.Fatalf("%d stops, want 350", all)
	}
	for _, q := range []string{"?StopNumber=", "?StopNumber=0", "?StopNumber=&ContentScope="} {
		w := wrapper(t, getJSON(t, s, p+"/stop/attributes/BaseData"+q, 200), "StopAttributes")
		if n := len(records(t, w, "StopData")); n != all || w["ContentScope"] != "Basic" || w["Filter"] != "None" {
			t.Errorf("%s: %d stops, scope %v, filter %v", q, n, w["ContentScope"], w["Filter"])
		}
	}
	if n := len(records(t, wrapper(t, getJSON(t, s, p+"/stoppoint/attributes/BaseData?StopPointCode=", 200), "StopPointAttributes"), "StopPointData")); n != 831 {
		t.Errorf("%d stop points, want 831", n)
	}
	if n := len(records(t, wrapper(t, getJSON(t, s, p+"/vehicle/trip/Trip?VehicleNumber=0", 200), "VehicleTrip"), "TripData")); n != len(s.net.fleet) {
		t.Errorf("VehicleNumber=0: %d trips", n)
	}
	for _, scope := range []string{"minimal", "BASIC", "Extended"} {
		w := wrapper(t, getJSON(t, s, p+"/route/attributes/BaseData?RouteNumber=2&ContentScope="+scope, 200), "RouteAttributes")
		if w["ContentScope"] != strings.ToUpper(scope[:1])+strings.ToLower(scope[1:]) {
			t.Errorf("ContentScope %s echoed as %v", scope, w["ContentScope"])
		}
		if r, ok := w["RouteData"].(map[string]any); !ok || r["RouteName"] != "2" {
			t.Errorf("RouteNumber=2: %v", w["RouteData"])
		}
	}
	for _, r := range []string{"all", "ALL", "upcoming", "upcomming", "Upcoming", ""} { //nolint:misspell // the spec spells it so
		w := wrapper(t, getJSON(t, s, p+"/vehicle/trip/Passage?VehicleNumber=41&Range="+r, 200), "VehiclePassage")
		want := "Upcoming"
		if r == "" || strings.EqualFold(r, "all") {
			want = "All"
		}
		if w["Range"] != want {
			t.Errorf("Range=%s echoed as %v", r, w["Range"])
		}
	}
	// Limit: default 10, clamped to 100 and echoed.
	for q, want := range map[string]int64{"": 10, "&Limit=": 10, "&Limit=3": 3, "&Limit=100": 100, "&Limit=500": 100, "&Limit=99999999999999999999": 100} {
		w := wrapper(t, getJSON(t, s, p+"/stop/passage/Departures?StopNumber=1008"+q, 200), "StopPassage")
		if num(t, w["Limit"]) != want || int64(len(records(t, w, "DepartureData"))) != want {
			t.Errorf("%q: Limit %v with %d records, want %d", q, w["Limit"], len(records(t, w, "DepartureData")), want)
		}
	}
	// StopPointCode as code, string code or DHID.
	for _, code := range []string{"100801", "de:08421:1008:1:1", "DE:08421:1008:1:1"} {
		w := wrapper(t, getJSON(t, s, p+"/stoppoint/passage/Departures?StopPointCode="+code, 200), "StopPointPassage")
		if num(t, w["StopPointCode"]) != 100801 || w["State"] != "ok" {
			t.Errorf("%s: %v %v", code, w["StopPointCode"], w["State"])
		}
		b := wrapper(t, getJSON(t, s, p+"/stoppoint/attributes/BaseData?StopPointCode="+code, 200), "StopPointAttributes")
		if r, ok := b["StopPointData"].(map[string]any); !ok || num(t, r["StopPointCode"]) != 100801 {
			t.Errorf("%s: base data %v", code, b["StopPointData"])
		}
	}
}

// TestNotFound checks well-formed unknown identifiers: 200 with an empty list.
func TestNotFound(t *testing.T) {
	s, _ := newTestService(t, testStart)
	const p = "/mobility/v1"
	cases := []struct{ target, top, list, key, want string }{
		{p + "/stop/passage/Departures?StopNumber=9999", "StopPassage", "DepartureData", "State", "no stop found"},
		{p + "/stop/passage/Arrivals?StopNumber=0000", "StopPassage", "ArrivalData", "State", "no stop found"},
		{p + "/stoppoint/passage/Departures?StopPointCode=999999", "StopPointPassage", "DepartureData", "State", "no stop found"},
		{p + "/stoppoint/passage/Departures?StopPointCode=de:08421:7777:0:1", "StopPointPassage", "DepartureData", "State", "no stop found"},
		{p + "/vehicle/trip/Passage?VehicleNumber=7", "VehiclePassage", "PassageData", "State", "no vehicle found"},
		{p + "/vehicle/trip/Trip?VehicleNumber=7", "VehicleTrip", "TripData", "CurrentStatus", "no vehicle found"},
		{p + "/route/attributes/BaseData?RouteNumber=3", "RouteAttributes", "RouteData", "CurrentStatus", "no result found"},
		{p + "/stop/attributes/BaseData?StopNumber=9999", "StopAttributes", "StopData", "CurrentStatus", "no result found"},
		{p + "/stoppoint/attributes/BaseData?StopPointCode=999999", "StopPointAttributes", "StopPointData", "CurrentStatus", "no result found"},
		{p + "/vehicle/attributes/BaseData?VehicleNumber=7", "VehicleAttributes", "VehicleData", "CurrentStatus", "no result found"},
	}
	for _, c := range cases {
		w := wrapper(t, getJSON(t, s, c.target, http.StatusOK), c.top)
		if w[c.key] != c.want || len(records(t, w, c.list)) != 0 {
			t.Errorf("%s: %s=%v with %d records", c.target, c.key, w[c.key], len(records(t, w, c.list)))
		}
	}
	w := wrapper(t, getJSON(t, s, p+"/vehicle/trip/Pattern?VehicleNumber=7", 200), "VehiclePattern")
	if w["State"] != "no vehicle found" || len(records(t, w["PatternData"].(map[string]any), "TrackPoints")) != 0 {
		t.Errorf("pattern of unknown vehicle: %v", w)
	}
}
