//nolint:misspell // mosquitto is the broker's name
package mqtt_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/hub/mqtt"
	"abfahrt/hub/watch"
	"abfahrt/internal/hubtest"
)

// TestMeasureLatency measures BENCHMARKS.md's "upstream answer to MQTT
// state" (ABFAHRT_MEASURE=1 go test -count=1 -run TestMeasureLatency -v
// ./hub/mqtt/): every upstream answer carries a new delay (its sequence
// number in minutes); a board asks the hub every interval at a random
// phase, so the upstream is asked by the board or by the bridge's own
// read, whichever comes first after the cache expires; the latency is
// from the answer that carried a delay to the state that shows it.
func TestMeasureLatency(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") == "" {
		t.Skip("a measurement; ABFAHRT_MEASURE=1 runs it")
	}
	const (
		iv      = 2 * time.Second
		answers = 30
	)
	var (
		mu   sync.Mutex
		seq  int
		sent = map[int]time.Time{}
	)
	up := hubtest.NewUpstream(t, rush...)
	inner := up.Server.Config.Handler
	up.Server.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seq++
		n := seq
		d := append([]hubtest.Departure(nil), rush...)
		d[0].DelaySeconds = n * 60
		up.Set(d...)
		inner.ServeHTTP(w, r)
		sent[n] = time.Now()
		mu.Unlock()
	})
	hub := hubtest.NewHub(t, up.URL(), hubtest.HubOptions{Interval: iv, StaleFor: time.Minute}) // the watcher's default poll
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, stateTopic)
	s, err := mqtt.Resolve(mqtt.Config{Broker: "mqtt://" + br.Addr(), Hub: "test", Stops: []string{"1008"}}, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := mqtt.Start(mqtt.Options{Settings: s, Watcher: hub.Watcher})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	// A board of the stop at a random phase.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		time.Sleep(time.Duration(rand.Int64N(int64(iv)))) //nolint:gosec // a phase, no secret
		board := hub.Mirror.Handler()
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, mirror.BasePath+"/stop/passage/Departures?StopNumber=1008&Limit=10", nil)
			board.ServeHTTP(discard{}, req)
			time.Sleep(iv + time.Duration(rand.Int64N(int64(iv/4)))) //nolint:gosec // a phase, no secret
		}
	}()
	time.Sleep(answers * iv)
	cancel()
	var lat []time.Duration
	for _, m := range h.On(stateTopic) {
		var st mqtt.State
		if json.Unmarshal([]byte(m.Payload), &st) != nil || st.DelayMin == nil {
			continue
		}
		mu.Lock()
		at, ok := sent[*st.DelayMin]
		mu.Unlock()
		if ok {
			lat = append(lat, m.At.Sub(at))
		}
	}
	slices.Sort(lat)
	if len(lat) < answers/2 {
		t.Fatalf("%d states paired with answers", len(lat))
	}
	t.Logf("upstream answer to MQTT state over %d changes: median %s, p90 %s, max %s (upstream answers %d)",
		len(lat), lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*9/10].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond), seq)
}

type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) WriteHeader(int)             {}

// TestMeasureRushHour measures BENCHMARKS.md's "messages per hour at rush
// hour" (ABFAHRT_MEASURE=1 go test -count=1 -run TestMeasureRushHour -v
// ./hub/mqtt/): the embedded simulation from 07:00 on a Monday at 60
// times real speed, the hub's interval 15 simulated seconds, one stop
// (1008 Hauptbahnhof, the busiest) for one simulated hour. Its changes are
// counted in every answer the upstream gave for the stop, as the state
// shows it (the next 5 departures, times to the minute, no countdowns);
// the messages are the state messages the broker delivered.
func TestMeasureRushHour(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") == "" {
		t.Skip("a measurement; ABFAHRT_MEASURE=1 runs it")
	}
	const speed = 60
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip(err)
	}
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 11, 30, 7, 0, 0, 0, berlin), speed)})
	iv := 15 * time.Second / speed
	// The changes: every answer the upstream gives for the stop, as the
	// state shows it (the next 5 departures, times to the minute).
	var (
		mu             sync.Mutex
		changes, reads int
		last           string
	)
	observe := func(query string, body []byte) {
		if !strings.HasPrefix(query, "/stop/passage/Departures?") || !strings.Contains(query, "StopNumber=1008") {
			return
		}
		bd, err := feed.DecodeDepartures(body)
		if err != nil {
			return
		}
		var keys []string
		for _, e := range bd.Events {
			if e.Status.Done() {
				continue
			}
			keys = append(keys, watch.EventKey(e))
			if len(keys) == mqtt.DefaultDepartures {
				break
			}
		}
		mu.Lock()
		defer mu.Unlock()
		reads++
		if k := strings.Join(keys, ""); k != last {
			changes++
			last = k
		}
	}
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: sim.NewTransport(svc), LiveInterval: iv, Simulated: true, Observe: observe})
	if err != nil {
		t.Fatal(err)
	}
	c, err := hubtest.Client(m)
	if err != nil {
		t.Fatal(err)
	}
	w := watch.New(watch.Options{Client: c, Poll: iv / 2})
	defer w.Close()
	br := hubtest.NewBroker(t, "", true)
	h := hubtest.Subscribe(t, "tcp://"+br.Addr(), nil, "abfahrt/test/1008/next")
	s, err := mqtt.Resolve(mqtt.Config{Broker: "mqtt://" + br.Addr(), Hub: "test", Stops: []string{"1008"}}, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := mqtt.Start(mqtt.Options{Settings: s, Watcher: w, Logger: slog.New(slog.DiscardHandler), Tick: iv})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	time.Sleep(time.Hour / speed)
	time.Sleep(iv)
	msgs := len(h.On("abfahrt/test/1008/next"))
	mu.Lock()
	defer mu.Unlock()
	t.Logf("one simulated rush hour at 1008: %d state messages, %d changes of what the state shows, in %d upstream answers (one message per answer would be %d)",
		msgs, changes, reads, reads)
}
