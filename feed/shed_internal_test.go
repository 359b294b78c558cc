package feed

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/model"
)

// A board loads the whole network's base data once at start and keeps it
// decoded; the client kept every raw answer as well, for a day, to
// revalidate it (0.7 MB for the Ulm network: the largest part of a
// board's live heap). Once decoded the raw answer is let go: the cache
// keeps its ETag and lifetime, a second caller within the day gets the
// decoded stops without a request, and after the day a 304 still answers.
func TestDecodedBaseDataIsNotKeptRaw(t *testing.T) {
	var requests, notModified atomic.Int32
	body := []byte(`{"StopAttributes":{"StopData":[{"StopNumber":1008,"StopName":"Hauptbahnhof"}]}}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			notModified.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	now := time.Date(2026, 9, 11, 7, 30, 0, 0, time.UTC)
	c, err := NewClient(srv.URL, WithCacheDir(""), WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	stops := func() []model.Stop {
		t.Helper()
		s, err := c.Stops(ctx, model.ScopeBasic, 0)
		if err != nil || len(s) != 1 || s[0].StopName != "Hauptbahnhof" {
			t.Fatalf("stops: %v, %v", s, err)
		}
		return s
	}
	first := stops()
	if c.mem.bytes != 0 {
		t.Errorf("the client keeps %d bytes of raw answers after decoding the network's stops; want 0", c.mem.bytes)
	}
	if again := stops(); &again[0] != &first[0] || requests.Load() != 1 {
		t.Errorf("a second caller within the day: %d requests, shared %v; want 1 request and the decoded stops",
			requests.Load(), &again[0] == &first[0])
	}
	now = now.Add(BaseTTL + time.Minute)
	stops()
	if requests.Load() != 2 || notModified.Load() != 1 {
		t.Errorf("after the day: %d requests, %d answered 304; want a revalidation answered 304", requests.Load(), notModified.Load())
	}
	// The decoded value gone (say, the client's share replaced), a shed
	// entry asks again rather than decoding nothing.
	c.shared.mu.Lock()
	c.shared.m = nil
	c.shared.mu.Unlock()
	stops()
	if requests.Load() != 3 {
		t.Errorf("with the decoded stops gone: %d requests; want the answer asked again", requests.Load())
	}
}
