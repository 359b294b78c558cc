package hub_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/hub"
	"abfahrt/internal/hubtest"
)

// get is the status and body of a GET of u.
func get(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := http.Get(u) //nolint:noctx // a loopback test server
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A mount answers on the hub's own address beside the mirror, which still
// answers as before; a publisher reads the mirror in-process while the
// hub runs and is stopped (and waited for) when the hub stops.
func TestMountsAndPublishers(t *testing.T) {
	published := make(chan string, 1)
	var stopped sync.WaitGroup
	stopped.Add(1)
	o := hub.Options{
		Mounts: []hub.Mount{func(mux *http.ServeMux, env hub.Env) {
			mux.HandleFunc("/extra/", func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, "extra for "+r.URL.Path+" every "+env.Mirror.Interval().String())
			})
		}},
		Publishers: []hub.Publisher{func(ctx context.Context, env hub.Env) error {
			defer stopped.Done()
			b, err := env.Client.StopDepartures(ctx, 1008, 3)
			if err != nil {
				return err
			}
			published <- b.StopName
			<-ctx.Done()
			return nil
		}},
	}
	h := hubtest.Start(t, func(ho *hub.Options) {
		ho.Timeout, ho.Drain, ho.MaxConns, ho.Mounts, ho.Publishers = 5*time.Second, 2*time.Second, 64, o.Mounts, o.Publishers
	})
	root, logb, stop := h.Root, h.Log, h.Stop
	if code, body := get(t, root+"/extra/feed"); code != http.StatusOK || body != "extra for /extra/feed every 15s" {
		t.Errorf("mount: %d %q", code, body)
	}
	if code, body := get(t, root+mirror.BasePath+"/VersionInfo"); code != http.StatusOK || !strings.Contains(body, "VersionInfo") {
		t.Errorf("the mirror behind a mount: %d %.200s", code, body)
	}
	if code, _ := get(t, root+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz behind a mount: %d", code)
	}
	select {
	case name := <-published:
		if name == "" {
			t.Error("the publisher got no stop name")
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the publisher published nothing:\n%s", logb.String())
	}
	if err := stop(); err != nil {
		t.Errorf("Run: %v", err)
	}
	stopped.Wait() // Run returned after the publisher ended
}
