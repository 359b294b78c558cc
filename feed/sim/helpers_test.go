package sim

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testStart is the moment of the real captures.
const testStart = "2026-09-11T12:45:00+02:00"

// manualClock is a clock the test moves by hand.
type manualClock struct{ unix atomic.Int64 }

func (c *manualClock) Now() time.Time      { return time.Unix(c.unix.Load(), 0) }
func (c *manualClock) set(t time.Time)     { c.unix.Store(t.Unix()) }
func (c *manualClock) add(d time.Duration) { c.unix.Add(int64(d / time.Second)) }

func mustTime(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// newTestService returns a service with seed 1 on a manual clock at at.
func newTestService(t testing.TB, at string) (*Service, *manualClock) {
	t.Helper()
	c := &manualClock{}
	c.set(mustTime(t, at))
	return New(Options{Seed: 1, Clock: c}), c
}

// serve runs one request through the handler.
func serve(s http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// getJSON fetches target and decodes the body, failing unless the status is want.
func getJSON(t testing.TB, s http.Handler, target string, want int) map[string]any {
	t.Helper()
	rec := serve(s, http.MethodGet, target)
	if rec.Code != want {
		t.Fatalf("GET %s: status %d, want %d: %s", target, rec.Code, want, rec.Body.String())
	}
	var m map[string]any
	dec := json.NewDecoder(rec.Body)
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("GET %s: body is not JSON: %v", target, err)
	}
	return m
}

// wrapper returns the single top-level object of a response.
func wrapper(t testing.TB, m map[string]any, top string) map[string]any {
	t.Helper()
	if len(m) != 1 {
		t.Fatalf("want one top-level key %s, got %d keys", top, len(m))
	}
	w, ok := m[top].(map[string]any)
	if !ok {
		t.Fatalf("top-level key %s missing or not an object: %v", top, m)
	}
	return w
}

// records returns a wrapper's record list.
func records(t testing.TB, w map[string]any, list string) []map[string]any {
	t.Helper()
	raw, ok := w[list].([]any)
	if !ok {
		t.Fatalf("%s is not a JSON list: %T", list, w[list])
	}
	out := make([]map[string]any, len(raw))
	for i, r := range raw {
		m, ok := r.(map[string]any)
		if !ok {
			t.Fatalf("%s[%d] is not an object", list, i)
		}
		out[i] = m
	}
	return out
}

func num(t testing.TB, v any) int64 {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("want a number, got %T %v", v, v)
	}
	i, err := n.Int64()
	if err != nil {
		t.Fatalf("want an integer, got %v", n)
	}
	return i
}

// syncWriter serialises writes from server goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

// String returns what was written so far.
func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// silentNow tells whether the vehicle with the given number has stopped
// reporting at now (its last report is older).
func silentNow(s *Service, vehicle string, now time.Time) bool {
	n, err := strconv.Atoi(vehicle)
	if err != nil {
		return false
	}
	vi, ok := s.net.fleetByNum[n]
	return ok && newReports(s.seed, now.Unix()).of(int32(vi)) < now.Unix()
}
