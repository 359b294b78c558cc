package logfile

import (
	"log/slog"
	"net/http"
	"time"
)

// Transport is an http.RoundTripper that logs every request that reaches the transport (cache
// hits never do): method, URL, status or error, duration.
type Transport struct {
	// Next sends the request; Log takes the lines.
	Next http.RoundTripper
	Log  *slog.Logger
}

// RoundTrip sends the request through the wrapped transport and logs it.
func (t Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := t.Next.RoundTrip(r)
	d := time.Since(start).Round(time.Millisecond)
	switch {
	case err != nil:
		t.Log.Warn("request failed", "method", r.Method, "url", r.URL.String(), "duration", d, "err", err)
	case resp.StatusCode >= 400:
		t.Log.Warn("request", "method", r.Method, "url", r.URL.String(), "status", resp.StatusCode, "duration", d)
	default:
		t.Log.Info("request", "method", r.Method, "url", r.URL.String(), "status", resp.StatusCode, "duration", d)
	}
	return resp, err
}

// ClockSkew is what records in log (nil: nowhere) that the service's clock
// and this machine's differ by more than a minute, or agree again
// (tui.Options.ClockSkew).
func ClockSkew(log *slog.Logger) func(service, local time.Time, rate float64) {
	return func(service, local time.Time, rate float64) {
		if log == nil {
			return
		}
		if service.Equal(local) {
			log.Info("clocks agree again", "local", local)
			return
		}
		log.Warn("service clock differs from this computer's", "service", service, "local", local,
			"difference", service.Sub(local).Round(time.Second), "rate", rate)
	}
}
