package sim

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"
)

// nonJSONPage is the body of the nonjson fault: what a captive portal or a
// maintenance proxy sends.
const nonJSONPage = "<!DOCTYPE html>\n<html><head><title>Wartungsarbeiten</title></head>" +
	"<body><h1>Dienst vorübergehend nicht verfügbar</h1></body></html>\n"

// statusWriter records the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Hijack gives the reset fault the underlying connection.
func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("sim: connection cannot be hijacked")
	}
	return hj.Hijack()
}

// serveInstrumented serves a request with fault injection and logging.
func (s *Service) serveInstrumented(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	fault := s.faults.pick(s.seed, s.reqs.Add(1))
	s.serveFault(sw, r, fault)
	if s.log != nil {
		attrs := []any{"method", r.Method, "path", r.URL.RequestURI(), "status", sw.status,
			"bytes", sw.bytes, "duration", time.Since(start)}
		if fault != faultNone {
			attrs = append(attrs, "fault", fault.String())
		}
		s.log.InfoContext(r.Context(), "request", attrs...)
	}
}

// sleepCtx waits for d or until ctx ends; it reports whether d elapsed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Service) serveFault(w http.ResponseWriter, r *http.Request, fault faultKind) {
	ctx := r.Context()
	if s.faults.Latency > 0 && !sleepCtx(ctx, s.faults.Latency) {
		return // the client gave up
	}
	retry := strconv.Itoa(int(s.faults.retryAfter().Round(time.Second) / time.Second))
	switch fault {
	case fault500:
		s.write(w, r, errorResponse(http.StatusInternalServerError, "", "simulated internal server error"))
	case fault503:
		w.Header().Set("Retry-After", retry)
		s.write(w, r, errorResponse(http.StatusServiceUnavailable, "", "simulated overload, retry later"))
	case fault429:
		w.Header().Set("Retry-After", retry)
		s.write(w, r, errorResponse(http.StatusTooManyRequests, "", "simulated rate limit, retry later"))
	case faultReset:
		if resetConn(w) {
			return
		}
		s.write(w, r, errorResponse(http.StatusServiceUnavailable, "", "simulated connection reset"))
	case faultNonJSON:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(nonJSONPage)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write([]byte(nonJSONPage)) // the client went away; nothing to do
		}
	case faultTruncate:
		resp := s.answer(r)
		if resp.status == http.StatusOK {
			resp.body = resp.body[:len(resp.body)/2]
			resp.tsFrom, resp.tsTo = 0, 0
		}
		s.write(w, r, resp)
	case faultStall:
		if !sleepCtx(ctx, s.faults.stallFor()) {
			return
		}
		s.write(w, r, s.answer(r))
	default:
		s.write(w, r, s.answer(r))
	}
}

// resetConn aborts the connection: over TCP with a reset (linger 0).
func resetConn(w http.ResponseWriter) bool {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return false
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return false
	}
	if tc, ok := conn.(interface{ SetLinger(int) error }); ok {
		_ = tc.SetLinger(0) // best effort: a plain close still ends the exchange
	}
	_ = conn.Close() // the connection is being thrown away
	return true
}
