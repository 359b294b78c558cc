package main

// Tests of the real abfahrt serve (issue 21) as an attacker or a careless
// operator would meet it: on loopback, every loop bounded in count and
// every connection in time.

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/internal/hubtest"
)

// isolateConfig keeps the developer's configuration and environment out
// of serve's choice of upstream.
func isolateConfig(t *testing.T) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("ABFAHRT_CONFIG", "")
}

// Item 3: --api names serve's upstream (it was ignored, and the embedded
// simulation served): the hub's answers come from that service, and the
// start line names it.
func TestServeAPIFlagIsTheUpstream(t *testing.T) {
	isolateConfig(t)
	up, hits := hubtest.CountingSim(t)
	base, errb, stop, code := startServe(t, "--api", up)
	defer func() {
		stop()
		<-code
	}()
	before := hits.Load()
	if before == 0 {
		t.Errorf("the start-up probe did not reach --api %s", up)
	}
	status, _ := httpGet(t, base+"/stop/passage/Departures?StopNumber=1008&Limit=3")
	if status != http.StatusOK || hits.Load() != before+1 {
		t.Errorf("departures: %d, upstream hits %d -> %d; want 200 and one request at --api", status, before, hits.Load())
	}
	log := errb.String()
	if !strings.Contains(log, `upstream=`+up) || !strings.Contains(log, `upstream_from="flag --api"`) || strings.Contains(log, "embedded simulation") {
		t.Errorf("the start line does not name --api %s:\n%s", up, log)
	}
}

// Without --api or --upstream, an api of the environment is the upstream
// (the start line says so); without any, the embedded simulation, said so
// in the start line and marked on every answer.
func TestServeUpstreamFromEnvAndEmbedded(t *testing.T) {
	isolateConfig(t)
	up, hits := hubtest.CountingSim(t)
	// startServe clears ABFAHRT_API; set it after, for this run only.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t.Setenv("ABFAHRT_API", up)
	envErr := &lockedBuffer{}
	envCode := make(chan int, 1)
	go func() {
		envCode <- run(ctx, []string{"serve", "--listen", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, envErr)
	}()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(envErr.String(), "upstream:") && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	<-envCode
	if log := envErr.String(); !strings.Contains(log, "upstream="+up) || !strings.Contains(log, `upstream_from="env ABFAHRT_API"`) || hits.Load() == 0 {
		t.Errorf("ABFAHRT_API=%s: %d upstream hits; log:\n%s", up, hits.Load(), log)
	}

	base, errb, stop, code := startServe(t) // clears ABFAHRT_API
	defer func() {
		stop()
		<-code
	}()
	if log := errb.String(); !strings.Contains(log, `upstream="embedded simulation`) {
		t.Errorf("the start line does not say embedded simulation:\n%s", log)
	}
	for _, p := range []string{"/stop/passage/Departures?StopNumber=1008", "/no/such/endpoint"} {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.Header.Get("Abfahrt-Simulated") != "1" {
			t.Errorf("%s (%d): Abfahrt-Simulated %q, want 1", p, resp.StatusCode, resp.Header.Get("Abfahrt-Simulated"))
		}
	}
}

// runCLIBounded is runCLI ended after 10 s: a serve that starts where it
// should refuse must not hang the test.
func runCLIBounded(t *testing.T, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var errb lockedBuffer
	code := run(ctx, args, strings.NewReader(""), io.Discard, &errb)
	if ctx.Err() != nil {
		t.Errorf("%v: ran until stopped (exit %d) instead of refusing", args, code)
	}
	return code, errb.String()
}

// --api and --upstream naming different services is a usage error; the
// same one (give or take a trailing slash) is fine; an empty --api is
// refused rather than quietly serving the simulation.
func TestServeAPIAndUpstreamConflict(t *testing.T) {
	isolateConfig(t)
	t.Setenv("ABFAHRT_API", "")
	c, errs := runCLIBounded(t, "serve", "--listen", "127.0.0.1:0", "--api", "http://127.0.0.1:1/mobility/v1", "--upstream", "http://127.0.0.1:2/mobility/v1")
	if c != exitUsage || !strings.Contains(errs, "different upstreams") {
		t.Errorf("--api and --upstream differ: exit %d, %s", c, errs)
	}
	c, errs = runCLIBounded(t, "serve", "--listen", "127.0.0.1:0", "--api", "")
	if c != exitUsage || !strings.Contains(errs, "--api is empty") {
		t.Errorf("--api \"\": exit %d, %s", c, errs)
	}
	// The hub's own address as its upstream (a kiosk's ABFAHRT_API on the
	// hub's machine) would make every query wait on itself.
	t.Setenv("ABFAHRT_API", "http://localhost:18089/mobility/v1")
	c, errs = runCLIBounded(t, "serve", "--listen", "127.0.0.1:18089")
	if c != exitUsage || !strings.Contains(errs, "this hub's own --listen") {
		t.Errorf("ABFAHRT_API naming the hub itself: exit %d, %s", c, errs)
	}
	t.Setenv("ABFAHRT_API", "")
	up, _ := hubtest.CountingSim(t)
	base, _, stop, code := startServe(t, "--api", up, "--upstream", up+"/")
	defer func() {
		stop()
		<-code
	}()
	if status, _ := httpGet(t, base+"/VersionInfo"); status != http.StatusOK {
		t.Errorf("--api and --upstream the same: %d", status)
	}
}

// A configuration file's api is the upstream too when no flag names one.
func TestServeUpstreamFromConfig(t *testing.T) {
	up, hits := hubtest.CountingSim(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(p, []byte("api = \""+up+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("ABFAHRT_CONFIG", p)
	_, errb, stop, code := startServe(t)
	stop()
	<-code
	if log := errb.String(); !strings.Contains(log, "upstream="+up) || !strings.Contains(log, "upstream_from=config") || hits.Load() == 0 {
		t.Errorf("config api %s: %d upstream hits; log:\n%s", up, hits.Load(), log)
	}
}
