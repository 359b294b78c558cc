package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/lockbuf"
)

// lockedBuffer is a stderr that the test reads while serve writes it.
type lockedBuffer = lockbuf.Buffer

var mirrorURL = regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)

// startServe runs abfahrt serve on a free loopback port and returns the
// mirror's base URL, its stderr, a stop function (SIGTERM's effect: the
// context ends) and the exit code channel.
func startServe(t *testing.T, args ...string) (string, *lockedBuffer, context.CancelFunc, <-chan int) {
	t.Helper()
	t.Setenv("ABFAHRT_API", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // a developer's config (its api) must not pick the upstream
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	errb := &lockedBuffer{}
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, append([]string{"serve", "--listen", "127.0.0.1:0"}, args...), strings.NewReader(""), io.Discard, errb)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := mirrorURL.FindStringSubmatch(errb.String()); m != nil && strings.Contains(errb.String(), "upstream:") {
			return m[1], errb, cancel, code
		}
		select {
		case c := <-code:
			t.Fatalf("serve ended with %d: %s", c, errb.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start: %s", errb.String())
	return "", nil, nil, nil
}

func httpGet(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// abfahrt serve on the simulation: a board's queries answered under
// /mobility/v1, /healthz and /metrics, one start line per component, and
// a clean stop when the context ends (as on SIGTERM).
func TestServeOnTheSimulation(t *testing.T) {
	base, errb, stop, code := startServe(t)
	status, body := httpGet(t, base+"/stop/passage/Departures?StopNumber=1008&Limit=3")
	if status != http.StatusOK || !bytes.Contains(body, []byte(`"StopName":"Hauptbahnhof"`)) {
		t.Fatalf("departures: %d %.200s", status, body)
	}
	// The CLI's own client reads the hub as it reads the service.
	c, out, errs := runCLI(t, "departures", "--api", base, "--stop", "1350", "--limit", "3")
	if c != exitOK || !strings.Contains(out, "Ehinger Tor") {
		t.Errorf("departures --api HUB: exit %d\n%s%s", c, out, errs)
	}
	hubRoot := strings.TrimSuffix(base, "/mobility/v1")
	status, body = httpGet(t, hubRoot+"/healthz")
	var h struct {
		Status            string `json:"status"`
		UpstreamReachable bool   `json:"upstream_reachable"`
	}
	if err := json.Unmarshal(body, &h); err != nil || status != http.StatusOK || h.Status != "ok" || !h.UpstreamReachable {
		t.Errorf("healthz: %d %s", status, body)
	}
	status, body = httpGet(t, hubRoot+"/metrics")
	if status != http.StatusOK || !bytes.Contains(body, []byte(`abfahrt_upstream_requests_total{endpoint="/stop/passage/Departures",status="200"} 2`)) {
		t.Errorf("metrics: %d\n%s", status, body)
	}
	stop()
	select {
	case c := <-code:
		if c != exitOK {
			t.Errorf("exit %d after the stop; stderr:\n%s", c, errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	log := errb.String()
	for _, line := range []string{`msg="mirror: serving"`, `msg="health: serving"`, `msg="upstream: reachable"`, `msg="stopping: draining`, `msg=stopped`} {
		if n := strings.Count(log, line); n != 1 {
			t.Errorf("%d lines %s in\n%s", n, line, log)
		}
	}
}

// An upstream that is down at start: serve says so and answers 502 with
// the service's error shape, /healthz 503; it does not fall back to the
// simulation.
func TestServeUpstreamDown(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	base, errb, stop, code := startServe(t, "--upstream", dead.URL+"/mobility/v1")
	if !strings.Contains(errb.String(), `msg="upstream: not reachable yet`) {
		t.Errorf("no warning of the unreachable upstream:\n%s", errb.String())
	}
	status, body := httpGet(t, base+"/stop/passage/Departures?StopNumber=1008")
	if status != http.StatusBadGateway || !bytes.Contains(body, []byte(`"Error"`)) || bytes.Contains(body, []byte("Hauptbahnhof")) {
		t.Errorf("departures with the upstream down: %d %s", status, body)
	}
	status, _ = httpGet(t, strings.TrimSuffix(base, "/mobility/v1")+"/healthz")
	if status != http.StatusServiceUnavailable {
		t.Errorf("healthz with the upstream down: %d", status)
	}
	stop()
	if c := <-code; c != exitOK {
		t.Errorf("exit %d", c)
	}
}

// A request still running at SIGTERM is given --drain, then cut off: serve
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
	base, errb, stop, code := startServe(t, "--upstream", slow.URL+"/mobility/v1", "--drain", "200ms", "--timeout", "1m")
	go func() {
		resp, err := http.Get(base + "/stop/passage/Departures?StopNumber=1008")
		if err == nil {
			_ = resp.Body.Close()
		}
	}()
	<-asked // the client's request is in flight at the hub
	stop()
	select {
	case c := <-code:
		if c != exitOK {
			t.Errorf("exit %d", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not end after its drain time")
	}
	if !strings.Contains(errb.String(), "drain time over") {
		t.Errorf("no word of the cut-off request:\n%s", errb.String())
	}
}
