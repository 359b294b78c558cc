package main

import (
	"log/slog"
	"net/http"
	"time"
)

// loggingTransport logs every request that reaches the transport (cache
// hits never do): method, URL, status or error, duration.
type loggingTransport struct {
	next http.RoundTripper
	log  *slog.Logger
}

// RoundTrip sends the request through the wrapped transport and logs it.
func (t loggingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := t.next.RoundTrip(r)
	d := time.Since(start).Round(time.Millisecond)
	switch {
	case err != nil:
		t.log.Warn("request failed", "method", r.Method, "url", r.URL.String(), "duration", d, "err", err)
	case resp.StatusCode >= 400:
		t.log.Warn("request", "method", r.Method, "url", r.URL.String(), "status", resp.StatusCode, "duration", d)
	default:
		t.log.Info("request", "method", r.Method, "url", r.URL.String(), "status", resp.StatusCode, "duration", d)
	}
	return resp, err
}

// logTransport wraps rt with request logging when logging is on.
func (g *globals) logTransport(rt http.RoundTripper) http.RoundTripper {
	if g.logger == nil {
		return rt
	}
	if rt == nil {
		rt = http.DefaultTransport
	}
	return loggingTransport{next: rt, log: g.logger}
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
