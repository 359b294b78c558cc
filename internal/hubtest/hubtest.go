// Package hubtest runs the pieces of a hub for the tests of the packages
// that push its departures: an upstream mobility/v1 service on loopback
// whose departures a test sets (and can make fail), and the real mirror in
// front of it with a watcher reading through the mirror in-process, as
// abfahrt serve wires them.
package hubtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/hub/watch"
)

// Departure is one departure the upstream announces.
type Departure struct {
	Line, Direction, Platform string
	// In is the scheduled departure from now (when the answer is made).
	In time.Duration
	// DelaySeconds is the deviation.
	DelaySeconds int
}

// Upstream is a mobility/v1 service on loopback with one stop, 1008
// Hauptbahnhof, whose departures the test sets; stops 1100 to 1199 are
// known and have no departures; others are unknown (the service's "No
// Stop Found").
type Upstream struct {
	// Server is the loopback server.
	Server *httptest.Server
	mu     sync.Mutex
	deps   []Departure
	base   time.Time // the scheduled times are base + In
	fail   bool
	// Requests counts the departures requests the upstream answered.
	Requests atomic.Int64
	// Answered holds when the last departures answer was sent (Unix
	// nanoseconds).
	Answered atomic.Int64
}

// NewUpstream starts an upstream with deps.
func NewUpstream(t testing.TB, deps ...Departure) *Upstream {
	u := &Upstream{deps: deps, base: time.Now().Truncate(time.Minute).Add(time.Minute)}
	u.Server = httptest.NewServer(http.HandlerFunc(u.serve))
	t.Cleanup(u.Server.Close)
	return u
}

// URL is the upstream's base URL.
func (u *Upstream) URL() string { return u.Server.URL + mirror.BasePath }

// Set replaces the departures.
func (u *Upstream) Set(deps ...Departure) {
	u.mu.Lock()
	u.deps = deps
	u.mu.Unlock()
}

// Fail makes every request fail with 503 (true) or be answered again.
func (u *Upstream) Fail(fail bool) {
	u.mu.Lock()
	u.fail = fail
	u.mu.Unlock()
}

func (u *Upstream) serve(w http.ResponseWriter, r *http.Request) {
	u.mu.Lock()
	deps, fail, base := append([]Departure(nil), u.deps...), u.fail, u.base
	u.mu.Unlock()
	if fail {
		http.Error(w, `{"error":"down"}`, http.StatusServiceUnavailable)
		return
	}
	if r.URL.Path != mirror.BasePath+"/stop/passage/Departures" {
		http.Error(w, `{"StatusCode":404}`, http.StatusNotFound)
		return
	}
	now := time.Now()
	loc := time.FixedZone("CEST", 2*3600)
	stop, _ := strconv.Atoi(r.URL.Query().Get("StopNumber")) //nolint:errcheck // 0: unknown
	type rec struct {
		StopPointNumber        int
		StopPointCode          string
		PlatformName           string
		VehicleNumber          int
		VehicleCategory        int
		RouteNumber            int
		RouteName              string
		Status                 int
		DepartureDirectionText string
		DepartureTimeScheduled string
		DepartureTimeActual    string
		DepartureCountdown     int
		DepartureDeviation     int
	}
	recs := []rec{}
	name, state := "Hauptbahnhof", "ok"
	switch {
	case stop >= 1100 && stop < 1200:
		// Known stops without departures now.
		name = "Stop " + strconv.Itoa(stop)
	case stop != 1008:
		name, state = "", "No Stop Found"
	default:
		for i, d := range deps {
			sched := base.Add(d.In)
			actual := sched.Add(time.Duration(d.DelaySeconds) * time.Second)
			n, _ := strconv.Atoi(d.Line) //nolint:errcheck // 0 for a named line
			recs = append(recs, rec{StopPointNumber: 1, StopPointCode: "10080" + strconv.Itoa(1+i%2), PlatformName: d.Platform,
				VehicleNumber: 100 + i, VehicleCategory: 1, RouteNumber: n, RouteName: d.Line, Status: 1,
				DepartureDirectionText: d.Direction, DepartureTimeScheduled: sched.In(loc).Format(time.RFC3339),
				DepartureTimeActual: actual.In(loc).Format(time.RFC3339), DepartureCountdown: int(actual.Sub(now) / time.Second),
				DepartureDeviation: d.DelaySeconds})
		}
	}
	body, _ := json.Marshal(map[string]any{"StopPassage": map[string]any{ //nolint:errcheck // plain values
		"ServiceCategory": "Departures", "UpdateInterval": "15 seconds", "ContentScope": "Standard",
		"StopNumber": stop, "StopCode": "HBF", "StopName": name, "Limit": 100, "OrderedBy": "DepartureTime ascending",
		"State": state, "CurrentTimestamp": now.In(loc).Format(time.RFC3339), "DepartureData": recs}})
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
	u.Requests.Add(1)
	u.Answered.Store(time.Now().UnixNano())
}

// Hub is the mirror in front of an upstream with a watcher reading it.
type Hub struct {
	// Mirror is the hub's caching mirror.
	Mirror *mirror.Mirror
	// Watcher reads the mirror in-process.
	Watcher *watch.Watcher
}

// HubOptions are the hub's timings.
type HubOptions struct {
	Interval, StaleFor, Poll time.Duration
	// MaxSubjects bounds the stops the watcher follows (0: its default).
	MaxSubjects int
}

// NewHub starts a mirror of upstream (a base URL) and a watcher over it.
func NewHub(t testing.TB, upstream string, o HubOptions) *Hub {
	m, err := mirror.New(mirror.Options{Upstream: upstream, LiveInterval: o.Interval, StaleFor: o.StaleFor, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Client(m)
	if err != nil {
		t.Fatal(err)
	}
	w := watch.New(watch.Options{Client: c, Poll: o.Poll, MaxSubjects: o.MaxSubjects})
	t.Cleanup(w.Close)
	return &Hub{Mirror: m, Watcher: w}
}

// Client is a feed client reading m in-process, as abfahrt serve's
// pushers do.
func Client(m *mirror.Mirror) (*feed.Client, error) {
	return feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath, feed.WithoutCache(),
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m.Handler())}))
}

// Eventually polls cond every 20 ms until it holds or d is over.
func Eventually(ctx context.Context, d time.Duration, cond func() bool) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("not within %s", d)
		case <-time.After(20 * time.Millisecond):
		}
	}
	return nil
}
