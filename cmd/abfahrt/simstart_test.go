package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed/sim"
)

// Issue 15: the embedded simulation is built in the background; a request
// made at once waits for it and gets its answer, and a request given up
// (its context ended) returns instead of waiting.
func TestSimTransportAnswersOnceBuilt(t *testing.T) {
	tr := newSimTransport(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, time.UTC), 1)})
	c := &http.Client{Transport: tr}
	resp, err := c.Get(sim.BaseURL + "/stop/passage/Departures?StopNumber=1008&Limit=3")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || len(b) < 100 {
		t.Fatalf("status %d, %d bytes", resp.StatusCode, len(b))
	}

	waiting := &simTransport{ready: make(chan struct{})} // never built
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, sim.BaseURL+"/VersionInfo", nil)
	if _, err := waiting.RoundTrip(req); !errors.Is(err, context.Canceled) {
		t.Errorf("a request given up while the simulation is built: %v, want context.Canceled", err)
	}
}
