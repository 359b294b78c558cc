package mirror

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The cache key's query: the endpoint's parameters only, names as the
// spec spells them, the first occurrence, empty values dropped, values in
// the service's spelling, in the order url.Values.Encode sends them; on
// the endpoints with Limit always Limit=100, the client's Limit apart.
// A value the service refuses is refused, naming the parameter.
func TestCanonicalQuery(t *testing.T) {
	for _, tc := range []struct {
		path, raw, want string
		limit           int
		refused         string
	}{
		{"/stop/passage/Departures", "StopNumber=1008&Limit=5", "Limit=100&StopNumber=1008", 5, ""},
		{"/stop/passage/Departures", "Limit=5&StopNumber=1008", "Limit=100&StopNumber=1008", 5, ""},
		{"/stop/passage/Departures", "_=1700000000&StopNumber=1008", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "stopnumber=1350&StopNumber=1008", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "StopNumber=1008&StopNumber=1350", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "StopNumber=&StopNumber=1350", "", 0, "StopNumber"}, // the first counts, and it is empty
		{"/stop/passage/Departures", "Limit=&StopNumber=1008", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "Limit=0250&StopNumber=1008", "Limit=100&StopNumber=1008", 100, ""},
		{"/stop/passage/Departures", "Limit=99999999999999999999&StopNumber=1008", "Limit=100&StopNumber=1008", 100, ""},
		{"/stop/passage/Departures", "Limit=0&StopNumber=1008", "", 0, "Limit"},
		{"/stop/passage/Departures", "Limit=-3&StopNumber=1008", "", 0, "Limit"},
		{"/stop/passage/Departures", "%53topNumber=1008", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "StopNumber=10%2008", "", 0, "StopNumber"},
		{"/stop/passage/Departures", "x%zz=1&StopNumber=1008", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "&&=&StopNumber=1008&", "Limit=100&StopNumber=1008", 10, ""},
		{"/stop/passage/Departures", "StopNumber=1008;Limit=5", "", 0, "StopNumber"},
		{"/stop/passage/Departures", "StopNumber=1008'%20OR%201=1", "", 0, "StopNumber"},
		{"/stop/passage/Departures", "Range=all&VehicleNumber=41", "", 0, "StopNumber"},
		{"/stoppoint/passage/Arrivals", "StopPointCode=100821&Limit=3", "Limit=100&StopPointCode=100821", 3, ""},
		{"/stoppoint/passage/Arrivals", "StopPointCode=de:08421:1008:1:1", "Limit=100&StopPointCode=de%3A08421%3A1008%3A1%3A1", 10, ""},
		{"/stoppoint/passage/Arrivals", "StopPointCode=abcdef", "", 0, "StopPointCode"},
		{"/stoppoint/attributes/BaseData", "StopPointCode=0&ContentScope=extended", "ContentScope=Extended", 0, ""},
		{"/stop/attributes/BaseData", "ContentScope=foo", "", 0, "ContentScope"},
		{"/vehicle/trip/Trip", "VehicleNumber=0", "", 0, ""},
		{"/vehicle/trip/Trip", "VehicleNumber=0041", "VehicleNumber=41", 0, ""},
		{"/vehicle/trip/Trip", "VehicleNumber=abc", "", 0, "VehicleNumber"},
		{"/vehicle/trip/Passage", "VehicleNumber=0", "", 0, "VehicleNumber"},
		{"/vehicle/trip/Passage", "VehicleNumber=41&Range=3", "VehicleNumber=41", 0, ""},
		{"/vehicle/trip/Passage", "VehicleNumber=41&Range=upcomming", "Range=Upcoming&VehicleNumber=41", 0, ""},
		{"/vehicle/trip/Pattern", "VehicleNumber=41&ContentScope=stops", "ContentScope=Stops&VehicleNumber=41", 0, ""},
		{"/route/attributes/BaseData", "RouteNumber=12345", "", 0, "RouteNumber"},
		{"/VersionInfo", "StopNumber=1008", "", 0, ""},
	} {
		q, perr, err := parseQuery(tc.raw, endpoints[tc.path])
		if err != nil {
			t.Errorf("%s?%s: %v", tc.path, tc.raw, err)
			continue
		}
		if tc.refused != "" {
			if perr == nil || perr.param != tc.refused {
				t.Errorf("%s?%s: %+v, %+v; want %s refused", tc.path, tc.raw, q, perr, tc.refused)
			}
			continue
		}
		if perr != nil || q.upstream != tc.want || q.limit != tc.limit {
			t.Errorf("%s?%s: %q limit %d (%v); want %q limit %d", tc.path, tc.raw, q.upstream, q.limit, perr, tc.want, tc.limit)
		}
	}
	if _, _, err := parseQuery("StopNumber=10%zz", endpoints["/stop/passage/Departures"]); err == nil {
		t.Error("StopNumber=10%zz: no error")
	}
	// Every endpoint's parameters are sorted as url.Values.Encode sorts.
	for p, ep := range endpoints {
		v := url.Values{}
		for _, n := range ep.params {
			v.Set(n, map[string]string{"Limit": "100", "StopNumber": "1008", "StopPointCode": "100821",
				"ContentScope":  map[bool]string{true: "Track", false: "Basic"}[p == "/vehicle/trip/Pattern"],
				"VehicleNumber": "41", "RouteNumber": "2", "Range": "All"}[n])
		}
		q, perr, err := parseQuery(v.Encode(), ep)
		if err != nil || perr != nil || q.upstream != v.Encode() {
			t.Errorf("%s: %q (%v %v), want %q", p, q.upstream, perr, err, v.Encode())
		}
	}
}

// BenchmarkCanonicalQuery: a board's query with a browser's cache-buster.
func BenchmarkCanonicalQuery(b *testing.B) {
	dep := endpoints["/stop/passage/Departures"]
	b.ReportAllocs()
	for b.Loop() {
		if _, perr, err := parseQuery("StopNumber=1008&Limit=20&_=1764064800123", dep); err != nil || perr != nil {
			b.Fatal(err, perr)
		}
	}
}

// BenchmarkHealth4096: /healthz's and a scrape's view of a full cache
// (maxEntries queries), which they summarise to a bounded size.
func BenchmarkHealth4096(b *testing.B) {
	m, err := New(Options{Upstream: "http://127.0.0.1:1/mobility/v1"})
	if err != nil {
		b.Fatal(err)
	}
	now := m.now()
	for i := range maxEntries {
		key := "/stop/passage/Departures?StopNumber=" + strconv.Itoa(1000+i)
		m.slots[key] = &slot{key: key, endpoint: "/stop/passage/Departures", asked: now,
			cur: &entry{status: 200, fetched: now.Add(-time.Duration(i) * time.Millisecond), expires: now.Add(time.Minute)}}
	}
	b.ReportAllocs()
	for b.Loop() {
		if h := m.Health(); len(h.Subjects) != maxHealthSubjects {
			b.Fatal(len(h.Subjects))
		}
	}
}

// /healthz names a query of any length in at most maxSubjectLen bytes
// (and "..."), and a last error likewise.
func TestHealthCutsLongSubjects(t *testing.T) {
	m, err := New(Options{Upstream: "http://127.0.0.1:1/mobility/v1"})
	if err != nil {
		t.Fatal(err)
	}
	now := m.now()
	for i := range 20 {
		key := "/stoppoint/passage/Departures?StopPointCode=" + strings.Repeat("ä", 20000) + strconv.Itoa(i)
		m.slots[key] = &slot{key: key, endpoint: "/stoppoint/passage/Departures", asked: now,
			cur: &entry{status: 400, fetched: now.Add(-time.Second), expires: now.Add(time.Minute)}}
	}
	m.up = upstreamState{known: true, lastErr: strings.Repeat("x", 70000)}
	h := m.Health()
	if len(h.Subjects) != maxHealthSubjects || len(h.LastError) > maxErrorLen+3 {
		t.Fatalf("%d subjects, last error of %d bytes", len(h.Subjects), len(h.LastError))
	}
	for _, s := range h.Subjects {
		if len(s.Subject) > maxSubjectLen+3 || !utf8.ValidString(s.Subject) {
			t.Errorf("subject of %d bytes (valid UTF-8: %v)", len(s.Subject), utf8.ValidString(s.Subject))
		}
	}
}
