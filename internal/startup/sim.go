package startup

import (
	"net/http"

	"abfahrt/feed/sim"
)

// SimTransport builds the embedded simulation of opts and answers from
// it. The network is built at once (2-7 ms; the board's first request
// needs it); the day plan the first answer needs (today's, 2-5 ms) is
// built in the background (sim.Service.Warm) while the terminal and the
// board start, and the first answer shares it. Building the network in the
// background too was measured no faster on this 2-core machine under load
// (the first answer 42 ms after main against 37, medians of 15 starts):
// both starts then compete for the cores.
func SimTransport(opts sim.Options) http.RoundTripper {
	svc := sim.New(opts)
	go svc.Warm()
	return sim.NewTransport(svc)
}
