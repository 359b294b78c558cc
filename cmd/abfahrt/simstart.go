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
// it. The network is built at once (2-7 ms; the board's first request
// needs it); the day plan the first answer needs (today's, 2-5 ms) is
// built in the background (sim.Service.Warm) while the terminal and the
// board start, and the first answer shares it. Building the network in the
// background too was measured no faster on this 2-core machine under load
// (the first answer 42 ms after main against 37, medians of 15 starts):
// both starts then compete for the cores.
func newSimTransport(opts sim.Options) http.RoundTripper {
	svc := sim.New(opts)
	go svc.Warm()
	return sim.NewTransport(svc)
}
