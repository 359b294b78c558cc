package sim

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

var datetimeRE = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$`)

// jsonKind classifies a decoded value as the capture fixture does.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		if strings.ContainsAny(x.String(), ".eE") {
			return "float"
		}
		return "integer"
	case []any:
		return "array"
	}
	return "object"
}

// flattenKinds collects dot paths of leaf values (descending into lists).
func flattenKinds(prefix string, v any, into map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			flattenKinds(p, e, into)
		}
	case []any:
		for _, e := range x {
			flattenKinds(prefix, e, into)
		}
	default:
		k := jsonKind(v)
		if old, ok := into[prefix]; ok && old == "float" && k == "integer" {
			return
		}
		into[prefix] = k
	}
}

func keysOf(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compatible reports whether an observed kind fits a declared field type.
func compatible(declared, observed string, nullable bool) bool {
	switch {
	case observed == "null":
		return nullable
	case declared == "float":
		return observed == "float" || observed == "integer"
	case declared == "datetime" || declared == "url":
		return observed == "string"
	}
	return declared == observed
}

func fieldMap(fs [][2]string) map[string]string {
	m := map[string]string{}
	for _, f := range fs {
		m[f[0]] = f[1]
	}
	return m
}

// TestWireShapes checks every endpoint's wrapper keys and record fields
// against wire-format.md section 1 and the field maps of VersionInfo.
func TestWireShapes(t *testing.T) {
	s, _ := newTestService(t, testStart)
	passWrap := []string{"ServiceCategory", "UpdateInterval", "ContentScope", "StopNumber", "StopCode", "StopName", "Limit", "OrderedBy", "State", "CurrentTimestamp"}
	pointWrap := []string{"ServiceCategory", "UpdateInterval", "ContentScope", "StopPointCode", "StopPointName", "PlatformName", "StopNumber", "StopName", "Limit", "OrderedBy", "State", "CurrentTimestamp"}
	baseWrap := []string{"ServiceCategory", "UpdateInterval", "Filter", "ContentScope", "OrderedBy", "CurrentStatus", "CurrentTimestamp"}
	vehWrap := []string{"ServiceCategory", "UpdateInterval", "ContentScope", "VehicleNumber", "VehicleCategory", "RouteNumber", "RouteName", "OrderedBy", "State", "CurrentTimestamp"}
	cases := []struct {
		target, top, list string
		wrap              []string
		fields            [][2]string
		nullable          []string
	}{
		{"/mobility/v1/route/attributes/BaseData?ContentScope=extended", "RouteAttributes", "RouteData", baseWrap, routeFields, nil},
		{"/mobility/v1/stop/attributes/BaseData?ContentScope=Extended", "StopAttributes", "StopData", baseWrap, stopFields, nil},
		{"/mobility/v1/stoppoint/attributes/BaseData?ContentScope=EXTENDED", "StopPointAttributes", "StopPointData", baseWrap, stopPointFields, nil},
		{"/mobility/v1/vehicle/attributes/BaseData?ContentScope=extended", "VehicleAttributes", "VehicleData", baseWrap, vehicleFields, nil},
		{"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=100", "StopPassage", "DepartureData", passWrap, stopPassFields("Departure"), []string{"VehicleNumber", "VehicleCategory"}},
		{"/mobility/v1/stop/passage/Arrivals?StopNumber=1350", "StopPassage", "ArrivalData", passWrap, stopPassFields("Arrival"), []string{"VehicleNumber", "VehicleCategory"}},
		{"/mobility/v1/stoppoint/passage/Departures?StopPointCode=100801&Limit=50", "StopPointPassage", "DepartureData", pointWrap, stopPassFields("Departure")[3:], []string{"VehicleNumber", "VehicleCategory"}},
		{"/mobility/v1/stoppoint/passage/Arrivals?StopPointCode=100801", "StopPointPassage", "ArrivalData", pointWrap, stopPassFields("Arrival")[3:], []string{"VehicleNumber", "VehicleCategory"}},
		{"/mobility/v1/vehicle/trip/Trip", "VehicleTrip", "TripData", []string{"ServiceCategory", "UpdateInterval", "ContentScope", "Filter", "OrderedBy", "CurrentStatus", "CurrentTimestamp"}, tripFields, nil},
		{"/mobility/v1/vehicle/trip/Passage?VehicleNumber=41", "VehiclePassage", "PassageData", append([]string{"Range"}, vehWrap...), passageFields, nil},
	}
	for _, c := range cases {
		t.Run(c.target, func(t *testing.T) {
			w := wrapper(t, getJSON(t, s, c.target, 200), c.top)
			want := append(append([]string{}, c.wrap...), c.list)
			sort.Strings(want)
			if got := keysOf(w); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("wrapper keys\n got %v\nwant %v", got, want)
			}
			if !datetimeRE.MatchString(w["CurrentTimestamp"].(string)) {
				t.Errorf("CurrentTimestamp %v", w["CurrentTimestamp"])
			}
			recs := records(t, w, c.list)
			if len(recs) == 0 {
				t.Fatalf("no records")
			}
			fields := fieldMap(c.fields)
			for _, r := range recs {
				got := map[string]string{}
				flattenKinds("", r, got)
				for k, kind := range got {
					decl, ok := fields[k]
					nullable := false
					for _, n := range c.nullable {
						nullable = nullable || n == k
					}
					if !ok || !compatible(decl, kind, nullable) {
						t.Fatalf("field %s: %s, declared %q", k, kind, decl)
					}
					if decl == "datetime" {
						checkDatetimes(t, r, k)
					}
				}
			}
		})
	}
}

// checkDatetimes checks a top-level datetime field's format.
func checkDatetimes(t *testing.T, r map[string]any, k string) {
	t.Helper()
	if v, ok := r[k].(string); ok && !datetimeRE.MatchString(v) {
		t.Fatalf("%s = %q is not a wire datetime", k, v)
	}
}

// TestWirePatternAndAlert checks the Pattern groups and the alert wrapper.
func TestWirePatternAndAlert(t *testing.T) {
	s, c := newTestService(t, testStart)
	for scope, list := range map[string]string{"Stops": "StopPoints", "track": "TrackPoints", "CARRIAGEWAY": "CarriagewayPoints"} {
		w := wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Pattern?VehicleNumber=41&ContentScope="+scope, 200), "VehiclePattern")
		pd, ok := w["PatternData"].(map[string]any)
		if !ok || len(pd) != 1 {
			t.Fatalf("%s: PatternData %v", scope, w["PatternData"])
		}
		recs := records(t, pd, list)
		fields := fieldMap(patternFields)
		for _, r := range recs {
			got := map[string]string{}
			flattenKinds(list, r, got)
			for k, kind := range got {
				if !compatible(fields[k], kind, false) {
					t.Fatalf("%s: field %s: %s, declared %q", scope, k, kind, fields[k])
				}
			}
		}
	}
	track := records(t, wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=Track", 200), "VehiclePattern")["PatternData"].(map[string]any), "TrackPoints")
	carriage := records(t, wrapper(t, getJSON(t, s, "/mobility/v1/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=Carriageway", 200), "VehiclePattern")["PatternData"].(map[string]any), "CarriagewayPoints")
	if len(carriage) <= 2*len(track) || len(track) < 100 {
		t.Errorf("track %d points, carriageway %d: want a dense track and a denser carriageway", len(track), len(carriage))
	}
	seen := map[string]bool{}
	for i := 0; i < 24*4; i++ {
		w := wrapper(t, getJSON(t, s, "/mobility/v1/passenger/alert/UnplannedAlert", 200), "PassengerAlert")
		st := w["CurrentStatus"].(string)
		want := []string{"CurrentStatus", "CurrentTimestamp", "ServiceCategory", "UpdateInterval"}
		if st == "OK" {
			want = []string{"AlertData", "AlertTitle", "CurrentStatus", "CurrentTimestamp", "ServiceCategory", "UpdateInterval"}
		}
		if got := keysOf(w); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("alert keys %v (status %s)", got, st)
		}
		seen[st] = true
		if st == "OK" && (w["AlertTitle"] == "" || !strings.Contains(w["AlertData"].(string)+" +++ ", " +++ ")) {
			t.Fatalf("alert without content: %v", w)
		}
		c.add(2 * time.Hour)
	}
	if !seen["OK"] || !seen["no result found"] {
		t.Errorf("over 8 days want both alerts and quiet times, saw %v", seen)
	}
}

// captureKeys is the generated fixture of the real captures' key sets.
type captureKeys map[string]struct {
	Wrapper map[string]string `json:"wrapper"`
	Record  map[string]string `json:"record"`
}

// TestCaptureKeySets compares the stop point BaseData (basic) and vehicle
// Passage responses with the key sets and JSON types of the real captures;
// StopPointCode is the spec's integer by design.
func TestCaptureKeySets(t *testing.T) {
	raw, err := os.ReadFile("testdata/capture_keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var fix captureKeys
	if err := json.Unmarshal(raw, &fix); err != nil {
		t.Fatal(err)
	}
	s, _ := newTestService(t, testStart)
	for name, c := range map[string]struct{ target, top, list string }{
		"stoppoint_basic": {"/mobility/v1/stoppoint/attributes/BaseData", "StopPointAttributes", "StopPointData"},
		"vehicle_passage": {"/mobility/v1/vehicle/trip/Passage?VehicleNumber=41&Range=upcoming", "VehiclePassage", "PassageData"},
	} {
		want := fix[name]
		if len(want.Record) == 0 {
			t.Fatalf("%s: empty fixture", name)
		}
		w := wrapper(t, getJSON(t, s, c.target, 200), c.top)
		gotWrap := map[string]string{}
		for k, v := range w {
			gotWrap[k] = jsonKind(v)
		}
		compareKinds(t, name+" wrapper", gotWrap, want.Wrapper)
		got := map[string]string{}
		for _, r := range records(t, w, c.list) {
			flattenKinds("", r, got)
		}
		want.Record["StopPointCode"] = "integer"
		compareKinds(t, name+" record", got, want.Record)
	}
}

func compareKinds(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for k, v := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: key %s missing", what, k)
			continue
		}
		if g != v && (v != "float" || g != "integer") {
			t.Errorf("%s: key %s is %s, capture has %s", what, k, g, v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: key %s not in the capture", what, k)
		}
	}
}
