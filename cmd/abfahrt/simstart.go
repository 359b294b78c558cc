package main

import (
	"net/http"
	"time"

	"abfahrt/feed/sim"
)

// embeddedSimStart is the embedded simulation's time at start; zero is the
// machine's time. Tests that need day service whatever the hour pin it.
var embeddedSimStart time.Time

// newSimTransport builds the embedded simulation of opts and answers from
// it. The network is built at once (the board's first request needs it);
// the plans of the days around now (tens of milliseconds) are built in the
// background (sim.Service.Warm) while the terminal and Bubble Tea start,
// and the first answers share them. The simulation is built before the
// board starts on purpose: Bubble Tea v1 paints on a frame ticker that
// starts with the program, and a program started earlier only has its
// first tick come before the first answer is in (measured: the first row
// a tick, 100 ms, later).
func newSimTransport(opts sim.Options) http.RoundTripper {
	svc := sim.New(opts)
	go svc.Warm()
	return sim.NewTransport(svc)
}
