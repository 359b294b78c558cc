package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestServeWithoutStreams: --max-streams 0 leaves /events out.
func TestServeWithoutStreams(t *testing.T) {
	base, _, _, _ := startServe(t, "--max-streams", "0")
	code, _ := httpGet(t, strings.TrimSuffix(base, "/mobility/v1")+"/events?stop=1008")
	if code != http.StatusNotFound {
		t.Fatalf("/events with --max-streams 0: %d", code)
	}
}
