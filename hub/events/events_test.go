package events_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/hub/events"
	"abfahrt/internal/hubtest"
)

const (
	interval = 300 * time.Millisecond
	poll     = 100 * time.Millisecond
)

var rush = []hubtest.Departure{
	{Line: "2", Direction: "Kuhberg", Platform: "B", In: 2 * time.Minute, DelaySeconds: 60},
	{Line: "1", Direction: "Böfingen", Platform: "A", In: 4 * time.Minute},
	{Line: "5", Direction: "Wissenschaftsstadt", Platform: "C", In: 7 * time.Minute, DelaySeconds: -20},
}

// env is a hub with /events on loopback, behind the hub's own HTTP
// server (its read and write timeouts short, so a stream must outlive
// them).
type env struct {
	up  *hubtest.Upstream
	hub *hubtest.Hub
	ev  *events.Server
	url string
}

func start(t *testing.T, o events.Options, staleFor time.Duration, listen func(net.Listener) net.Listener) *env {
	t.Helper()
	return startWith(t, o, hubtest.HubOptions{Interval: interval, StaleFor: staleFor, Poll: poll}, listen)
}

func startWith(t *testing.T, o events.Options, ho hubtest.HubOptions, listen func(net.Listener) net.Listener) *env {
	t.Helper()
	up := hubtest.NewUpstream(t, rush...)
	hub := hubtest.NewHub(t, up.URL(), ho)
	o.Watcher = hub.Watcher
	ev := events.New(o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv := sim.NewServer(ctx, events.Mount(hub.Mirror.Handler(), ev), sim.ServerOptions{ReadTimeout: time.Second, WriteTimeout: time.Second})
	srv.RegisterOnShutdown(ev.Close)
	if listen != nil {
		ln = listen(ln)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		cancel()
		sctx, c := context.WithTimeout(context.Background(), 5*time.Second)
		defer c()
		_ = srv.Shutdown(sctx)
	})
	return &env{up: up, hub: hub, ev: ev, url: "http://" + ln.Addr().String()}
}

// event is one Server-Sent Event.
type event struct {
	id, name, data string
	at             time.Time
}

// client is a stream read by a plain HTTP client.
type client struct {
	resp   *http.Response
	events chan event
}

func open(t *testing.T, url string, header map[string]string) (*client, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		return nil, resp
	}
	c := &client{resp: resp, events: make(chan event, 64)}
	go func() {
		defer close(c.events)
		r := bufio.NewReader(resp.Body)
		var e event
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case line == "":
				if e.name != "" || e.data != "" {
					e.at = time.Now()
					c.events <- e
				}
				e = event{}
			case strings.HasPrefix(line, "id: "):
				e.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				e.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = line[6:]
			}
		}
	}()
	return c, resp
}

// next returns the next event other than a heartbeat within d.
func (c *client) next(t *testing.T, d time.Duration) (event, bool) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case e, ok := <-c.events:
			if !ok {
				return event{}, false
			}
			if e.name == "heartbeat" {
				continue
			}
			return e, true
		case <-deadline:
			return event{}, false
		}
	}
}

func board(t *testing.T, e event) events.Board {
	t.Helper()
	var b events.Board
	if err := json.Unmarshal([]byte(e.data), &b); err != nil {
		t.Fatalf("event data is not the board's JSON: %v\n%s", err, e.data)
	}
	return b
}

func TestStreamFirstEventWithinOneInterval(t *testing.T) {
	e := start(t, events.Options{}, time.Minute, nil)
	t0 := time.Now()
	c, resp := open(t, e.url+"/events?stop=1008", nil)
	if c == nil {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type %q", ct)
	}
	ev, ok := c.next(t, interval+poll+time.Second)
	if !ok {
		t.Fatal("no first event")
	}
	if ev.name != "departures" || ev.id == "" {
		t.Fatalf("first event %+v", ev)
	}
	if d := ev.at.Sub(t0); d > interval+time.Second {
		t.Errorf("first event after %s", d)
	}
	b := board(t, ev)
	if b.StopName != "Hauptbahnhof" || b.StopNumber != 1008 || len(b.DepartureData) != 3 {
		t.Fatalf("board %+v", b)
	}
	if d := b.DepartureData[0]; d.RouteName != "2" || d.DepartureDirectionText != "Kuhberg" || d.PlatformName != "B" || d.DepartureDeviation != 60 {
		t.Errorf("first departure %+v", d)
	}
	if b.Stale {
		t.Error("fresh data marked stale")
	}
}

func TestStreamSendsOnlyChanges(t *testing.T) {
	e := start(t, events.Options{Heartbeat: 200 * time.Millisecond}, time.Minute, nil)
	c, resp := open(t, e.url+"/events?stop=1008&limit=2", nil)
	if c == nil {
		t.Fatalf("status %d", resp.StatusCode)
	}
	first, ok := c.next(t, 3*time.Second)
	if !ok {
		t.Fatal("no first event")
	}
	if n := len(board(t, first).DepartureData); n != 2 {
		t.Fatalf("limit=2 gave %d departures", n)
	}
	// Several intervals of answers whose countdowns and timestamps move,
	// and a change beyond the client's limit: no event.
	before := e.up.Requests.Load()
	// Also the first prediction moves by 15 s within its minute.
	wobble := append([]hubtest.Departure(nil), rush...)
	wobble[0].DelaySeconds = 75
	wobble[2].DelaySeconds = 240
	e.up.Set(wobble...)
	if ev, ok := c.next(t, 5*interval); ok {
		t.Fatalf("an event while nothing shown changed: %+v", ev)
	}
	if n := e.up.Requests.Load() - before; n < 3 {
		t.Fatalf("the upstream was asked %d times in 5 intervals; the test saw no new answers", n)
	}
	// A delay changes: one event within an interval and a poll.
	changed := append([]hubtest.Departure(nil), rush...)
	changed[0].DelaySeconds = 180
	e.up.Set(changed...)
	t0 := time.Now()
	ev, ok := c.next(t, interval+poll+time.Second)
	if !ok {
		t.Fatal("no event after the delay changed")
	}
	if d := board(t, ev).DepartureData[0].DepartureDeviation; d != 180 {
		t.Fatalf("deviation %d, want 180", d)
	}
	if ev.id == first.id {
		t.Error("a changed board kept its id")
	}
	t.Logf("change reached the stream after %s", ev.at.Sub(t0).Round(time.Millisecond))
	if ev, ok := c.next(t, 3*interval); ok {
		t.Fatalf("a second event for one change: %+v", ev)
	}
}

func TestStreamResumesWithLastEventID(t *testing.T) {
	e := start(t, events.Options{Heartbeat: 100 * time.Millisecond}, time.Minute, nil)
	c, _ := open(t, e.url+"/events?stop=1008", nil)
	first, ok := c.next(t, 3*time.Second)
	if !ok {
		t.Fatal("no first event")
	}
	_ = c.resp.Body.Close()

	// Reconnecting with the id of what it shows: nothing to send but
	// heartbeats.
	c2, _ := open(t, e.url+"/events?stop=1008", map[string]string{"Last-Event-ID": first.id})
	beat := false
	deadline := time.After(4 * interval)
wait:
	for {
		select {
		case ev := <-c2.events:
			if ev.name != "heartbeat" {
				t.Fatalf("resumed stream resent what the client had: %+v", ev)
			}
			beat = true
		case <-deadline:
			break wait
		}
	}
	if !beat {
		t.Error("no heartbeat on a resumed stream")
	}
	// It changes while the client is away: the reconnect gets it at once.
	changed := append([]hubtest.Departure(nil), rush...)
	changed[1].Platform = "D"
	e.up.Set(changed...)
	if ev, ok := c2.next(t, interval+poll+time.Second); !ok || board(t, ev).DepartureData[1].PlatformName != "D" {
		t.Fatalf("platform change not sent: %+v %v", ev, ok)
	}
	_ = c2.resp.Body.Close()
	c3, _ := open(t, e.url+"/events?stop=1008", map[string]string{"Last-Event-ID": first.id})
	ev, ok := c3.next(t, time.Second)
	if !ok || ev.id == first.id || board(t, ev).DepartureData[1].PlatformName != "D" {
		t.Fatalf("reconnect with an old id did not get the new board at once: %+v %v", ev, ok)
	}
}

func TestStreamStaleThenUnavailable(t *testing.T) {
	e := start(t, events.Options{}, 2*time.Second, nil)
	c, _ := open(t, e.url+"/events?stop=1008", nil)
	if _, ok := c.next(t, 3*time.Second); !ok {
		t.Fatal("no first event")
	}
	e.up.Fail(true)
	ev, ok := c.next(t, interval+time.Second)
	if !ok || ev.name != "departures" || !board(t, ev).Stale {
		t.Fatalf("outage not told as stale: %+v %v", ev, ok)
	}
	ev, ok = c.next(t, 10*time.Second)
	if !ok || ev.name != "unavailable" {
		t.Fatalf("past the stale limit: %+v %v", ev, ok)
	}
	e.up.Fail(false)
	ev, ok = c.next(t, 8*time.Second)
	if !ok || ev.name != "departures" || board(t, ev).Stale {
		t.Fatalf("recovery not sent: %+v %v", ev, ok)
	}
}

func TestStreamRefusesOddRequests(t *testing.T) {
	e := start(t, events.Options{}, time.Minute, nil)
	for _, tc := range []struct {
		q    string
		want int
	}{
		{"", 400}, {"?stop=", 400}, {"?stop=10", 400}, {"?stop=1008&stop=1009", 400},
		{"?stop=0008", 400}, {"?stop=1008&limit=0", 400}, {"?stop=1008&limit=999", 400},
		{"?stop=1008&limit=x", 400}, {"?stop=" + strings.Repeat("9", 5000), 400},
		{"?stop=%00%ff", 400}, {"?stop=de:08421:" + strings.Repeat("1", 100), 400},
		{"?stop=9999", 404},
	} {
		_, resp := open(t, e.url+"/events"+tc.q, nil)
		if resp.StatusCode != tc.want {
			t.Errorf("%.60s: status %d, want %d", tc.q, resp.StatusCode, tc.want)
		}
		if tc.want != 200 && !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%.60s: error as %q", tc.q, resp.Header.Get("Content-Type"))
		}
		_ = resp.Body.Close()
	}
	req, _ := http.NewRequest(http.MethodPost, e.url+"/events?stop=1008", nil) //nolint:noctx // a test on loopback
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", resp.StatusCode)
	}
	// The mirror still answers beside the stream.
	resp, err = http.Get(e.url + "/healthz") //nolint:noctx // a test on loopback
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz %d", resp.StatusCode)
	}
}

func TestStreamFloodIsBounded(t *testing.T) {
	const most = 40
	e := start(t, events.Options{MaxClients: most}, time.Minute, nil)
	var (
		mu     sync.Mutex
		codes  = map[int]int{}
		wg     sync.WaitGroup
		bodies []io.Closer
	)
	for range most + 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(e.url + "/events?stop=1008") //nolint:noctx // a test on loopback
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			codes[resp.StatusCode]++
			bodies = append(bodies, resp.Body)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[200] != most || codes[503] != 20 {
		t.Fatalf("statuses %v, want %d streams and 20 refusals", codes, most)
	}
	if n := e.ev.Clients(); n != most {
		t.Fatalf("%d streams counted", n)
	}
	if n := e.hub.Watcher.Followed(); n != 1 {
		t.Fatalf("%d stops followed for one stop", n)
	}
	for _, b := range bodies {
		_ = b.Close()
	}
	if err := hubtest.Eventually(context.Background(), 5*time.Second, func() bool {
		return e.ev.Clients() == 0 && e.hub.Watcher.Followed() == 0
	}); err != nil {
		t.Fatalf("streams left after the clients went: %d, stops followed %d", e.ev.Clients(), e.hub.Watcher.Followed())
	}
	// Room again.
	c, resp := open(t, e.url+"/events?stop=1008", nil)
	if c == nil {
		t.Fatalf("after the flood: %d", resp.StatusCode)
	}
}

// smallBuffers makes the hub's side of each connection send through a
// small socket buffer, so that a client that reads nothing blocks writes
// soon (a slow network).
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}

func TestStreamSlowReaderIsDropped(t *testing.T) {
	e := start(t, events.Options{Heartbeat: 2 * time.Millisecond, WriteTimeout: 300 * time.Millisecond}, time.Minute,
		func(l net.Listener) net.Listener { return smallBuffers{l} })
	d := net.Dialer{}
	conn, err := d.DialContext(context.Background(), "tcp", strings.TrimPrefix(e.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	if _, err := io.WriteString(conn, "GET /events?stop=1008 HTTP/1.1\r\nHost: hub\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	if err := hubtest.Eventually(context.Background(), 3*time.Second, func() bool { return e.ev.Clients() == 1 }); err != nil {
		t.Fatal("the stream did not start")
	}
	// The client reads nothing: its stream ends once a write waits past
	// the write timeout, well before the buffers would hold much.
	if err := hubtest.Eventually(context.Background(), 20*time.Second, func() bool { return e.ev.Clients() == 0 }); err != nil {
		t.Fatal("a client that reads nothing still holds its stream")
	}
	if n := e.hub.Watcher.Followed(); n != 0 {
		t.Errorf("%d stops still followed", n)
	}
}

func TestStreamOutlivesServerTimeoutsAndEndsOnShutdown(t *testing.T) {
	e := start(t, events.Options{Heartbeat: 200 * time.Millisecond}, time.Minute, nil)
	c, _ := open(t, e.url+"/events?stop=1008", nil)
	if _, ok := c.next(t, 3*time.Second); !ok {
		t.Fatal("no first event")
	}
	// Past the server's 1 s read and write timeouts, heartbeats go on.
	time.Sleep(1500 * time.Millisecond)
	for len(c.events) > 0 {
		<-c.events
	}
	select {
	case ev, ok := <-c.events:
		if !ok {
			t.Fatal("the stream ended at the server's timeouts")
		}
		if ev.name != "heartbeat" {
			t.Fatalf("got %+v", ev)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no heartbeat after the server's timeouts")
	}
	e.ev.Close()
	deadline := time.After(3 * time.Second)
	for {
		select {
		case _, ok := <-c.events:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("the stream went on after Close")
		}
	}
}

func TestStreamsOfTooManyStopsAreRefused(t *testing.T) {
	e := startWith(t, events.Options{}, hubtest.HubOptions{Interval: interval, StaleFor: time.Minute, Poll: poll, MaxSubjects: 3}, nil)
	var open3 []*client
	for _, stop := range []string{"1100", "1101", "1102"} {
		c, resp := open(t, e.url+"/events?stop="+stop, nil)
		if c == nil {
			t.Fatalf("stop %s: %d", stop, resp.StatusCode)
		}
		if ev, ok := c.next(t, 3*time.Second); !ok || !strings.Contains(ev.data, `"DepartureData":[]`) {
			t.Fatalf("stop %s without departures: %+v %v", stop, ev, ok)
		}
		open3 = append(open3, c)
	}
	// A fourth stop: refused; one more stream of a followed stop: fine.
	if _, resp := open(t, e.url+"/events?stop=1103", nil); resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a fourth stop: %d", resp.StatusCode)
	}
	if c, resp := open(t, e.url+"/events?stop=1100", nil); c == nil {
		t.Fatalf("a followed stop: %d", resp.StatusCode)
	}
	// Unknown stops are not kept: 404, and they hold no place.
	for range 5 {
		if _, resp := open(t, e.url+"/events?stop=9999", nil); resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("unknown stop while full: %d", resp.StatusCode)
		}
	}
	_ = open3[2].resp.Body.Close()
	if err := hubtest.Eventually(context.Background(), 3*time.Second, func() bool { return e.hub.Watcher.Followed() == 2 }); err != nil {
		t.Fatalf("%d stops followed after a stream ended", e.hub.Watcher.Followed())
	}
	if _, resp := open(t, e.url+"/events?stop=9998", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown stop: %d", resp.StatusCode)
	}
	if c, resp := open(t, e.url+"/events?stop=1103", nil); c == nil {
		t.Fatalf("the fourth stop once there is room: %d", resp.StatusCode)
	}
}

func TestStreamsAddNoUpstreamRequests(t *testing.T) {
	e := start(t, events.Options{}, time.Minute, nil)
	for range 20 {
		if c, resp := open(t, e.url+"/events?stop=1008", nil); c == nil {
			t.Fatalf("status %d", resp.StatusCode)
		}
	}
	before := e.up.Requests.Load()
	time.Sleep(10 * interval)
	// One request per interval for the stop, however many streams.
	if n := e.up.Requests.Load() - before; n > 11 {
		t.Fatalf("%d upstream requests in 10 intervals for 20 streams of one stop", n)
	}
}

// TestMeasureThousandStreams measures what BENCHMARKS.md's MQTT section
// says of 1,000 streams (ABFAHRT_MEASURE=1 go test -count=1 -run
// TestMeasureThousandStreams -v ./hub/events/): 1,000 streams of 10
// stops open at once against the hub on loopback, the heap and goroutines
// of the process (clients included) before and after, and the upstream
// requests meanwhile.
func TestMeasureThousandStreams(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") == "" {
		t.Skip("a measurement; ABFAHRT_MEASURE=1 runs it")
	}
	e := start(t, events.Options{}, time.Minute, nil)
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	h0, g0 := heap(), runtime.NumGoroutine()
	tr := &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: 1000}
	hc := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	var bodies []io.Closer
	t0 := time.Now()
	for i := range 1000 {
		resp, err := hc.Get(e.url + "/events?stop=" + fmt.Sprint(1100+i%10)) //nolint:noctx // a test on loopback
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", i, resp.StatusCode)
		}
		bodies = append(bodies, resp.Body)
	}
	opened := time.Since(t0)
	before := e.up.Requests.Load()
	time.Sleep(5 * interval)
	reqs := e.up.Requests.Load() - before
	h1, g1 := heap(), runtime.NumGoroutine()
	t.Logf("1000 streams of 10 stops opened in %s: heap +%.1f MB (%.1f KB a stream, client and hub), goroutines +%d, %d upstream requests in 5 intervals, %d streams counted",
		opened.Round(time.Millisecond), float64(h1-h0)/1e6, float64(h1-h0)/1e3/1000, g1-g0, reqs, e.ev.Clients())
	for _, b := range bodies {
		_ = b.Close()
	}
}
