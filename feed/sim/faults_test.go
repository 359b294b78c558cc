package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseFaults(t *testing.T) {
	f, err := ParseFaults("latency=200ms,500=0.1,503=0.05,429=0.05,retry-after=5s,truncate=0.05,nonjson=0.05,reset=0.02,stall=0.01,stall-for=30s")
	if err != nil {
		t.Fatal(err)
	}
	want := Faults{Latency: 200 * time.Millisecond, Error500: 0.1, Error503: 0.05, Error429: 0.05, RetryAfter: 5 * time.Second,
		Truncate: 0.05, NonJSON: 0.05, Reset: 0.02, Stall: 0.01, StallFor: 30 * time.Second}
	if f != want {
		t.Fatalf("got %+v", f)
	}
	if again, err := ParseFaults(f.String()); err != nil || again != f {
		t.Errorf("String does not round-trip: %q %v", f.String(), err)
	}
	for _, spec := range []string{"", "none", " NONE "} {
		if f, err := ParseFaults(spec); err != nil || f != (Faults{}) {
			t.Errorf("%q: %+v %v", spec, f, err)
		}
	}
	for spec, item := range map[string]string{
		"latency=fast":       "latency=fast",
		"500=2":              "500=2",
		"500=-0.1":           "500=-0.1",
		"404=0.1":            "404=0.1",
		"reset":              "reset",
		"stall=NaN":          "stall=NaN",
		"500=0.6,503=0.6":    "more than 1",
		"latency=-1s":        "latency=-1s",
		"latency=1s,,bogus=": "bogus=",
	} {
		if _, err := ParseFaults(spec); err == nil || !strings.Contains(err.Error(), item) {
			t.Errorf("%q: error %v should name %q", spec, err, item)
		}
	}
}

func faultyClient(t *testing.T, spec string) *http.Client {
	t.Helper()
	f, err := ParseFaults(spec)
	if err != nil {
		t.Fatal(err)
	}
	c := &manualClock{}
	c.set(mustTime(t, testStart))
	return &http.Client{Transport: NewTransport(New(Options{Seed: 1, Clock: c, Faults: f}))}
}

func TestFaultsInProcess(t *testing.T) {
	const target = BaseURL + "/stop/passage/Departures?StopNumber=1008"
	for _, c := range []struct {
		spec   string
		status int
	}{{"500=1", 500}, {"503=1,retry-after=7s", 503}, {"429=1", 429}} {
		resp, err := faultyClient(t, c.spec).Get(target)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d", c.spec, resp.StatusCode)
		}
		if c.status != 500 && resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: no Retry-After", c.spec)
		}
	}
	resp, err := faultyClient(t, "truncate=1").Get(target)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.NewDecoder(resp.Body).Decode(&v); err == nil {
		t.Errorf("truncated body decoded")
	}
	_ = resp.Body.Close()
	resp, err = faultyClient(t, "nonjson=1").Get(target)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || json.Valid(body) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("nonjson: %d %q", resp.StatusCode, body)
	}
	if _, err := faultyClient(t, "reset=1").Get(target); !errors.Is(err, syscall.ECONNRESET) {
		t.Errorf("reset: error %v, want connection reset", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	start := time.Now()
	if _, err := faultyClient(t, "stall=1,stall-for=1m").Do(req); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("stall: %v after %v", err, time.Since(start))
	}
	resp, err = faultyClient(t, "stall=1,stall-for=10ms").Get(target)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("stall-for elapsed: %v", err)
	}
	_ = resp.Body.Close()
}

// TestFaultsDeterministic checks that the fault sequence depends only on
// the seed and the request count, and that the shares are about right.
func TestFaultsDeterministic(t *testing.T) {
	run := func() []int {
		cl := faultyClient(t, "500=0.2,503=0.1")
		var out []int
		for i := 0; i < 200; i++ {
			resp, err := cl.Get(BaseURL + "/VersionInfo")
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			out = append(out, resp.StatusCode)
		}
		return out
	}
	a, b := run(), run()
	n500 := 0
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("request %d: %d then %d", i, a[i], b[i])
		}
		if a[i] == 500 {
			n500++
		}
	}
	if n500 < 20 || n500 > 60 {
		t.Errorf("%d of 200 requests got 500 with share 0.2", n500)
	}
}

// TestServeOverSocket runs ListenAndServe, the reset fault over TCP and
// the request log, then shuts down.
func TestServeOverSocket(t *testing.T) {
	logBuf := &syncWriter{w: &bytes.Buffer{}}
	f, err := ParseFaults("reset=0.5")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Seed: 3, Faults: f, Logger: slog.New(slog.NewTextHandler(logBuf, nil))})
	srv := httptest.NewServer(s)
	defer srv.Close()
	resets, oks := 0, 0
	for i := 0; i < 20; i++ {
		resp, err := http.Get(srv.URL + "/mobility/v1/VersionInfo")
		if err != nil {
			resets++
			continue
		}
		_ = resp.Body.Close()
		oks++
	}
	if resets == 0 || oks == 0 {
		t.Errorf("resets %d, ok %d", resets, oks)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ListenAndServe(ctx, "127.0.0.1:0", New(Options{})) }()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ListenAndServe: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not stop")
	}
	srv.Close()
	// Handlers of reset connections may still be logging: wait for all 20 lines.
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(logBuf.String(), "msg=request") < 20 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if log := logBuf.String(); strings.Count(log, "msg=request") != 20 || !strings.Contains(log, "path=/mobility/v1/VersionInfo") ||
		!strings.Contains(log, "status=200") || !strings.Contains(log, "fault=reset") {
		t.Errorf("request log: %s", log)
	}
}
