package sim

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"
)

// openFiles counts the process's open file descriptors (Linux).
func openFiles(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(ents)
}

// serveLimited runs h with the options o on a loopback port until the test ends.
func serveLimited(t *testing.T, h http.Handler, o ServerOptions) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h, o) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// TestServerHoldsAgainstSilentClients: connections that never send a
// request (nor read) hold at most MaxConns descriptors of the server, are
// dropped after the header timeout, and a normal request is still served.
func TestServerHoldsAgainstSilentClients(t *testing.T) {
	const maxConns, extra = 8, 50
	addr := serveLimited(t, New(Options{Seed: 1}), ServerOptions{MaxConns: maxConns, ReadHeaderTimeout: 200 * time.Millisecond})
	base := openFiles(t)

	var silent []net.Conn
	defer func() {
		for _, c := range silent {
			_ = c.Close()
		}
	}()
	for range maxConns + extra {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}

	// Watch the descriptors while a normal client asks.
	stop := make(chan struct{})
	var peak int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			peak = max(peak, openFiles(t))
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := hc.Get("http://" + addr + "/mobility/v1/VersionInfo")
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("a normal request during the flood: %v", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("status %d", resp.StatusCode)
	}
	// Our own end of every silent connection, the server's end of at most
	// maxConns, the normal request's two ends, and a little slack.
	if limit := base + maxConns + extra + maxConns + 2 + 4; peak > limit {
		t.Errorf("%d files open at the peak, want at most %d (%d before the flood)", peak, limit, base)
	}

	// The silent connections were closed by the server.
	for _, c := range silent[:maxConns] {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := c.Read(make([]byte, 1)); err == nil {
			t.Error("a silent connection got data")
		} else if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
			t.Error("a silent connection was not dropped")
		}
	}
}

// TestServerDropsSlowReaders: a client that asks and never reads is
// dropped after the write timeout, freeing its connection.
func TestServerDropsSlowReaders(t *testing.T) {
	failed := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		chunk := make([]byte, 1<<20)
		for range 1 << 12 { // up to 4 GiB: far beyond any socket buffer
			if _, err := w.Write(chunk); err != nil {
				failed <- err
				return
			}
		}
		failed <- nil
	})
	addr := serveLimited(t, h, ServerOptions{MaxConns: 1, WriteTimeout: 300 * time.Millisecond})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: sim\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-failed:
		if err == nil {
			t.Fatal("4 GiB written to a client that reads nothing")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the slow reader was not dropped")
	}
	// Its slot is free again: with MaxConns 1 the next client is served.
	ok := make(chan error, 1)
	go func() {
		c2, err := net.Dial("tcp", addr)
		if err != nil {
			ok <- err
			return
		}
		defer c2.Close()
		_, _ = io.WriteString(c2, "GET / HTTP/1.1\r\nHost: sim\r\n\r\n")
		_, err = c2.Read(make([]byte, 1))
		ok <- err
	}()
	select {
	case err := <-ok:
		if err != nil && !errors.Is(err, io.EOF) {
			t.Errorf("next client: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the next client was not served")
	}
}
