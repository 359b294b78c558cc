package feed_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
)

// prefix is the path prefix of the service, as in the real deployment.
const prefix = "/mobility/v1"

// fake is a mobility/v1 service serving fixtures and recording requests.
type fake struct {
	t    testing.TB
	mux  *http.ServeMux
	srv  *httptest.Server
	base string

	mu   sync.Mutex
	reqs []*http.Request
}

// setup starts a fake service and a Client of it. The client's disk cache
// is in a fresh temporary directory unless opts say otherwise.
func setup(t testing.TB, opts ...feed.Option) (*feed.Client, *fake) {
	t.Helper()
	f := &fake{t: t, mux: http.NewServeMux()}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.reqs = append(f.reqs, r.Clone(context.Background()))
		f.mu.Unlock()
		f.mux.ServeHTTP(w, r)
	}))
	t.Cleanup(f.srv.Close)
	f.base = f.srv.URL + prefix
	c, err := feed.NewClient(f.base, append([]feed.Option{feed.WithCacheDir(t.TempDir())}, opts...)...)
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	return c, f
}

// handle serves a fixture of testdata at path (below the prefix), with an
// ETag and 304 answers to a matching If-None-Match.
func (f *fake) handle(path, fixture string) {
	body := readFixture(f.t, fixture)
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	f.mux.HandleFunc(prefix+path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(body)
	})
}

// handleFunc serves path with h.
func (f *fake) handleFunc(path string, h http.HandlerFunc) { f.mux.HandleFunc(prefix+path, h) }

// requests returns the requests received so far.
func (f *fake) requests() []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*http.Request(nil), f.reqs...)
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	return b
}

// clock is a settable clock for WithClock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 9, 11, 12, 49, 34, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
