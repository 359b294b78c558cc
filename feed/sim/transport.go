package sim

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"syscall"
	"time"
)

// NewTransport returns an http.RoundTripper that serves requests from h
// in-process, with no socket. It honours request context cancellation,
// closes request bodies, and delivers responses as a real transport would;
// bodies are gzip-encoded only if the request asked for it. A connection
// reset by the handler (the reset fault) surfaces as an error wrapping
// syscall.ECONNRESET.
func NewTransport(h http.Handler) http.RoundTripper { return &transport{h: h} }

type transport struct{ h http.Handler }

var inprocAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}

// RoundTrip serves one request through the handler.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if req.Body != nil {
		defer func() { _ = req.Body.Close() }() // RoundTrip must close it; nothing to report
	}
	if req.URL == nil {
		return nil, errors.New("sim: request without URL")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in := req.Clone(ctx)
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "127.0.0.1:0"
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	if in.Body == nil {
		in.Body = http.NoBody
	}
	if in.Proto == "" {
		in.Proto, in.ProtoMajor, in.ProtoMinor = "HTTP/1.1", 1, 1
	}
	rw := &inprocWriter{header: http.Header{}}
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("sim: handler panicked: %v", p)
			}
		}()
		t.h.ServeHTTP(rw, in)
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			return nil, err
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if rw.hijacked {
		return nil, &net.OpError{Op: "read", Net: "tcp", Addr: inprocAddr,
			Err: os.NewSyscallError("read", syscall.ECONNRESET)}
	}
	status := rw.status
	if status == 0 {
		status = http.StatusOK
	}
	resp := &http.Response{
		Status:     strconv.Itoa(status) + " " + http.StatusText(status),
		StatusCode: status,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     rw.header.Clone(),
		Request:    req,
	}
	body := rw.buf.Bytes()
	resp.ContentLength = int64(len(body))
	if req.Method == http.MethodHead {
		resp.Body = http.NoBody
		if cl, err := strconv.ParseInt(rw.header.Get("Content-Length"), 10, 64); err == nil {
			resp.ContentLength = cl
		}
	} else {
		resp.Body = &ctxBody{ctx: ctx, r: bytes.NewReader(body)}
	}
	return resp, nil
}

// ctxBody is a response body that fails once the request context ends.
type ctxBody struct {
	ctx context.Context
	r   *bytes.Reader
}

func (b *ctxBody) Read(p []byte) (int, error) {
	if err := b.ctx.Err(); err != nil {
		return 0, err
	}
	return b.r.Read(p)
}

func (b *ctxBody) Close() error { return nil }

// inprocWriter collects a handler's response.
type inprocWriter struct {
	header   http.Header
	status   int
	buf      bytes.Buffer
	hijacked bool
}

func (w *inprocWriter) Header() http.Header { return w.header }

func (w *inprocWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *inprocWriter) Write(b []byte) (int, error) {
	if w.hijacked {
		return 0, http.ErrHijacked
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.buf.Write(b)
}

// Hijack hands out a connection whose closing resets the exchange.
func (w *inprocWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if w.hijacked {
		return nil, nil, http.ErrHijacked
	}
	w.hijacked = true
	c := &deadConn{}
	return c, bufio.NewReadWriter(bufio.NewReader(c), bufio.NewWriter(c)), nil
}

// deadConn is the connection of a hijacked in-process exchange.
type deadConn struct{}

func (deadConn) Read([]byte) (int, error)         { return 0, io.EOF }
func (deadConn) Write(b []byte) (int, error)      { return len(b), nil }
func (deadConn) Close() error                     { return nil }
func (deadConn) LocalAddr() net.Addr              { return inprocAddr }
func (deadConn) RemoteAddr() net.Addr             { return inprocAddr }
func (deadConn) SetDeadline(time.Time) error      { return nil }
func (deadConn) SetReadDeadline(time.Time) error  { return nil }
func (deadConn) SetWriteDeadline(time.Time) error { return nil }
