package mirror_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// stopPassage is what a client reads of a stop's departures.
type stopPassage struct {
	StopPassage struct {
		StopNumber       int
		Limit            int
		CurrentTimestamp string
		DepartureData    []json.RawMessage
	}
}

func decodePassage(t *testing.T, body []byte) stopPassage {
	t.Helper()
	var p stopPassage
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("%v: %.200s", err, body)
	}
	return p
}

// Issue 32 item 1: 100 clients asking one stop with Limits 1..100 at once
// cost the upstream one request per interval, and each gets what the
// service answers its Limit: the same bytes (wrapper, fields,
// CurrentTimestamp, the Limit echo), the list cut to its Limit, with an
// ETag of its own per Limit.
func TestEveryLimitFromOneAnswerPerStop(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
	defer hc.CloseIdleConnections()
	for round := range 2 {
		bodies := make([][]byte, 101)
		etags := make([]string, 101)
		var wg sync.WaitGroup
		for limit := 1; limit <= 100; limit++ {
			wg.Go(func() {
				resp, body := get(t, hc, fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=%d", h.srv.URL, limit), "")
				if resp.StatusCode != http.StatusOK {
					t.Errorf("Limit=%d: %d %s", limit, resp.StatusCode, body)
				}
				bodies[limit], etags[limit] = body, resp.Header.Get("ETag")
			})
		}
		wg.Wait()
		if got := up.total.Load(); got != int64(round+1) {
			t.Fatalf("round %d: 100 clients with Limits 1..100 cost the upstream %d requests in all, want %d: %v", round, got, round+1, up.perKey)
		}
		seen := map[string]int{}
		for limit := 1; limit <= 100; limit++ {
			p := decodePassage(t, bodies[limit])
			if n := len(p.StopPassage.DepartureData); n > limit || p.StopPassage.Limit != limit || p.StopPassage.StopNumber != 1008 {
				t.Errorf("Limit=%d: %d departures, Limit echo %d, stop %d", limit, n, p.StopPassage.Limit, p.StopPassage.StopNumber)
			}
			if other, dup := seen[etags[limit]]; dup || etags[limit] == "" {
				t.Errorf("Limit=%d: ETag %q, the same as Limit=%d's", limit, etags[limit], other)
			}
			seen[etags[limit]] = limit
		}
		// Byte for byte what the service answers these Limits.
		for _, limit := range []int{1, 5, 12, 40, 100} {
			_, direct := get(t, http.DefaultClient, fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=%d", up.srv.URL, limit), "")
			if !bytes.Equal(bodies[limit], direct) {
				t.Errorf("Limit=%d: the hub's answer differs from the service's:\nhub     %.300s\nservice %.300s", limit, bodies[limit], direct)
			}
		}
		up.total.Add(-5) // the direct requests above
		c.advance(15 * time.Second)
	}
	// A client without Limit gets the service's default of 10, and its
	// ETag again gets a 304.
	resp, body := get(t, hc, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008", "")
	if p := decodePassage(t, body); resp.StatusCode != http.StatusOK || p.StopPassage.Limit != 10 || len(p.StopPassage.DepartureData) != 10 {
		t.Errorf("without Limit: %d, Limit echo %d, %d departures; want 10", resp.StatusCode, p.StopPassage.Limit, len(p.StopPassage.DepartureData))
	}
	if resp, _ := get(t, hc, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008", resp.Header.Get("ETag")); resp.StatusCode != http.StatusNotModified {
		t.Errorf("without Limit, with its ETag: %d, want 304", resp.StatusCode)
	}
}

// Issue 32 item 1: during an outage, every client of a stop gets the
// stop's last good departures, whatever its Limit and though only one
// Limit was ever asked: a board of another size, a kiosk that just
// rebooted. Marked stale (Warning 110, Age), with the CurrentTimestamp of
// the last good answer.
func TestStaleByStopForAnyLimit(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	q := h.srv.URL + "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit="
	_, good := get(t, http.DefaultClient, q+"20", "")
	goodTS := decodePassage(t, good).StopPassage.CurrentTimestamp
	up.srv.Close()
	c.advance(40 * time.Second)
	for _, limit := range []int{12, 5, 20, 100} {
		resp, body := get(t, http.DefaultClient, q+strconv.Itoa(limit), "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("Limit=%d during the outage: %d %s; want the stop's last good departures", limit, resp.StatusCode, body)
		}
		p := decodePassage(t, body)
		age, _ := strconv.Atoi(resp.Header.Get("Age"))
		if p.StopPassage.CurrentTimestamp != goodTS || len(p.StopPassage.DepartureData) == 0 || len(p.StopPassage.DepartureData) > limit ||
			!strings.HasPrefix(resp.Header.Get("Warning"), "110 ") || age < 40 {
			t.Errorf("Limit=%d during the outage: %d departures of %s, Warning %q, Age %q; want ≤ %d of %s, stale, Age ≥ 40",
				limit, len(p.StopPassage.DepartureData), p.StopPassage.CurrentTimestamp, resp.Header.Get("Warning"), resp.Header.Get("Age"), limit, goodTS)
		}
	}
	// A stop the hub never had: 502 in plain words.
	resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1350&Limit=5", "")
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(string(body), "the service behind the hub cannot be reached") {
		t.Errorf("a stop never fetched during the outage: %d %s", resp.StatusCode, body)
	}
}

// Issue 32 item 2: a value the service refuses is refused by the hub
// itself, with the service's own status and body, never forwarded, never
// cacheable; a Limit above 100 is clamped as the service clamps it.
func TestInvalidValuesAnsweredByTheHub(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	for _, q := range []string{
		"/stop/passage/Departures?StopNumber=abc",
		"/stop/passage/Departures?StopNumber=1008'%20OR%201=1",
		"/stop/passage/Departures?StopNumber=12345678901234567890123",
		"/stop/passage/Departures",
		"/stop/passage/Departures?StopNumber=1008&Limit=0",
		"/stop/passage/Departures?StopNumber=1008&Limit=-3",
		"/stop/passage/Arrivals?StopNumber=1008&Limit=x",
		"/stoppoint/passage/Departures?StopPointCode=1008",
		"/stoppoint/passage/Arrivals?StopPointCode=abcdef",
		"/stoppoint/attributes/BaseData?StopPointCode=12",
		"/route/attributes/BaseData?ContentScope=foo",
		"/stop/attributes/BaseData?ContentScope=foo",
		"/vehicle/attributes/BaseData?VehicleNumber=-1",
		"/vehicle/trip/Trip?VehicleNumber=abc",
		"/vehicle/trip/Trip?VehicleNumber=99999999999999999999",
		"/vehicle/trip/Passage",
		"/vehicle/trip/Passage?VehicleNumber=0",
		"/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=basic",
	} {
		before := up.total.Load()
		sresp, sbody := get(t, http.DefaultClient, up.srv.URL+"/mobility/v1"+q, "")
		up.total.Store(before)
		resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1"+q, "")
		if resp.StatusCode != sresp.StatusCode || !bytes.Equal(body, sbody) || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s:\nhub     %d %s\nservice %d %s", q, resp.StatusCode, body, sresp.StatusCode, sbody)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", q, cc)
		}
		if n := up.total.Load() - before; n != 0 {
			t.Errorf("%s: forwarded to the upstream (%d requests)", q, n)
		}
	}
	// Clamped as the service clamps: one request for the stop.
	for _, l := range []string{"101", "250", "99999999"} {
		resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit="+l, "")
		if p := decodePassage(t, body); resp.StatusCode != http.StatusOK || p.StopPassage.Limit != 100 {
			t.Errorf("Limit=%s: %d, Limit echo %d; want 100", l, resp.StatusCode, p.StopPassage.Limit)
		}
	}
	if n := up.total.Load(); n != 1 {
		t.Errorf("the valid requests cost %d upstream requests, want 1: %v", n, up.perKey)
	}
}

// Issue 32 item 2: an answer other than 200 (a refusal of the upstream
// passed on) says no-store, whatever the upstream said: a client's typo is
// not served from a cache for a day.
func TestRefusalsAreNotCacheable(t *testing.T) {
	c := &clock{t: t0}
	svc := sim.New(sim.Options{Seed: 1, Clock: c})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("RouteNumber") == "77" || r.URL.Query().Get("VehicleNumber") == "41" {
			w.Header().Set("Cache-Control", "public, max-age=86400")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"Error":{"Status":400,"Parameter":"RouteNumber","Message":"no"}}`))
			return
		}
		svc.ServeHTTP(w, r)
	}))
	defer srv.Close()
	h := newHub(t, c, srv.URL+"/mobility/v1")
	for _, q := range []string{"/route/attributes/BaseData?RouteNumber=77&ContentScope=Basic", "/vehicle/trip/Trip?VehicleNumber=41"} {
		resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1"+q, "")
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Cache-Control") != "no-store" || resp.Header.Get("ETag") != "" {
			t.Errorf("%s: %d, Cache-Control %q, ETag %q (%s); want 400, no-store, no ETag", q, resp.StatusCode,
				resp.Header.Get("Cache-Control"), resp.Header.Get("ETag"), body)
		}
	}
}

// Issue 32 item 2: a failing upstream is told in plain words: no body
// (an answer's, /healthz's) names the upstream's address or an error of
// Go's.
func TestUpstreamFailureInPlainWords(t *testing.T) {
	c := &clock{t: t0}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close() // nothing listens there now
	h := newHub(t, c, "http://"+addr+"/mobility/v1")
	_, port, _ := net.SplitHostPort(addr)
	for _, u := range []string{"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=5", "/healthz"} {
		resp, body := get(t, http.DefaultClient, h.srv.URL+u, "")
		if u == "/healthz" {
			// The operator's page names the upstream it watches, on
			// purpose; its last error is said in plain words.
			var hh mirror.Health
			if err := json.Unmarshal(body, &hh); err != nil {
				t.Fatal(err)
			}
			body = []byte(hh.LastError)
		}
		for _, leak := range []string{addr, port, "127.0.0.1", "Get ", "dial", "connect", "refused"} {
			if strings.Contains(string(body), leak) {
				t.Errorf("%s: %d %s names %q", u, resp.StatusCode, body, leak)
			}
		}
		if u != "/healthz" && (resp.StatusCode != http.StatusBadGateway || resp.Header.Get("Cache-Control") != "no-store" ||
			!strings.Contains(string(body), "the service behind the hub cannot be reached")) {
			t.Errorf("%s: %d %q %s", u, resp.StatusCode, resp.Header.Get("Cache-Control"), body)
		}
	}
}

// Issue 32 item 3: VersionInfo's BaseURL names the hub, not the upstream:
// the address the client used, or the public URL it is told.
func TestVersionInfoBaseURLNamesTheHub(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	var vi struct{ VersionInfo struct{ BaseURL string } }
	resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/VersionInfo", "")
	if err := json.Unmarshal(body, &vi); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s (%v)", resp.StatusCode, body, err)
	}
	if want := h.srv.URL + "/mobility/v1"; vi.VersionInfo.BaseURL != want {
		t.Errorf("BaseURL %q, want the hub's %q", vi.VersionInfo.BaseURL, want)
	}
	if strings.Contains(string(body), up.srv.URL) {
		t.Errorf("VersionInfo names the upstream: %s", body)
	}
	if resp2, _ := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/VersionInfo", resp.Header.Get("ETag")); resp2.StatusCode != http.StatusNotModified {
		t.Errorf("with its ETag: %d, want 304", resp2.StatusCode)
	}
	// Behind a proxy: the public URL.
	m, err := mirror.New(mirror.Options{Upstream: up.base(), Now: c.Now, PublicURL: "https://hub.example/mobility/v1"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	_, body = get(t, http.DefaultClient, srv.URL+"/mobility/v1/VersionInfo", "")
	if err := json.Unmarshal(body, &vi); err != nil || vi.VersionInfo.BaseURL != "https://hub.example/mobility/v1" {
		t.Errorf("with PublicURL: BaseURL %q (%v)", vi.VersionInfo.BaseURL, err)
	}
}

// Issue 32 items 1 and 2 for stop points: their departures and arrivals
// are cut from one answer per stop point like a stop's; a StopPointCode
// that is not 6 digits must be one the stop point base data names (the
// real service's DHIDs), in any case, and is asked upstream in the base
// data's spelling; another is refused without reaching the upstream.
func TestStopPointsFromOneAnswerAndKnownCodes(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	var mu sync.Mutex
	asked := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path+"?"+r.URL.RawQuery]++
		mu.Unlock()
		switch {
		case r.URL.Path == "/mobility/v1/stoppoint/attributes/BaseData":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"StopPointAttributes":{"StopPointData":[{"StopPointCode":"de:08421:1008:1:1"},{"StopPointCode":"100821"}]}}`))
		case r.URL.Query().Get("StopPointCode") == "de:08421:1008:1:1":
			// The simulation knows the stop point by its 6 digits.
			r.URL.RawQuery = strings.Replace(r.URL.RawQuery, "de%3A08421%3A1008%3A1%3A1", "100801", 1)
			up.svc.ServeHTTP(w, r)
		default:
			up.svc.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	h := newHub(t, c, srv.URL+"/mobility/v1")
	for _, limit := range []int{3, 7, 25} {
		for _, ep := range []string{"Departures", "Arrivals"} {
			q := fmt.Sprintf("/mobility/v1/stoppoint/passage/%s?StopPointCode=100801&Limit=%d", ep, limit)
			resp, body := get(t, http.DefaultClient, h.srv.URL+q, "")
			_, direct := get(t, http.DefaultClient, up.srv.URL+q, "")
			if resp.StatusCode != http.StatusOK || !bytes.Equal(body, direct) {
				t.Errorf("%s: %d, the hub's answer differs from the service's:\nhub     %.300s\nservice %.300s", q, resp.StatusCode, body, direct)
			}
		}
	}
	for _, code := range []string{"de:08421:1008:1:1", "DE:08421:1008:1:1"} {
		resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stoppoint/passage/Departures?StopPointCode="+code+"&Limit=4", "")
		if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"StopPointCode":100801`)) {
			t.Errorf("%s: %d %.200s", code, resp.StatusCode, body)
		}
	}
	resp, body := get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stoppoint/passage/Departures?StopPointCode=de:08421:9999:1:1", "")
	if resp.StatusCode != http.StatusBadRequest || !bytes.Contains(body, []byte(`"Parameter":"StopPointCode"`)) {
		t.Errorf("a code the base data does not name: %d %s", resp.StatusCode, body)
	}
	mu.Lock()
	defer mu.Unlock()
	want := map[string]int{
		"/mobility/v1/stoppoint/attributes/BaseData?":                                                 1,
		"/mobility/v1/stoppoint/passage/Departures?Limit=100&StopPointCode=100801":                    1,
		"/mobility/v1/stoppoint/passage/Arrivals?Limit=100&StopPointCode=100801":                      1,
		"/mobility/v1/stoppoint/passage/Departures?Limit=100&StopPointCode=de%3A08421%3A1008%3A1%3A1": 1,
	}
	if fmt.Sprint(asked) != fmt.Sprint(want) {
		t.Errorf("the upstream was asked\n%v\nwant\n%v", asked, want)
	}
}

// Issue 32 item 1: the hub's SSH boards ask the mirror in-process (a
// feed client over sim.NewTransport of the handler, as
// cmd/abfahrt/sshserve.go does): a session opened during an outage, with a
// board size no client asked before, gets the stop's last good departures.
func TestInProcessBoardDuringOutage(t *testing.T) {
	c := &clock{t: t0}
	up := newUpstream(t, c)
	h := newHub(t, c, up.base())
	get(t, http.DefaultClient, h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=10", "")
	up.srv.Close()
	c.advance(time.Minute)
	fc, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(), feed.WithCacheDir(""),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(h.m.Handler())}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := fc.StopDepartures(t.Context(), 1008, 33)
	if err != nil || b.StopNumber != 1008 || len(b.Events) == 0 || len(b.Events) > 33 {
		t.Errorf("an SSH board of 33 rows during the outage: stop %d, %d rows, %v; want the stop's last good departures", b.StopNumber, len(b.Events), err)
	}
}
