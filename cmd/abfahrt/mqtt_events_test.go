package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeStreamsEventsOfAStop: abfahrt serve answers /events?stop=1008
// on its own listener with the stop's departures as Server-Sent Events.
func TestServeStreamsEventsOfAStop(t *testing.T) {
	base, _, _, _ := startServe(t)
	hub := strings.TrimSuffix(base, "/mobility/v1")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, hub+"/events?stop=1008", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("status %d, %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	name := ""
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			name = v
		}
		if v, ok := strings.CutPrefix(line, "data: "); ok && name == "departures" {
			var b struct {
				StopName      string
				DepartureData []json.RawMessage
			}
			if err := json.Unmarshal([]byte(v), &b); err != nil {
				t.Fatal(err)
			}
			if b.StopName != "Hauptbahnhof" || len(b.DepartureData) == 0 {
				t.Fatalf("first event: %s", v)
			}
			return
		}
	}
	t.Fatalf("no departures event: %v", sc.Err())
}

// TestServeWithoutStreams: --max-streams 0 leaves /events out.
func TestServeWithoutStreams(t *testing.T) {
	base, _, _, _ := startServe(t, "--max-streams", "0")
	code, _ := httpGet(t, strings.TrimSuffix(base, "/mobility/v1")+"/events?stop=1008")
	if code != http.StatusNotFound {
		t.Fatalf("/events with --max-streams 0: %d", code)
	}
}
