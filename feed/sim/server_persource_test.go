package sim

import (
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestServerCapsConnectionsPerSource: with MaxConnsPerSource, one address
// holding idle connections keeps at most that many; the rest are closed
// at once (not queued behind MaxConns), and a client at another loopback
// address is served meanwhile. Closed connections give their place back.
func TestServerCapsConnectionsPerSource(t *testing.T) {
	const maxConns, perSource, flood = 40, 16, 60
	var refused atomic.Int64
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	srv := NewServer(t.Context(), New(Options{Seed: 1}), ServerOptions{ReadHeaderTimeout: 5 * time.Second})
	done := make(chan error, 1)
	go func() {
		done <- srv.Serve(LimitListenerPerSource(ln, maxConns, perSource, func(net.Addr) { refused.Add(1) }))
	}()
	defer func() {
		_ = srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	}()

	flooding := func() (conns []net.Conn, held, closed int64) {
		var c0 atomic.Int64
		for range flood {
			c, err := net.DialTimeout("tcp", addr, 2*time.Second)
			if err != nil {
				c0.Add(1)
				continue
			}
			conns = append(conns, c)
		}
		var h atomic.Int64
		var wg sync.WaitGroup
		deadline := time.Now().Add(500 * time.Millisecond)
		for _, c := range conns {
			wg.Go(func() {
				_ = c.SetReadDeadline(deadline)
				_, err := c.Read(make([]byte, 1))
				if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
					h.Add(1)
				} else {
					c0.Add(1)
				}
			})
		}
		wg.Wait()
		return conns, h.Load(), c0.Load()
	}
	conns, held, closed := flooding()
	if held != perSource || closed != flood-perSource || refused.Load() != flood-perSource {
		t.Errorf("%d idle connections from one address: %d held, %d closed, %d counted refused; want %d, %d, %d",
			flood, held, closed, refused.Load(), perSource, flood-perSource, flood-perSource)
	}

	// Another source is served at once.
	tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).DialContext}
	defer tr.CloseIdleConnections()
	start := time.Now()
	resp, err := (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Get("http://" + addr + "/mobility/v1/VersionInfo")
	if err != nil {
		t.Skipf("no client at 127.0.0.2: %v", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if took := time.Since(start); resp.StatusCode != http.StatusOK || took > time.Second {
		t.Errorf("a client at 127.0.0.2 during the flood: %d after %v", resp.StatusCode, took)
	}

	// Once the first address closes its connections, it gets its places
	// back.
	for _, c := range conns {
		_ = c.Close()
	}
	time.Sleep(100 * time.Millisecond) // the server sees the closes
	conns, held, _ = flooding()
	for _, c := range conns {
		_ = c.Close()
	}
	if held != perSource {
		t.Errorf("after closing: %d held, want %d again", held, perSource)
	}
}
