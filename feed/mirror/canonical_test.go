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
// spec spells them, the first occurrence, empty values dropped, in the
// order url.Values.Encode sends them.
func TestCanonicalQuery(t *testing.T) {
	dep := endpoints["/stop/passage/Departures"].params
	for _, tc := range []struct{ raw, want string }{
		{"StopNumber=1008&Limit=5", "Limit=5&StopNumber=1008"},
		{"Limit=5&StopNumber=1008", "Limit=5&StopNumber=1008"},
		{"_=1700000000&StopNumber=1008", "StopNumber=1008"},
		{"stopnumber=1350&StopNumber=1008", "StopNumber=1008"},
		{"StopNumber=1008&StopNumber=1350", "StopNumber=1008"},
		{"StopNumber=&StopNumber=1350", ""}, // the first counts, and it is empty
		{"Limit=&StopNumber=1008", "StopNumber=1008"},
		{"%53topNumber=1008", "StopNumber=1008"},
		{"StopNumber=10%2008", "StopNumber=10+08"},
		{"x%zz=1&StopNumber=1008", "StopNumber=1008"},
		{"&&=&StopNumber=1008&", "StopNumber=1008"},
		{"StopNumber=1008;Limit=5", "StopNumber=1008%3BLimit%3D5"},
		{"Range=all&VehicleNumber=41", ""},
		{"", ""},
	} {
		got, err := canonicalQuery(tc.raw, dep)
		if err != nil || got != tc.want {
			t.Errorf("%q: %q, %v; want %q", tc.raw, got, err, tc.want)
		}
	}
	if _, err := canonicalQuery("StopNumber=10%zz", dep); err == nil {
		t.Error("StopNumber=10%zz: no error")
	}
	if got, _ := canonicalQuery("StopNumber=1008", nil); got != "" {
		t.Errorf("an endpoint without parameters: %q", got)
	}
	// Every endpoint's parameters are sorted as url.Values.Encode sorts.
	for p, ep := range endpoints {
		v := url.Values{}
		for _, n := range ep.params {
			v.Set(n, "1")
		}
		got, _ := canonicalQuery(v.Encode(), ep.params)
		if got != v.Encode() {
			t.Errorf("%s: %q, want %q", p, got, v.Encode())
		}
	}
}

// BenchmarkCanonicalQuery: a board's query with a browser's cache-buster.
func BenchmarkCanonicalQuery(b *testing.B) {
	dep := endpoints["/stop/passage/Departures"].params
	b.ReportAllocs()
	for b.Loop() {
		if _, err := canonicalQuery("StopNumber=1008&Limit=20&_=1764064800123", dep); err != nil {
			b.Fatal(err)
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
