package hub

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed/mirror"
)

// logBuffer is a log the test reads while the hub writes it.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servingURL = regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)

// startHub runs a hub of o on a loopback port of its own and returns its
// root URL, its log and a stop that returns Run's error.
func startHub(t *testing.T, o Options) (string, *logBuffer, func() error) {
	t.Helper()
	logb := &logBuffer{}
	o.Listen, o.Logger = "127.0.0.1:0", slog.New(slog.NewTextHandler(logb, nil))
	o.Timeout, o.Drain, o.MaxConns, o.SimName = 5*time.Second, 2*time.Second, 64, "test network"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, o) }()
	t.Cleanup(cancel)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := servingURL.FindStringSubmatch(logb.String()); m != nil {
			return strings.TrimSuffix(m[1], mirror.BasePath), logb, func() error { cancel(); return <-done }
		}
		select {
		case err := <-done:
			t.Fatalf("hub ended: %v\n%s", err, logb.String())
		default:
		}
	}
	t.Fatalf("the hub did not start:\n%s", logb.String())
	return "", nil, nil
}

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
	o := Options{
		Mounts: []Mount{func(mux *http.ServeMux, env Env) {
			mux.HandleFunc("/extra/", func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, "extra for "+r.URL.Path+" every "+env.Mirror.Interval().String())
			})
		}},
		Publishers: []Publisher{func(ctx context.Context, env Env) error {
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
	root, logb, stop := startHub(t, o)
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
