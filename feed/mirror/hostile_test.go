package mirror_test

// Tests of the mirror as a hostile client would use it (issue 21): each
// attack against the real handler on a loopback server, with an upstream
// that counts what reaches it. Every loop is bounded in count, and every
// connection in time.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// rawGet sends target as the request line as it is, without the
// normalisation of net/http's client, and reads the answer.
func rawGet(t *testing.T, hostport, target string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.DialTimeout("tcp", hostport, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, hostport); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %.80s: %v", target, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func hostOf(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Host
}

// Item A: every answer from the cache says its age, Age (RFC 9111): the
// whole seconds since the mirror got it plus the Age the upstream sent;
// a 304 too, and a stale answer keeps its Warning and goes on ageing.
func TestAgeOnEveryAnswer(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	q := h.srv.URL + "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5"

	resp, _ := get(t, http.DefaultClient, q, "")
	if got := resp.Header.Get("Age"); got != "0" {
		t.Errorf("fresh from the upstream: Age %q, want 0", got)
	}
	c.advance(7 * time.Second)
	resp, _ = get(t, http.DefaultClient, q, "")
	if got := resp.Header.Get("Age"); got != "7" {
		t.Errorf("7 s later from the cache: Age %q, want 7", got)
	}
	resp, _ = get(t, http.DefaultClient, q, resp.Header.Get("ETag"))
	if resp.StatusCode != http.StatusNotModified || resp.Header.Get("Age") != "7" {
		t.Errorf("304: %d Age %q, want 304 with Age 7", resp.StatusCode, resp.Header.Get("Age"))
	}
	up.failing.Store(true)
	c.advance(23 * time.Second) // 30 s after the last good answer
	resp, _ = get(t, http.DefaultClient, q, "")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Age") != "30" || resp.Header.Get("Warning") == "" {
		t.Errorf("stale: %d Age %q Warning %q, want 200, Age 30 and the Warning", resp.StatusCode, resp.Header.Get("Age"), resp.Header.Get("Warning"))
	}
	if eh := resp.Header.Get("Access-Control-Expose-Headers"); !strings.Contains(eh, "Age") {
		t.Errorf("Access-Control-Expose-Headers %q lacks Age", eh)
	}

	// An upstream that is itself a cache: its Age counts on.
	var age atomic.Int64
	age.Store(40)
	cacheUp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Age", strconv.FormatInt(age.Load(), 10))
		w.Header().Set("Cache-Control", "public, max-age=10")
		_, _ = io.WriteString(w, `{"VersionInfo":{}}`)
	}))
	defer cacheUp.Close()
	h2 := newHub(t, c, cacheUp.URL+"/mobility/v1")
	resp, _ = get(t, http.DefaultClient, h2.srv.URL+"/mobility/v1/VersionInfo", "")
	if got := resp.Header.Get("Age"); got != "40" {
		t.Errorf("upstream Age 40, just fetched: Age %q, want 40", got)
	}
	c.advance(3 * time.Second)
	resp, _ = get(t, http.DefaultClient, h2.srv.URL+"/mobility/v1/VersionInfo", "")
	if got := resp.Header.Get("Age"); got != "43" {
		t.Errorf("upstream Age 40, 3 s later: Age %q, want 43", got)
	}
	age.Store(99999999999999) // absurd: capped at 2^31 (RFC 9111 1.2.2)
	c.advance(10 * time.Second)
	resp, _ = get(t, http.DefaultClient, h2.srv.URL+"/mobility/v1/VersionInfo", "")
	if got := resp.Header.Get("Age"); got != "2147483648" {
		t.Errorf("upstream Age beyond 2^31: Age %q, want 2147483648", got)
	}
}

// An upstream that is a cache serving its last good answer (deploy/nginx
// while the origin is down, or another hub) says so with Warning 110; the
// hub passes it on, so the boards behind it mark the data stale.
func TestUpstreamStaleWarningPassedOn(t *testing.T) {
	c := &clock{t: t0}
	var stale atomic.Bool
	cacheUp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if stale.Load() {
			w.Header().Set("Warning", `110 nginx "Response is Stale"`)
		}
		_, _ = io.WriteString(w, `{"VersionInfo":{}}`)
	}))
	defer cacheUp.Close()
	h := newHub(t, c, cacheUp.URL+"/mobility/v1")
	u := h.srv.URL + "/mobility/v1/VersionInfo"
	if resp, _ := get(t, http.DefaultClient, u, ""); resp.Header.Get("Warning") != "" {
		t.Errorf("a fresh answer with a Warning: %q", resp.Header.Get("Warning"))
	}
	stale.Store(true)
	c.advance(25 * time.Hour) // past the base data's interval: asked again
	if resp, _ := get(t, http.DefaultClient, u, ""); !strings.HasPrefix(resp.Header.Get("Warning"), "110 ") {
		t.Errorf("the upstream's stale answer is served without Warning 110: %q", resp.Header.Get("Warning"))
	}
}

// Item A: the simulation's marker is passed on per answer as the upstream
// sent it, and Options.Simulated puts it on every answer, errors too.
func TestSimulatedMarker(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c) // the simulation: marks its answers
	h := newHub(t, c, up.base())
	resp, _ := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008", "")
	if resp.Header.Get("Abfahrt-Simulated") != "1" {
		t.Errorf("answer of the simulation through the hub: Abfahrt-Simulated %q, want 1", resp.Header.Get("Abfahrt-Simulated"))
	}
	if eh := resp.Header.Get("Access-Control-Expose-Headers"); !strings.Contains(eh, "Abfahrt-Simulated") {
		t.Errorf("Access-Control-Expose-Headers %q lacks Abfahrt-Simulated", eh)
	}
	// From the cache, 5 s later: still marked.
	c.advance(5 * time.Second)
	resp, _ = get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008", "")
	if resp.Header.Get("Abfahrt-Simulated") != "1" {
		t.Errorf("cached answer of the simulation: Abfahrt-Simulated %q, want 1", resp.Header.Get("Abfahrt-Simulated"))
	}

	realUp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"VersionInfo":{}}`)
	}))
	defer realUp.Close()
	hr := newHub(t, c, realUp.URL+"/mobility/v1")
	resp, _ = get(t, http.DefaultClient, hr.srv.URL+"/mobility/v1/VersionInfo", "")
	if v := resp.Header.Get("Abfahrt-Simulated"); v != "" {
		t.Errorf("answer of a real service: Abfahrt-Simulated %q, want none", v)
	}

	m, err := mirror.New(mirror.Options{Upstream: realUp.URL + "/mobility/v1", Now: c.Now, Simulated: true})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(m.Handler())
	defer hs.Close()
	for _, p := range []string{"/mobility/v1/VersionInfo", "/mobility/v1/no/such/path"} {
		resp, _ = get(t, http.DefaultClient, hs.URL+p, "")
		if resp.Header.Get("Abfahrt-Simulated") != "1" {
			t.Errorf("Options.Simulated, %s (%d): Abfahrt-Simulated %q, want 1", p, resp.StatusCode, resp.Header.Get("Abfahrt-Simulated"))
		}
	}
}

// metricsAndHealthSize is the size of the mirror's own lines of /metrics
// (those of the Go runtime and the process do not depend on clients) and
// of /healthz.
func metricsAndHealthSize(t *testing.T, base string) (own, total, health int) {
	t.Helper()
	_, mb := get(t, http.DefaultClient, base+"/metrics", "")
	for line := range strings.Lines(string(mb)) {
		if strings.Contains(line, "abfahrt_") {
			own += len(line)
		}
	}
	_, hb := get(t, http.DefaultClient, base+"/healthz", "")
	return own, len(mb), len(hb)
}

// Item 11: 4,096 distinct valid queries do not grow /metrics and /healthz:
// their labels come from a fixed set and /healthz names the ten oldest.
func TestMetricsAndHealthBounded(t *testing.T) {
	c := &clock{t: t0}
	// The simulation in process, and the handler called directly: 4,096
	// misses in a few seconds, also under -race.
	svc := sim.New(sim.Options{Seed: 1, Clock: c})
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: sim.NewTransport(svc), Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	handler := m.Handler()
	h := &hub{m: m, srv: httptest.NewServer(handler)}
	defer h.srv.Close()
	ask := func(from, to int) {
		var wg sync.WaitGroup
		var failed atomic.Int64
		next := atomic.Int64{}
		next.Store(int64(from))
		for range 8 {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= to {
						return
					}
					// 4-digit stop numbers, most unknown: 200 with an
					// empty list, cached as any other.
					rec := httptest.NewRecorder()
					handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet,
						fmt.Sprintf("/mobility/v1/stop/passage/Departures?StopNumber=%d&Limit=1", 1000+i), nil))
					if rec.Code != http.StatusOK {
						failed.Add(1)
					}
				}
			})
		}
		wg.Wait()
		if n := failed.Load(); n > 0 {
			t.Fatalf("%d of the queries failed", n)
		}
	}
	ask(0, 16)
	c.advance(time.Second)
	own16, total16, health16 := metricsAndHealthSize(t, h.srv.URL)
	ask(16, 4096)
	c.advance(time.Second)
	own, total, health := metricsAndHealthSize(t, h.srv.URL)
	t.Logf("after 16 queries: /metrics %d B (abfahrt_ lines %d B), /healthz %d B; after 4,096: %d B (%d B), %d B",
		total16, own16, health16, total, own, health)
	if own > 4<<10 || health > 4<<10 {
		t.Errorf("after 4,096 queries: abfahrt_ lines of /metrics %d B, /healthz %d B; want each under 4 KiB", own, health)
	}
	if own > own16+64 || health > health16+64 { // a few more digits in the counters

		t.Errorf("grew with the queries: abfahrt_ lines %d -> %d B, /healthz %d -> %d B", own16, own, health16, health)
	}
	if total > total16+1024 {
		t.Errorf("/metrics grew from %d to %d B with the queries", total16, total)
	}
	// Queries with the longest values a request line allows are named
	// cut short.
	for i := range 12 {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet,
			"/mobility/v1/stoppoint/passage/Departures?StopPointCode="+strings.Repeat(strconv.Itoa(i), 30000), nil))
	}
	c.advance(time.Second)
	_, _, health = metricsAndHealthSize(t, h.srv.URL)
	t.Logf("/healthz after 12 queries of 30,000 bytes: %d B", health)
	if health > 6<<10 {
		t.Errorf("/healthz after queries of 30,000 bytes: %d B; want under 6 KiB", health)
	}
	var hl mirror.Health
	_, hb := get(t, http.DefaultClient, h.srv.URL+"/healthz", "")
	if err := json.Unmarshal(hb, &hl); err != nil {
		t.Fatal(err)
	}
	// The cache holds 4,096 queries: the twelve long ones took the places
	// of the twelve asked for longest ago.
	if hl.SubjectsFresh != 4096 || len(hl.Subjects) != 10 || hl.Endpoints["/stop/passage/Departures"] != 3 {
		t.Errorf("healthz: %d fresh, %d subjects named, worst ages %v; want 4096, 10 and 2 s", hl.SubjectsFresh, len(hl.Subjects), hl.Endpoints)
	}
}

// Item 12: junk parameters do not bust the cache. 2,000 requests for four
// queries, each with random junk (unknown names, names in the wrong case,
// repeated names, shuffled order, empty values, cache-busters), cost the
// upstream one request per query, and the upstream sees the canonical
// query only.
func TestJunkParametersDoNotBustTheCache(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: 10 * time.Second}
	defer hc.CloseIdleConnections()
	rng := rand.New(rand.NewPCG(21, 12))
	junk := func() []string {
		var p []string
		for range 1 + rng.IntN(4) {
			switch rng.IntN(7) {
			case 0:
				p = append(p, "_="+strconv.FormatUint(rng.Uint64(), 10))
			case 1:
				p = append(p, "stopnumber="+strconv.Itoa(1000+rng.IntN(9000)))
			case 2:
				p = append(p, "STOPNUMBER=1350")
			case 3:
				p = append(p, "Range=")
			case 4:
				p = append(p, url.QueryEscape(strconv.FormatUint(rng.Uint64(), 36))+"="+strconv.Itoa(rng.IntN(1e6)))
			case 5:
				p = append(p, "limit="+strconv.Itoa(rng.IntN(100)))
			case 6:
				p = append(p, "x%zz=1") // a name that does not even decode
			}
		}
		return p
	}
	stops, limits := []string{"1008", "1350"}, []string{"5", "10"}
	var failed atomic.Int64
	var wg sync.WaitGroup
	reqs := make(chan string, 2000)
	for i := range 2000 {
		stop, limit := stops[i%2], limits[(i/2)%2]
		params := append(junk(), "StopNumber="+stop, "Limit="+limit)
		rng.Shuffle(len(params), func(a, b int) { params[a], params[b] = params[b], params[a] })
		// A repeated parameter after the first: the first counts.
		params = append(params, "StopNumber=1240", "Limit=99")
		reqs <- stop + " " + strings.Join(params, "&")
	}
	close(reqs)
	for range 16 {
		wg.Go(func() {
			for r := range reqs {
				stop, q, _ := strings.Cut(r, " ")
				resp, err := hc.Get(h.srv.URL + "/mobility/v1/stop/passage/Departures?" + q)
				if err != nil {
					failed.Add(1)
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"StopNumber":`+stop)) {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Errorf("%d of 2,000 requests failed or got another stop's board", n)
	}
	up.mu.Lock()
	defer up.mu.Unlock()
	var seen []string
	for k := range up.perKey {
		seen = append(seen, k)
	}
	sort.Strings(seen)
	// One upstream request per stop: every Limit is cut from the stop's
	// answer of 100.
	want := []string{
		"/mobility/v1/stop/passage/Departures?Limit=100&StopNumber=1008",
		"/mobility/v1/stop/passage/Departures?Limit=100&StopNumber=1350",
	}
	if got := up.total.Load(); got != 2 || strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("2,000 requests with junk cost the upstream %d requests, for\n%s\nwant 2, for\n%s", got, strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	// A parameter of the service that does not decode is refused, not
	// forwarded.
	resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=10%zz", "")
	if resp.StatusCode != http.StatusBadRequest || !bytes.HasPrefix(body, []byte(`{"Error":{"Status":400`)) || up.total.Load() != 2 {
		t.Errorf("undecodable StopNumber: %d %s (upstream requests %d)", resp.StatusCode, body, up.total.Load())
	}
}

// Item 13: only the endpoints of the service leave the hub. Dot segments
// (plain and encoded), doubled slashes around them, %2f, trailing
// slashes, case variants, NULs and very long paths are answered 404 with
// the service's error body, and the upstream sees none of them.
func TestOddPathsNeverReachTheUpstream(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	host := hostOf(t, h.srv.URL)
	targets := []string{
		"/mobility/v1/%2e%2e/%2e%2e/etc/passwd",
		"/mobility/v1/%2E%2E/%2E%2E/etc/passwd",
		"/mobility/v1/../../etc/passwd",
		"/mobility/v1/./VersionInfo",
		"/mobility/v1/stop/passage/../../VersionInfo",
		"/mobility/v1/stop/passage/%2e%2e/%2e%2e/VersionInfo",
		"/mobility/v1//..//..//etc/passwd",
		"//mobility/v1/../../../etc/passwd",
		"/mobility/v1/stop%2fpassage%2fDepartures?StopNumber=1008",
		"/mobility/v1%2fVersionInfo",
		"/mobility/v1/stop/passage/Departures/?StopNumber=1008",
		"/mobility/v1/VersionInfo/",
		"/mobility/v1/STOP/passage/departures?StopNumber=1008",
		"/mobility/v1/versioninfo",
		"/MOBILITY/V1/VersionInfo",
		"/mobility/v1/%53top/passage/Departures?StopNumber=1008",
		"/mobility/v1/stop/passage/Departures%00?StopNumber=1008",
		"/mobility/v1/stop/passage/Departures;x=1?StopNumber=1008",
		"/mobility/v1/VersionInfo%20",
		"/mobility/v1",
		"/mobility/v1/",
		"/mobility/v2/VersionInfo",
		"/",
		"/etc/passwd",
		"/healthz/../mobility/v1/VersionInfo",
		"http://169.254.169.254/latest/meta-data/",
		"http://" + host + "/mobility/v1/%2e%2e/admin",
		"/mobility/v1/" + strings.Repeat("a", 8000),
		"/mobility/v1/" + strings.Repeat("%2e%2e/", 2000) + "etc/passwd",
	}
	for _, target := range targets {
		resp, body := rawGet(t, host, target)
		if resp.StatusCode != http.StatusNotFound || !bytes.HasPrefix(body, []byte(`{"Error":{"Status":404,`)) ||
			resp.Header.Get("Content-Type") != "application/json; charset=utf-8" || len(body) > 512 {
			t.Errorf("GET %.80s: %d %q %d bytes %.120s; want 404 with the service's error body", target, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), body)
		}
	}
	if n := up.total.Load(); n != 0 {
		t.Errorf("the upstream got %d requests for odd paths, want 0: %v", n, up.perKey)
	}
	// A doubled slash is collapsed, as the service does: the upstream gets
	// the clean path once.
	for _, target := range []string{"/mobility/v1//stop/passage/Departures?StopNumber=1008", "/mobility/v1/stop//passage/Departures?StopNumber=1008"} {
		if resp, body := rawGet(t, host, target); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d %.120s, want 200", target, resp.StatusCode, body)
		}
	}
	if n := up.perKey["/mobility/v1/stop/passage/Departures?Limit=100&StopNumber=1008"]; up.total.Load() != 1 || n != 1 {
		t.Errorf("doubled slashes: the upstream got %v, want the clean path once", up.perKey)
	}
}

// Item 14: whatever the upstream calls its body, clients get
// application/json with nosniff; a refusal in HTML becomes the service's
// error body, and a 200 that is not JSON is a failure (502), never served.
func TestContentTypeIsAlwaysJSON(t *testing.T) {
	c := &clock{t: t0}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("StopNumber") {
		case "1008": // JSON, but labelled as HTML
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `{"StopPassage":{"Note":"<script>alert(1)</script>"}}`)
		case "1350": // a refusal in HTML
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `<html><script>alert(document.cookie)</script></html>`)
		default: // a captive portal's 200
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `<html><script>alert(2)</script></html>`)
		}
	}))
	defer up.Close()
	h := newHub(t, c, up.URL+"/mobility/v1")
	for _, tc := range []struct {
		stop   string
		status int
	}{{"1008", 200}, {"1350", 404}, {"1240", 502}} {
		for range 2 { // from the upstream, then from the cache
			resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber="+tc.stop, "")
			if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" ||
				resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("stop %s: %d %q nosniff=%q; want %d application/json; charset=utf-8 nosniff", tc.stop, resp.StatusCode,
					resp.Header.Get("Content-Type"), resp.Header.Get("X-Content-Type-Options"), tc.status)
			}
			if tc.status != 200 && (bytes.Contains(body, []byte("<script>")) || !bytes.HasPrefix(body, []byte(`{"Error":{"Status":`))) {
				t.Errorf("stop %s: body %s; want the service's error body", tc.stop, body)
			}
		}
	}
	// The mirror's own answers too.
	for _, p := range []string{"/mobility/v1/nope", "/healthz"} {
		resp, _ := get(t, http.DefaultClient, h.srv.URL+p, "")
		if resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", p, resp.Header.Get("Content-Type"))
		}
	}
	resp, _ := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/nope", "")
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("404: X-Content-Type-Options %q", resp.Header.Get("X-Content-Type-Options"))
	}
}
