package hub

import (
	"context"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed/sim"
)

// The hub's server has the timeouts of the simulation's (a slowloris is
// dropped after 10 s without its headers), a write timeout above the
// upstream timeout, and the caps of the flags.
func TestServeServerLimits(t *testing.T) {
	o := Options{MaxConns: 1024, PerSource: 64, Timeout: 2 * time.Minute}
	so := ServerOptions(o)
	srv := sim.NewServer(context.Background(), http.NotFoundHandler(), so)
	if srv.ReadHeaderTimeout != sim.DefaultReadHeaderTimeout || srv.ReadTimeout != sim.DefaultReadTimeout ||
		srv.IdleTimeout != sim.DefaultIdleTimeout || srv.MaxHeaderBytes != sim.DefaultMaxHeaderBytes ||
		srv.WriteTimeout <= o.Timeout || so.MaxConns != 1024 || so.MaxConnsPerSource != 64 {
		t.Errorf("hub server: header %v read %v idle %v write %v max header %d, caps %d/%d",
			srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout, srv.WriteTimeout, srv.MaxHeaderBytes, so.MaxConns, so.MaxConnsPerSource)
	}
}

// SelfUpstream: which upstreams are the hub itself.
func TestSelfUpstream(t *testing.T) {
	for _, tc := range []struct {
		up, listen string
		self       bool
	}{
		{"http://127.0.0.1:8081/mobility/v1", "127.0.0.1:8081", true},
		{"http://localhost:8081/mobility/v1", "127.0.0.1:8081", true},
		{"http://127.0.0.1:8081/mobility/v1", "0.0.0.0:8081", true},
		{"http://[::1]:8081/mobility/v1", ":8081", true},
		{"http://hub.example:8081/mobility/v1", "hub.example:8081", true},
		{"http://127.0.0.1:8082/mobility/v1", "127.0.0.1:8081", false},
		{"http://hub.example:8081/mobility/v1", "127.0.0.1:8081", false},
		{"https://127.0.0.1:8081/mobility/v1", "127.0.0.1:8081", false},
		{"http://127.0.0.1/mobility/v1", "127.0.0.1:80", true},
		{"http://127.0.0.1:0/mobility/v1", "127.0.0.1:0", false},
		{"", "127.0.0.1:8081", false},
	} {
		if got := SelfUpstream(tc.up, tc.listen); got != tc.self {
			t.Errorf("SelfUpstream(%q, %q) = %v", tc.up, tc.listen, got)
		}
	}
}
