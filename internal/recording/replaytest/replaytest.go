// Package replaytest is the rig of the tests that ask a replay (or any
// mobility/v1 handler) on loopback as a third-party client does: the
// handler served as abfahrt replay serves it, and its answers read as
// plain JSON, without abfahrt's own client. It is imported by tests only
// (of internal/recording and cmd/abfahrt).
package replaytest

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"

	"abfahrt/feed/sim"
)

// Serve serves h on a loopback port as abfahrt replay does (sim.Serve)
// until the test ends; it returns the base URL of its mobility/v1.
func Serve(t testing.TB, h http.Handler) string {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sim.Serve(ctx, ln, h, sim.ServerOptions{}) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serving the replay: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/mobility/v1"
}

// ThirdParty asks url as a client of the real service would: GET, the
// JSON decoded into maps; it returns the wrapper's members and the
// headers, and fails t on any status but 200 or an answer that is not one
// wrapper object.
func ThirdParty(t testing.TB, url string) (map[string]json.RawMessage, http.Header) {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec,noctx // a loopback test server
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: HTTP %d %s", url, resp.StatusCode, body)
	}
	var outer map[string]map[string]json.RawMessage
	if err := json.Unmarshal(body, &outer); err != nil || len(outer) != 1 {
		t.Fatalf("%s: not one wrapper: %v %.200s", url, err, body)
	}
	for _, inner := range outer {
		return inner, resp.Header
	}
	return nil, nil
}

// Str is the string member k of m, "" if it is none.
func Str(m map[string]json.RawMessage, k string) string {
	var s string
	_ = json.Unmarshal(m[k], &s)
	return s
}

// List is the list member k of m; it fails t when k is no list.
func List(t testing.TB, m map[string]json.RawMessage, k string) []map[string]json.RawMessage {
	t.Helper()
	var l []map[string]json.RawMessage
	if err := json.Unmarshal(m[k], &l); err != nil {
		t.Fatalf("%s is not a list: %.200s", k, m[k])
	}
	return l
}
