package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/recording"
)

// serveReplayOf serves the recording in db as abfahrt replay does, its
// clock at now, on a loopback port; it returns the base URL.
func serveReplayOf(t *testing.T, db string) string {
	t.Helper()
	h, _, store, err := recording.OpenReplay(context.Background(), db, time.Now().Format(time.RFC3339), 1, 1, 15*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sim.Serve(sctx, ln, h, sim.ServerOptions{}) }()
	t.Cleanup(func() { stop(); <-done })
	return "http://" + ln.Addr().String() + "/mobility/v1"
}

// thirdParty asks as a client of the real service would: GET, the JSON
// decoded into maps; it returns the wrapper's members and the headers.
func thirdParty(t *testing.T, url string) (map[string]json.RawMessage, http.Header) {
	t.Helper()
	resp, err := http.Get(url) //nolint:noctx // a loopback test server
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

func str(m map[string]json.RawMessage, k string) string {
	var s string
	_ = json.Unmarshal(m[k], &s)
	return s
}

func list(t *testing.T, m map[string]json.RawMessage, k string) []map[string]json.RawMessage {
	t.Helper()
	var l []map[string]json.RawMessage
	if err := json.Unmarshal(m[k], &l); err != nil {
		t.Fatalf("%s is not a list: %.200s", k, m[k])
	}
	return l
}
