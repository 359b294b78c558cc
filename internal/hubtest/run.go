package hubtest

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/hub"
	"abfahrt/internal/lockbuf"
)

// Running is a hub that Start runs in this process.
type Running struct {
	// Root is its HTTP root (/mobility/v1, /healthz, /metrics, mounts).
	Root string
	// Log is its log (slog's text format), read while it runs.
	Log *lockbuf.Buffer

	stop context.CancelFunc
	end  chan error
}

var mirrorServing = regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)

// Start runs hub.Run(o) as abfahrt serve does with its default flags (on
// a free loopback port, the embedded simulation unless o.Upstream says
// otherwise, its log in Running.Log), once set has changed o; it returns
// when the hub serves and has probed its upstream. The hub stops at the
// test's end unless Stop stopped it.
func Start(t testing.TB, set func(*hub.Options)) *Running {
	t.Helper()
	r := &Running{Log: &lockbuf.Buffer{}, end: make(chan error, 1)}
	o := hub.Options{
		Listen: "127.0.0.1:0", StaleFor: mirror.DefaultStaleFor, Timeout: mirror.DefaultTimeout,
		Drain: 10 * time.Second, MaxConns: 1024, PerSource: 64, SimName: "simulated Ulm network", Version: "test",
	}
	if set != nil {
		set(&o)
	}
	o.Logger = slog.New(slog.NewTextHandler(r.Log, nil))
	ctx, cancel := context.WithCancel(context.Background())
	r.stop = cancel
	go func() { r.end <- hub.Run(ctx, o) }()
	t.Cleanup(func() { _ = r.Stop() })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		log := r.Log.String()
		if m := mirrorServing.FindStringSubmatch(log); m != nil && strings.Contains(log, "upstream:") {
			r.Root = strings.TrimSuffix(m[1], mirror.BasePath)
			return r
		}
		select {
		case err := <-r.end:
			r.end <- err
			t.Fatalf("the hub ended: %v\n%s", err, log)
		default:
		}
	}
	t.Fatalf("the hub did not start within 30 s:\n%s", r.Log.String())
	return nil
}

// Stop stops the hub as SIGTERM does (it drains within o.Drain) and
// returns how Run ended (nil: cleanly); after 30 s it gives up with an
// error. A second Stop returns the first one's result.
func (r *Running) Stop() error {
	r.stop()
	select {
	case err := <-r.end:
		r.end <- err
		return err
	case <-time.After(30 * time.Second):
		return errStuck
	}
}

// errStuck is Stop's error for a hub that did not end within 30 s.
var errStuck = errors.New("the hub did not stop within 30 s")

// CountingSim is a simulated service on a loopback server, unlike the
// embedded one (it is seeded 7) and marking its answers with the header
// X-Test-Upstream: counting, that counts the requests reaching it. It
// returns its base URL.
func CountingSim(t testing.TB) (base string, hits *atomic.Int64) {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 7})
	hits = &atomic.Int64{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("X-Test-Upstream", "counting")
		svc.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + mirror.BasePath, hits
}
