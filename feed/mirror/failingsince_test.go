package mirror_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed/mirror"
)

// syncBuf is a bytes.Buffer safe for the mirror's logger.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// An outage is told by its first failure (issue 32 item 8): /healthz's
// failing_since and the recovery's log line name when the upstream began
// to fail, not its last failed request, and the recovery says how long and
// how many requests failed, at INFO.
func TestFailingSinceIsTheFirstFailure(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	var log syncBuf
	m, err := mirror.New(mirror.Options{Upstream: up.base(), Now: c.Now, StaleFor: 10 * time.Minute,
		Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m.Handler())
	t.Cleanup(srv.Close)
	q := srv.URL + "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5"
	get(t, http.DefaultClient, q, "")

	up.failing.Store(true)
	c.advance(20 * time.Second)
	first := c.Now()
	get(t, http.DefaultClient, q, "")
	for range 6 {
		c.advance(20 * time.Second)
		get(t, http.DefaultClient, q, "")
	}
	_, hb := get(t, http.DefaultClient, srv.URL+"/healthz", "")
	var health struct {
		FailingSince *time.Time `json:"failing_since"`
	}
	if err := json.Unmarshal(hb, &health); err != nil {
		t.Fatal(err)
	}
	if health.FailingSince == nil || !health.FailingSince.Equal(first) {
		t.Errorf("healthz failing_since %v, want the first failure %v: %s", health.FailingSince, first, hb)
	}

	up.failing.Store(false)
	c.advance(20 * time.Second)
	get(t, http.DefaultClient, q, "")
	var back string
	for _, l := range strings.Split(log.String(), "\n") {
		if strings.Contains(l, "upstream back") {
			back = l
		}
	}
	if !strings.Contains(back, "level=INFO") || !strings.Contains(back, "failing_since="+first.Format(time.RFC3339)) ||
		!strings.Contains(back, "failed_for=2m20s") || !strings.Contains(back, "failed_requests=7") {
		t.Errorf("the recovery's line does not name the first failure, the length and count: %q\nlog:\n%s", back, log.String())
	}
	_, hb = get(t, http.DefaultClient, srv.URL+"/healthz", "")
	if strings.Contains(string(hb), "failing_since") {
		t.Errorf("healthz still says failing_since after the recovery: %s", hb)
	}
}
