// Package simclient is for tests: a feed client of the embedded
// simulation, reached in process through its HTTP handler (the same
// client code path as over the network), without a disk cache.
package simclient

import (
	"net/http"
	"testing"

	"abfahrt/feed"
	"abfahrt/feed/sim"
)

// Client returns a client of svc (a *sim.Service, or any handler of the
// simulation's paths) with opts besides; it fails t if the client cannot
// be made.
func Client(t testing.TB, svc http.Handler, opts ...feed.Option) *feed.Client {
	t.Helper()
	opts = append([]feed.Option{feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithCacheDir("")}, opts...)
	c, err := feed.NewClient(sim.BaseURL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
