package push_test

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"abfahrt/hub"
	"abfahrt/hub/push"
	"abfahrt/internal/hubtest"
)

// runHub runs a hub on the embedded simulation with push's parts of o, as
// abfahrt serve does, and returns its HTTP root and its stop (which
// returns how the hub ended).
func runHub(t *testing.T, o push.Options) (string, func() error) {
	t.Helper()
	m, p := push.Parts(o)
	h := hubtest.Start(t, func(o *hub.Options) {
		o.Drain, o.Mounts, o.Publishers = 5*time.Second, []hub.Mount{m}, []hub.Publisher{p}
	})
	return h.Root, h.Stop
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
