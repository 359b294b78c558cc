package push_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/hub"
	"abfahrt/hub/push"
	"abfahrt/internal/lockbuf"
)

var serving = regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)

// runHub runs a hub on the embedded simulation with push's parts of o, as
// abfahrt serve does, and returns its HTTP root and its stop (which
// returns how the hub ended).
func runHub(t *testing.T, o push.Options) (string, func() error) {
	t.Helper()
	log := &lockbuf.Buffer{}
	m, p := push.Parts(o)
	ctx, cancel := context.WithCancel(context.Background())
	end := make(chan error, 1)
	go func() {
		end <- hub.Run(ctx, hub.Options{Listen: "127.0.0.1:0", StaleFor: mirror.DefaultStaleFor, Timeout: mirror.DefaultTimeout,
			Drain: 5 * time.Second, MaxConns: 64, SimName: "simulated Ulm network", Version: "test",
			Logger: slog.New(slog.NewTextHandler(log, nil)), Mounts: []hub.Mount{m}, Publishers: []hub.Publisher{p}})
	}()
	stop := func() error {
		cancel()
		select {
		case err := <-end:
			return err
		case <-time.After(20 * time.Second):
			t.Fatal("the hub did not stop within 20 s")
			return nil
		}
	}
	t.Cleanup(func() { cancel() })
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := serving.FindStringSubmatch(log.String()); m != nil {
			return strings.TrimSuffix(m[1], mirror.BasePath), stop
		}
	}
	t.Fatalf("the hub did not start:\n%s", log.String())
	return "", nil
}

// With /events on, a client of the hub gets the departures of its stop
// as Server-Sent Events, and its stream ends when the hub stops (rather
// than holding the hub's drain).
func TestEventsStream(t *testing.T) {
	root, stop := runHub(t, push.Options{MaxStreams: 4})
	resp, err := http.Get(root + "/events?stop=1008") //nolint:noctx // the hub's stop ends it
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("/events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var event, data string
	for deadline := time.After(30 * time.Second); data == ""; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the stream ended before its first event")
			}
			if v, ok := strings.CutPrefix(l, "event: "); ok {
				event = v
			}
			if v, ok := strings.CutPrefix(l, "data: "); ok && event == "departures" {
				data = v
			}
		case <-deadline:
			t.Fatal("no departures event within 30 s")
		}
	}
	if !strings.Contains(data, `"StopName":"Hauptbahnhof"`) {
		t.Errorf("first event's data is not the board of Hauptbahnhof: %.300s", data)
	}
	began := time.Now()
	if err := stop(); err != nil {
		t.Errorf("the hub ended with %v", err)
	}
	for range lines { // the stream ends
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("the hub took %v to stop with a stream open", d)
	}
}

// Without streams (serve --max-streams 0), /events is not
// there: the hub answers it as any path it does not serve.
func TestEventsOff(t *testing.T) {
	root, stop := runHub(t, push.Options{})
	resp, err := http.Get(root + "/events?stop=1008") //nolint:noctx // a short request on loopback
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/events without streams: %d, want 404", resp.StatusCode)
	}
	if err := stop(); err != nil {
		t.Errorf("the hub ended with %v", err)
	}
}
