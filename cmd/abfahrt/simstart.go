package main

import (
	"net/http"

	"abfahrt/feed/sim"
)

// simTransport answers from the embedded simulation, which it builds in
// the background: building the network takes tens of milliseconds, and
// the board's terminal and first frame need not wait for it. A request
// waits until the simulation is built (or its context ends). Once built,
// the plans of the days around now are made too (sim.Service.Warm), at
// the same time as the first answers, which share them.
type simTransport struct {
	ready chan struct{}
	rt    http.RoundTripper // set before ready closes
}

// newSimTransport starts building the simulation of opts.
func newSimTransport(opts sim.Options) *simTransport {
	t := &simTransport{ready: make(chan struct{})}
	go func() {
		svc := sim.New(opts)
		t.rt = sim.NewTransport(svc)
		close(t.ready)
		svc.Warm()
	}()
	return t
}

// RoundTrip answers r from the simulation once it is built.
func (t *simTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	select {
	case <-t.ready:
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
	return t.rt.RoundTrip(r)
}
