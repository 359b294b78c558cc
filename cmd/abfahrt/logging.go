package main

import (
	"net/http"
	"time"

	"abfahrt/internal/logfile"
)

// logTransport wraps rt with request logging when logging is on.
func (g *globals) logTransport(rt http.RoundTripper) http.RoundTripper {
	if g.logger == nil {
		return rt
	}
	if rt == nil {
		rt = http.DefaultTransport
	}
	return logfile.Transport{Next: rt, Log: g.logger}
}

// logClockSkew records in the log that the service's clock and this
// machine's differ by more than a minute, or agree again (tui.Options.ClockSkew).
func (g *globals) logClockSkew(service, local time.Time, rate float64) {
	if g.logger == nil {
		return
	}
	if service.Equal(local) {
		g.logger.Info("clocks agree again", "local", local)
		return
	}
	g.logger.Warn("service clock differs from this computer's", "service", service, "local", local,
		"difference", service.Sub(local).Round(time.Second), "rate", rate)
}
