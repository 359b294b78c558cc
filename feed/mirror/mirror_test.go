package mirror_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// clock is a manual clock shared by the simulation and the mirror.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// upstream is the simulation on a loopback server that counts requests
// per query and can be made to fail.
type upstream struct {
	srv     *httptest.Server
	svc     *sim.Service
	total   atomic.Int64
	mu      sync.Mutex
	perKey  map[string]int
	failing atomic.Bool
}

func newUpstream(t *testing.T, c *clock) *upstream {
	t.Helper()
	u := &upstream{svc: sim.New(sim.Options{Seed: 1, Clock: c}), perKey: map[string]int{}}
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.total.Add(1)
		u.mu.Lock()
		u.perKey[r.URL.Path+"?"+r.URL.RawQuery]++
		u.mu.Unlock()
		if u.failing.Load() {
			http.Error(w, "<html>maintenance</html>", http.StatusServiceUnavailable)
			return
		}
		u.svc.ServeHTTP(w, r)
	}))
	t.Cleanup(u.srv.Close)
	return u
}

func (u *upstream) base() string { return u.srv.URL + "/mobility/v1" }

type hub struct {
	m   *mirror.Mirror
	srv *httptest.Server
}

func newHub(t *testing.T, c *clock, up string) *hub {
	t.Helper()
	m, err := mirror.New(mirror.Options{Upstream: up, Now: c.Now, StaleFor: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(m.Handler())
	srv.Config.ConnState = m.ConnState
	srv.Start()
	t.Cleanup(srv.Close)
	return &hub{m: m, srv: srv}
}

var t0 = time.Date(2026, 9, 11, 7, 30, 0, 0, time.UTC)

func get(t *testing.T, hc *http.Client, u, etag string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// 50 clients over 5 stops for two simulated minutes cost the upstream one
// request per stop per 15-second interval: 5 × 8 = 40. Clients that ask
// again within an interval with their ETag get 304 without a body.
func TestFiftyClientsFiveStopsTwoMinutes(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	stops := []int{1008, 1350, 1240, 1010, 1200}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer hc.CloseIdleConnections()

	etags := make([]string, 50)
	var ok200, ok304 atomic.Int64
	var failures atomic.Int64
	for sec := 0; sec < 120; sec += 3 {
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				u := fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=%d&Limit=20", h.srv.URL, stops[i%5])
				req, _ := http.NewRequest(http.MethodGet, u, nil)
				if etags[i] != "" {
					req.Header.Set("If-None-Match", etags[i])
				}
				resp, err := hc.Do(req)
				if err != nil {
					failures.Add(1)
					return
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusOK:
					ok200.Add(1)
					if !bytes.Contains(body, []byte(`"StopNumber":`+strconv.Itoa(stops[i%5]))) {
						failures.Add(1)
					}
					etags[i] = resp.Header.Get("ETag")
				case http.StatusNotModified:
					ok304.Add(1)
					if len(body) != 0 {
						failures.Add(1)
					}
				default:
					failures.Add(1)
				}
			}()
		}
		wg.Wait()
		c.advance(3 * time.Second)
	}
	if n := failures.Load(); n != 0 {
		t.Fatalf("%d client requests failed or got another stop's board", n)
	}
	if got, want := up.total.Load(), int64(5*8); got != want {
		t.Errorf("upstream got %d requests, want %d (5 stops × 8 intervals of 15 s in 2 min); per query: %v", got, want, up.perKey)
	}
	for k, n := range up.perKey {
		if n != 8 {
			t.Errorf("upstream got %s %d times, want 8", k, n)
		}
	}
	if ok304.Load() == 0 || ok200.Load() == 0 {
		t.Errorf("got %d answers 200 and %d answers 304; want both", ok200.Load(), ok304.Load())
	}
	t.Logf("client answers: %d × 200, %d × 304; upstream requests: %d", ok200.Load(), ok304.Load(), up.total.Load())
}

// The body is the upstream's, byte for byte, and max-age counts down what
// is left of the interval.
func TestByteExactAndMaxAge(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	q := "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5"

	direct, directBody := get(t, http.DefaultClient, up.srv.URL+q, "")
	resp, body := get(t, http.DefaultClient, h.srv.URL+q, "")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, directBody) {
		t.Fatalf("mirror answered %d with a body different from the upstream's:\n%s\n%s", resp.StatusCode, body, directBody)
	}
	// The answer is cut from the stop's answer of 100: its ETag is that
	// one's with the Limit.
	if et, up := resp.Header.Get("ETag"), direct.Header.Get("ETag"); et == "" || et == up || !strings.HasSuffix(et, `.L5"`) {
		t.Errorf("ETag %q (upstream's for Limit=5 %q); want the cut's own", et, up)
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=15,") {
		t.Errorf("fresh answer: Cache-Control %q, want max-age=15", cc)
	}
	c.advance(4 * time.Second)
	resp, _ = get(t, http.DefaultClient, h.srv.URL+q, "")
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=11,") {
		t.Errorf("4 s later: Cache-Control %q, want max-age=11", cc)
	}
	resp, body = get(t, http.DefaultClient, h.srv.URL+q, resp.Header.Get("ETag"))
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("with its ETag: %d and %d bytes, want 304 without a body", resp.StatusCode, len(body))
	}
	// A gzip client gets the same bytes once decoded.
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	resp, body = get(t, &http.Client{Transport: tr}, h.srv.URL+q, "")
	if !resp.Uncompressed || !bytes.Equal(body, directBody) {
		t.Errorf("gzip answer: uncompressed=%v, same body=%v", resp.Uncompressed, bytes.Equal(body, directBody))
	}
}

// When the upstream fails, the last good answer is served for StaleFor with
// its own CurrentTimestamp, /healthz says so, and the upstream is asked at
// most every few seconds meanwhile; past StaleFor the mirror says 502.
func TestStaleIfError(t *testing.T) {
	for _, how := range []string{"503", "dead"} {
		t.Run(how, func(t *testing.T) {
			c := &clock{t: t0}
			up := newUpstream(t, c)
			h := newHub(t, c, up.base())
			q := "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5"
			_, good := get(t, http.DefaultClient, h.srv.URL+q, "")
			var ts struct {
				StopPassage struct{ CurrentTimestamp string }
			}
			if err := json.Unmarshal(good, &ts); err != nil || ts.StopPassage.CurrentTimestamp == "" {
				t.Fatalf("no CurrentTimestamp in %s (%v)", good, err)
			}
			if how == "503" {
				up.failing.Store(true)
			} else {
				up.srv.Close()
			}
			before := up.total.Load()
			for i := range 20 { // 60 simulated seconds, a request every 3 s
				c.advance(3 * time.Second)
				resp, body := get(t, http.DefaultClient, h.srv.URL+q, "")
				if resp.StatusCode != http.StatusOK || !bytes.Equal(body, good) {
					t.Fatalf("upstream %s: %d %s; want the last good answer", how, resp.StatusCode, body)
				}
				if stale := (i+1)*3 >= 15; stale != (resp.Header.Get("Warning") != "") {
					t.Errorf("%d s after the last good answer: Warning %q", (i+1)*3, resp.Header.Get("Warning"))
				}
			}
			if how == "503" {
				if n := up.total.Load() - before; n > 12 {
					t.Errorf("the failing upstream was asked %d times in 60 s; want at most one every 5 s", n)
				}
			}
			hr, hb := get(t, http.DefaultClient, h.srv.URL+"/healthz", "")
			var health mirror.Health
			if err := json.Unmarshal(hb, &health); err != nil {
				t.Fatal(err)
			}
			if hr.StatusCode != http.StatusServiceUnavailable || health.UpstreamReachable || health.Status != "stale" ||
				health.DataAgeSeconds < 60 || health.LastError == "" {
				t.Errorf("healthz while failing: %d %s", hr.StatusCode, hb)
			}
			c.advance(2 * time.Minute)
			resp, body := get(t, http.DefaultClient, h.srv.URL+q, "")
			if resp.StatusCode != http.StatusBadGateway {
				t.Errorf("past stale-for: %d %s; want 502", resp.StatusCode, body)
			}
		})
	}
}

// /healthz and /metrics say what the hub does.
func TestHealthAndMetrics(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	for _, stop := range []int{1008, 1350} {
		for range 3 {
			get(t, http.DefaultClient, fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=%d", h.srv.URL, stop), "")
		}
	}
	c.advance(5 * time.Second)
	hr, hb := get(t, http.DefaultClient, h.srv.URL+"/healthz", "")
	var health mirror.Health
	if err := json.Unmarshal(hb, &health); err != nil {
		t.Fatal(err)
	}
	if hr.StatusCode != http.StatusOK || health.Status != "ok" || !health.UpstreamReachable ||
		len(health.Subjects) != 2 || health.DataAgeSeconds != 5 {
		t.Errorf("healthz: %d %s", hr.StatusCode, hb)
	}
	_, mb := get(t, http.DefaultClient, h.srv.URL+"/metrics", "")
	metrics := string(mb)
	for _, want := range []string{
		`abfahrt_upstream_requests_total{endpoint="/stop/passage/Departures",status="200"} 2`,
		`abfahrt_mirror_cache_hits_total{endpoint="/stop/passage/Departures"} 4`,
		`abfahrt_mirror_requests_total{endpoint="/stop/passage/Departures",status="200"} 6`,
		`abfahrt_data_age_seconds{endpoint="/stop/passage/Departures"} 5`,
		`abfahrt_mirror_subjects{state="fresh"} 2`,
		`abfahrt_upstream_up 1`,
		`abfahrt_mirror_clients `,
		`go_goroutines `,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(metrics)
	}
}

// A board's feed client works against the mirror unchanged.
func TestFeedClientThroughMirror(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	fc, err := feed.NewClient(h.srv.URL+"/mobility/v1", feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	b, err := fc.StopDepartures(t.Context(), 1008, 10)
	if err != nil || b.StopNumber != 1008 || len(b.Events) == 0 {
		t.Fatalf("departures through the mirror: stop %d, %d rows, %v", b.StopNumber, len(b.Events), err)
	}
}

// Answers that would poison the cache are upstream failures: a 200 that
// is not JSON keeps the last good answer.
func TestNonJSONIsAFailure(t *testing.T) {
	c := &clock{t: t0}
	var broken atomic.Bool
	svc := sim.New(sim.Options{Seed: 1, Clock: c})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if broken.Load() {
			_, _ = io.WriteString(w, "<html>captive portal</html>")
			return
		}
		svc.ServeHTTP(w, r)
	}))
	defer srv.Close()
	h := newHub(t, c, srv.URL+"/mobility/v1")
	q := "/mobility/v1/stop/passage/Departures?StopNumber=1008"
	_, good := get(t, http.DefaultClient, h.srv.URL+q, "")
	broken.Store(true)
	c.advance(20 * time.Second)
	resp, body := get(t, http.DefaultClient, h.srv.URL+q, "")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, good) {
		t.Errorf("after a non-JSON answer: %d %.80s; want the last good answer", resp.StatusCode, body)
	}
}

// An upstream that hangs does not hold clients who have an answer to fall
// back on: they get the last good one while the refresh goes on.
func TestSlowUpstreamServesStale(t *testing.T) {
	c := &clock{t: t0}
	svc := sim.New(sim.Options{Seed: 1, Clock: c})
	hold := make(chan struct{})
	var held atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if held.Load() {
			select {
			case <-hold:
			case <-r.Context().Done():
				return
			}
		}
		svc.ServeHTTP(w, r)
	}))
	defer srv.Close()
	defer close(hold)
	m, err := mirror.New(mirror.Options{Upstream: srv.URL + "/mobility/v1", Now: c.Now, Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	hub := httptest.NewServer(m.Handler())
	defer hub.Close()
	q := "/mobility/v1/stop/passage/Departures?StopNumber=1008"
	_, good := get(t, http.DefaultClient, hub.URL+q, "")
	held.Store(true)
	c.advance(20 * time.Second)
	resp, body := get(t, &http.Client{Timeout: time.Minute}, hub.URL+q, "")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, good) || resp.Header.Get("Warning") == "" {
		t.Errorf("while the upstream hangs: %d, same body %v, Warning %q", resp.StatusCode, bytes.Equal(body, good), resp.Header.Get("Warning"))
	}
}
