package hub_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/hub"
	"abfahrt/internal/hubtest"
)

// A hub on the simulation (abfahrt serve): a board's queries answered under
// /mobility/v1, /healthz and /metrics, one start line per component, and
// a clean stop when the context ends (as on SIGTERM).
func TestServeOnTheSimulation(t *testing.T) {
	h := hubtest.Start(t, nil)
	base, errb := h.Root+mirror.BasePath, h.Log
	status, body := get(t, base+"/stop/passage/Departures?StopNumber=1008&Limit=3")
	if status != http.StatusOK || !strings.Contains(body, `"StopName":"Hauptbahnhof"`) {
		t.Fatalf("departures: %d %.200s", status, body)
	}
	// abfahrt's own client reads the hub as it reads the service.
	c, err := feed.NewClient(base, feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := c.StopDepartures(context.Background(), 1350, 3); err != nil || b.StopName != "Ehinger Tor" {
		t.Errorf("abfahrt's client of the hub: %v, stop %q", err, b.StopName)
	}
	status, body = get(t, h.Root+"/healthz")
	var health struct {
		Status            string `json:"status"`
		UpstreamReachable bool   `json:"upstream_reachable"`
	}
	if err := json.Unmarshal([]byte(body), &health); err != nil || status != http.StatusOK || health.Status != "ok" || !health.UpstreamReachable {
		t.Errorf("healthz: %d %s", status, body)
	}
	status, body = get(t, h.Root+"/metrics")
	if status != http.StatusOK || !strings.Contains(body, `abfahrt_upstream_requests_total{endpoint="/stop/passage/Departures",status="200"} 2`) {
		t.Errorf("metrics: %d\n%s", status, body)
	}
	if err := h.Stop(); err != nil {
		t.Errorf("the hub ended with %v; log:\n%s", err, errb.String())
	}
	log := errb.String()
	for _, line := range []string{`msg="mirror: serving"`, `msg="health: serving"`, `msg="upstream: reachable"`, `msg="stopping: draining`, `msg=stopped`} {
		if n := strings.Count(log, line); n != 1 {
			t.Errorf("%d lines %s in\n%s", n, line, log)
		}
	}
}

// An upstream that is down at start: the hub says so and answers 502 with
// the service's error shape, /healthz 503; it does not fall back to the
// simulation.
func TestServeUpstreamDown(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	h := hubtest.Start(t, func(o *hub.Options) { o.Upstream = dead.URL + "/mobility/v1" })
	base, errb := h.Root+mirror.BasePath, h.Log
	if !strings.Contains(errb.String(), `msg="upstream: not reachable yet`) {
		t.Errorf("no warning of the unreachable upstream:\n%s", errb.String())
	}
	status, body := get(t, base+"/stop/passage/Departures?StopNumber=1008")
	if status != http.StatusBadGateway || !strings.Contains(body, `"Error"`) || strings.Contains(body, "Hauptbahnhof") {
		t.Errorf("departures with the upstream down: %d %s", status, body)
	}
	status, _ = get(t, strings.TrimSuffix(base, "/mobility/v1")+"/healthz")
	if status != http.StatusServiceUnavailable {
		t.Errorf("healthz with the upstream down: %d", status)
	}
	if err := h.Stop(); err != nil {
		t.Errorf("the hub ended with %v", err)
	}
}

// A request still running at SIGTERM is given --drain, then cut off: the hub
// ends in a bounded time and says so.
func TestServeDrainIsBounded(t *testing.T) {
	release := make(chan struct{})
	asked := make(chan struct{}, 1)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/VersionInfo") {
			_, _ = io.WriteString(w, `{"VersionInfo":{}}`)
			return
		}
		asked <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	h := hubtest.Start(t, func(o *hub.Options) {
		o.Upstream, o.Drain, o.Timeout = slow.URL+"/mobility/v1", 200*time.Millisecond, time.Minute
	})
	base, errb := h.Root+mirror.BasePath, h.Log
	go func() {
		resp, err := http.Get(base + "/stop/passage/Departures?StopNumber=1008")
		if err == nil {
			_ = resp.Body.Close()
		}
	}()
	<-asked // the client's request is in flight at the hub
	began := time.Now()
	if err := h.Stop(); err != nil {
		t.Errorf("the hub ended with %v", err)
	}
	if d := time.Since(began); d > 10*time.Second {
		t.Errorf("the hub took %v to stop with a drain of 200 ms", d)
	}
	if !strings.Contains(errb.String(), "drain time over") {
		t.Errorf("no word of the cut-off request:\n%s", errb.String())
	}
}

// A burst on the real hub: 150 requests at once from one
// address (a map page, ten kiosks behind one NAT address), each with a
// board size (Limit) of its own, over the default cap of 64 connections
// per address, are all answered, from one upstream request for the stop.
func TestServeBurstOfBoardsFromOneAddress(t *testing.T) {
	up, hits := hubtest.CountingSim(t)
	h := hubtest.Start(t, func(o *hub.Options) { o.Upstream = up })
	base := h.Root + mirror.BasePath
	before := hits.Load() // the start-up probe
	const burst = 150
	tr := &http.Transport{MaxIdleConnsPerHost: burst}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 20 * time.Second}
	var ok atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	startc := make(chan struct{})
	for i := range burst {
		wg.Go(func() {
			<-startc
			resp, err := hc.Get(fmt.Sprintf("%s/stop/passage/Departures?StopNumber=1008&Limit=%d", base, 1+i%100))
			if err != nil {
				firstErr.CompareAndSwap(nil, err.Error())
				return
			}
			b, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			var p struct{ StopPassage struct{ Limit int } }
			if resp.StatusCode == http.StatusOK && json.Unmarshal(b, &p) == nil && p.StopPassage.Limit == 1+i%100 {
				ok.Add(1)
			} else {
				firstErr.CompareAndSwap(nil, fmt.Sprintf("%d %.100s", resp.StatusCode, b))
			}
		})
	}
	close(startc)
	wg.Wait()
	if ok.Load() != burst {
		t.Errorf("%d requests at once from one address: %d answered with their Limit (first failure: %v)", burst, ok.Load(), firstErr.Load())
	}
	if n := hits.Load() - before; n != 1 {
		t.Errorf("%d boards of 100 sizes cost the upstream %d requests, want 1", burst, n)
	}
}

// One address holding idle connections (slowloris) gets at most
// --max-conns-per-source of them; the rest are closed at once instead of
// queueing for --max-conns, and a board at another address is answered
// at once meanwhile.
func TestServeSlowlorisFromOneSource(t *testing.T) {
	const perSource, flood = 64, 200
	h := hubtest.Start(t, func(o *hub.Options) { o.MaxConns, o.PerSource = 100, perSource })
	base := h.Root + mirror.BasePath
	addr := strings.TrimPrefix(strings.TrimSuffix(base, "/mobility/v1"), "http://")
	host, port, _ := net.SplitHostPort(addr)
	if host != "127.0.0.1" {
		t.Fatalf("serve listens on %s", addr)
	}

	conns := make([]net.Conn, 0, flood)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	var closed, held atomic.Int64
	d := net.Dialer{Timeout: 2 * time.Second}
	for range flood {
		c, err := d.Dial("tcp", addr)
		if err != nil { // reset by the hub before the dial returned
			closed.Add(1)
			continue
		}
		// Half a request, never finished: a slowloris.
		_, _ = io.WriteString(c, "GET /mobility/v1/VersionInfo HTTP/1.1\r\nHost: x\r\n")
		conns = append(conns, c)
	}
	// Which of them the hub closed within a second: all at once, so one
	// common deadline.
	var wg sync.WaitGroup
	deadline := time.Now().Add(time.Second)
	for _, c := range conns {
		wg.Go(func() {
			_ = c.SetReadDeadline(deadline)
			_, err := c.Read(make([]byte, 1))
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				held.Add(1)
			} else {
				closed.Add(1)
			}
		})
	}
	wg.Wait()
	if closed.Load() != flood-perSource || held.Load() != perSource {
		t.Errorf("%d slowloris connections from one address: %d held, %d closed at once; want %d and %d",
			flood, held.Load(), closed.Load(), perSource, flood-perSource)
	}

	// A board at another address (all of 127/8 is loopback on Linux),
	// while the first holds its cap.
	if c, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", addr); err != nil {
		t.Skipf("cannot dial from 127.0.0.2: %v", err)
	} else {
		_ = c.Close()
	}
	start := time.Now()
	tr := &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
		return d.DialContext(ctx, network, net.JoinHostPort("127.0.0.1", port))
	}}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	resp, err := hc.Get(base + "/stop/passage/Departures?StopNumber=1008&Limit=3")
	if err != nil {
		t.Fatalf("a board at 127.0.0.2 during the flood: %v", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	took := time.Since(start)
	t.Logf("%d slowloris connections: %d held, %d closed at once; a board at 127.0.0.2 answered %d in %v",
		flood, held.Load(), closed.Load(), resp.StatusCode, took.Round(time.Millisecond))
	if resp.StatusCode != http.StatusOK || took > time.Second {
		t.Errorf("a board at 127.0.0.2 during the flood: %d after %v; want 200 within 1 s", resp.StatusCode, took)
	}
	// The refusals are counted.
	resp, err = hc.Get(strings.TrimSuffix(base, "/mobility/v1") + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	mb, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if !strings.Contains(string(mb), "abfahrt_mirror_refused_connections_total 136") {
		t.Errorf("/metrics does not count the 136 refused connections")
	}
}
