package main

import (
	"net/http"

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
