package feed

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"abfahrt/feed/sim"
	"abfahrt/model"
)

// simBody is the answer of the simulated service at path (below the base).
func simBody(t *testing.T, srv *httptest.Server, path string) []byte {
	t.Helper()
	resp, err := http.Get(srv.URL + "/mobility/v1" + path) //nolint:noctx // a test on loopback
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d, %v", path, resp.StatusCode, err)
	}
	return b
}

// memory is where the strings and the nested lists of a decoded value
// live: each string's bytes and each nested list's elements as a range of
// addresses.
type memory struct {
	strs        []span
	distinct    map[string]bool
	total       int // bytes of all strings
	lists       map[reflect.Type][]span
	nonEmpty    int
	sharedTexts int // strings whose text another string already had
}

type span struct{ start, end uintptr }

func measure(v any) *memory {
	m := &memory{distinct: map[string]bool{}, lists: map[reflect.Type][]span{}}
	m.walk(reflect.ValueOf(v), true)
	return m
}

func (m *memory) walk(v reflect.Value, top bool) {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if s == "" {
			return
		}
		m.nonEmpty++
		m.total += len(s)
		if m.distinct[s] {
			m.sharedTexts++
		}
		m.distinct[s] = true
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		m.strs = append(m.strs, span{p, p + uintptr(len(s))})
	case reflect.Struct:
		for i := range v.NumField() {
			m.walk(v.Field(i), false)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			m.lists[v.Type()] = append(m.lists[v.Type()], span{v.Pointer(), v.Pointer() + v.Type().Elem().Size()})
			m.walk(v.Elem(), false)
		}
	case reflect.Slice:
		if !top && v.Len() > 0 {
			p := v.Pointer()
			m.lists[v.Type()] = append(m.lists[v.Type()], span{p, p + uintptr(v.Len())*v.Type().Elem().Size()})
		}
		for i := range v.Len() {
			m.walk(v.Index(i), false)
		}
	default:
	}
}

// extent is the distance from the lowest to the highest address of spans.
func extent(ss []span) uintptr {
	lo, hi := ^uintptr(0), uintptr(0)
	for _, s := range ss {
		lo, hi = min(lo, s.start), max(hi, s.end)
	}
	return hi - lo
}

// contiguous reports whether the spans, in the order met, follow each
// other without a gap: parts of one array.
func contiguous(ss []span) bool {
	for i := 1; i < len(ss); i++ {
		if ss[i].start != ss[i-1].end {
			return false
		}
	}
	return true
}

// A board keeps the network's base data for as long as it runs. Decoded
// as the JSON decoder leaves it, its thousands of strings and nested
// lists were small objects of their own, scattered among the decoder's
// garbage (about half of a board's heap objects). Each base data answer
// now keeps its text in one string (a text repeated, such as a stop's
// name on its stop points, once) and each kind of nested list in one
// array, equal to what was decoded.
func TestBaseDataLivesInFewAllocations(t *testing.T) {
	srv := httptest.NewServer(sim.New(sim.Options{Seed: 1}))
	defer srv.Close()
	stops, err := DecodeStops(simBody(t, srv, pathStops))
	if err != nil {
		t.Fatal(err)
	}
	points, err := DecodeStopPoints(simBody(t, srv, pathStopPoints))
	if err != nil {
		t.Fatal(err)
	}
	routes, err := DecodeRoutes(simBody(t, srv, pathRoutes+"?ContentScope=extended"))
	if err != nil {
		t.Fatal(err)
	}
	vehicles, err := DecodeVehicles(simBody(t, srv, pathVehicles))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"stops", stops}, {"stop points", points}, {"lines", routes}, {"vehicles", vehicles}} {
		m := measure(c.v)
		distinct := 0
		for s := range m.distinct {
			distinct += len(s)
		}
		if m.nonEmpty < 20 {
			t.Fatalf("%s: %d strings; want the network's", c.name, m.nonEmpty)
		}
		if got := extent(m.strs); got > uintptr(distinct) {
			t.Errorf("%s: %d strings (%d bytes, %d distinct) spread over %d bytes of memory; want them in one string of the distinct texts",
				c.name, m.nonEmpty, m.total, distinct, got)
		}
		for typ, ss := range m.lists {
			if !contiguous(ss) {
				t.Errorf("%s: the %d lists of %v are separate allocations; want parts of one array", c.name, len(ss), typ)
			}
		}
	}
}

// plainList is the list at attr.data of body as the decoder reads it,
// before any compacting.
func plainList[W any](t *testing.T, body []byte, attr, data string) list[W] {
	t.Helper()
	var top, inner map[string]json.RawMessage
	var l list[W]
	if err := json.Unmarshal(body, &top); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(top[attr], &inner); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(inner[data], &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// What the base data's Decode functions return is what the decoder read:
// only where it lives changed.
func TestCompactKeepsTheBaseData(t *testing.T) {
	srv := httptest.NewServer(sim.New(sim.Options{Seed: 1}))
	defer srv.Close()
	body := simBody(t, srv, pathStops)
	want := clean(convert[stopWire, model.Stop](plainList[stopWire](t, body, "StopAttributes", "StopData")))
	got, err := DecodeStops(body)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("stops changed by compacting (%v)", err)
	}

	body = simBody(t, srv, pathStopPoints)
	wantP := clean(convert[stopPointWire, model.StopPoint](plainList[stopPointWire](t, body, "StopPointAttributes", "StopPointData")))
	gotP, err := DecodeStopPoints(body)
	if err != nil || !reflect.DeepEqual(gotP, wantP) {
		t.Errorf("stop points changed by compacting (%v)", err)
	}

	body = simBody(t, srv, pathRoutes+"?ContentScope=extended")
	wantR := clean(convert[routeWire, model.Route](plainList[routeWire](t, body, "RouteAttributes", "RouteData")))
	gotR, err := DecodeRoutes(body)
	if err != nil || !reflect.DeepEqual(gotR, wantR) {
		t.Errorf("lines changed by compacting (%v)", err)
	}

	body = simBody(t, srv, pathVehicles)
	wantV := clean(plainList[model.Vehicle](t, body, "VehicleAttributes", "VehicleData").slice())
	gotV, err := DecodeVehicles(body)
	if err != nil || !reflect.DeepEqual(gotV, wantV) {
		t.Errorf("vehicles changed by compacting (%v)", err)
	}
}

// Nil and empty nested lists stay as decoded, and a list's part of the
// shared array cannot be appended to over its neighbour's records.
func TestCompactKeepsNilAndEmptyApart(t *testing.T) {
	stops := []model.Stop{
		{StopNumber: 1, StopName: "A", StopPoints: nil},
		{StopNumber: 2, StopName: "B", StopPoints: []model.StopStopPoint{}},
		{StopNumber: 3, StopName: "A", StopPoints: []model.StopStopPoint{{StopPointName: "A 1"}, {StopPointName: "A 2"}}},
		{StopNumber: 4, StopName: "C", StopPoints: []model.StopStopPoint{{StopPointName: "C 1", ServicingRoutes: []model.RouteRef{{RouteName: "2"}}}}},
	}
	want := slices.Clone(stops)
	got := compactStops(stops)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("compacted %+v; want %+v", got, want)
	}
	if got[0].StopPoints != nil || got[1].StopPoints == nil {
		t.Errorf("nil and empty lists mixed up: %#v, %#v", got[0].StopPoints, got[1].StopPoints)
	}
	_ = append(got[2].StopPoints, model.StopStopPoint{StopPointName: "X"})
	if got[3].StopPoints[0].StopPointName != "C 1" {
		t.Errorf("an append to one stop's points overwrote the next stop's: %q", got[3].StopPoints[0].StopPointName)
	}
}
