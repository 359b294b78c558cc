package gtfsmount

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	gtfsrt "github.com/MobilityData/gtfs-realtime-bindings/golang/gtfs"
	"google.golang.org/protobuf/proto"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/gtfs"
	"abfahrt/history"
	"abfahrt/hub"
	"abfahrt/internal/recording"
)

// rush is a Tuesday's morning rush hour.
var rush = time.Date(2026, 10, 20, 7, 40, 0, 0, sim.Location())

// movedClock is the simulation's clock, moved by the test.
type movedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *movedClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// recordRush records the simulation from from to to as abfahrt record
// --stop 1008 --all --keep-raw does (the boards, base data, alerts, the
// trips of all vehicles and their passages), into a database file it
// returns.
func recordRush(t *testing.T, from, to time.Time, interval time.Duration) string {
	t.Helper()
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "h.db")
	store, err := history.Open(ctx, db, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	clock := &movedClock{t: from}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	r := &history.Recorder{}
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: recording.Tap{Next: sim.NewTransport(svc), Keep: recording.Keep(r, true)}}),
		feed.WithCacheDir(""), feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	r.Store, r.Source, r.Subjects, r.Interval = store, client, recording.WithArrivals([]history.Subject{{Stop: 1008}}), interval
	x := &recording.Extras{Client: client, Interval: interval, Alerts: true,
		Network: &history.Network{Source: client, Interval: interval, Rate: 4}}
	for at := from; !at.After(to); at = at.Add(interval) {
		clock.set(at)
		for i := range r.Subjects {
			if err := r.Poll(ctx, i); err != nil {
				t.Fatal(err)
			}
		}
		x.Tick(ctx, at)
		if _, err := r.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	return db
}

// serveReplay serves the recording in db as abfahrt replay --from from
// does, on a loopback port; it returns the base URL.
func serveReplay(t *testing.T, db string, from time.Time, interval time.Duration) string {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	h, _, store, err := recording.OpenReplay(ctx, db, from.Format(time.RFC3339), 1, 1, interval, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sim.Serve(ctx, ln, h, sim.ServerOptions{}) }()
	t.Cleanup(func() { stop(); <-done; _ = store.Close() })
	return "http://" + ln.Addr().String() + mirror.BasePath
}

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

// startHub runs abfahrt serve's hub with the GTFS-Realtime feeds (Parts)
// in front of upstream on a loopback port; it returns its root URL.
func startHub(t *testing.T, upstream, static string) (string, *logBuffer) {
	t.Helper()
	logb := &logBuffer{}
	gm, gp := Parts(static, gtfs.DefaultLimits)
	o := hub.Options{Listen: "127.0.0.1:0", Upstream: upstream, Logger: slog.New(slog.NewTextHandler(logb, nil)),
		Timeout: 5 * time.Second, Drain: 2 * time.Second, MaxConns: 64, StaleFor: time.Minute,
		Mounts: []hub.Mount{gm}, Publishers: []hub.Publisher{gp}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- hub.Run(ctx, o) }()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := servingURL.FindStringSubmatch(logb.String()); m != nil {
			return strings.TrimSuffix(m[1], mirror.BasePath), logb
		}
		select {
		case err := <-done:
			t.Fatalf("hub ended: %v\n%s", err, logb.String())
		default:
		}
	}
	t.Fatalf("the hub did not start:\n%s", logb.String())
	return "", nil
}

func get(t *testing.T, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u) //nolint:noctx // a loopback test server
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestFeedsOfAReplayRunOnItsClock: the hub in front of abfahrt replay (a
// recorded rush hour, weeks before the wall clock) publishes the trips
// under way at the replay's time: the feeds' now is the service's clock,
// not the wall clock, by which every recorded trip is over. /healthz
// says the feeds' state.
func TestFeedsOfAReplayRunOnItsClock(t *testing.T) {
	const interval = 15 * time.Second
	from, to := rush.Add(-12*time.Minute), rush
	db := recordRush(t, from, to, interval)
	replayAt := rush.Add(-4 * time.Minute)
	root, logb := startHub(t, serveReplay(t, db, replayAt, interval), "")
	code, body := get(t, root+"/gtfs-rt/trip-updates")
	if code != http.StatusOK {
		t.Fatalf("trip updates: %d %s\n%s", code, body, logb.String())
	}
	var msg gtfsrt.FeedMessage
	if err := proto.Unmarshal(body, &msg); err != nil {
		t.Fatal(err)
	}
	ts := time.Unix(int64(msg.GetHeader().GetTimestamp()), 0)
	if ts.Before(replayAt.Add(-interval)) || ts.After(replayAt.Add(time.Minute)) {
		t.Errorf("feed timestamp %s, want the replay's time %s, not the wall clock's", ts.In(sim.Location()), replayAt)
	}
	ahead := 0
	for _, e := range msg.Entity {
		for _, s := range e.GetTripUpdate().GetStopTimeUpdate() {
			if d := s.GetDeparture(); d != nil && d.GetTime() >= ts.Unix() {
				ahead++
				break
			}
		}
	}
	t.Logf("feed at %s: %d trip updates, %d with departures ahead", ts.In(sim.Location()).Format(time.TimeOnly), len(msg.Entity), ahead)
	if ahead < 5 {
		t.Errorf("%d trip updates with departures ahead of the replay's time, want the trips under way\n%s", ahead, logb.String())
	}
	code, body = get(t, root+"/healthz")
	var h struct {
		GTFSRT struct {
			Built     bool `json:"built"`
			Unmatched int  `json:"unmatched"`
		} `json:"gtfs_rt"`
	}
	if err := json.Unmarshal(body, &h); err != nil || code != http.StatusOK || !h.GTFSRT.Built || h.GTFSRT.Unmatched < 5 {
		t.Errorf("/healthz: %d %s (%v)", code, body, err)
	}
}

// failFirst serves the simulation, answering the first n requests for
// the stop points' base data with 503, as an upstream that is down when
// the hub starts.
type failFirst struct {
	next http.Handler
	mu   sync.Mutex
	n    int
}

func (f *failFirst) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/stoppoint/attributes/BaseData") {
		f.mu.Lock()
		fail := f.n > 0
		f.n--
		f.mu.Unlock()
		if fail {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
			return
		}
	}
	f.next.ServeHTTP(w, r)
}

// TestStaticLoadedForTheNetworkOnceItAnswers: when the live stop points
// fail as the hub starts, the static GTFS is not loaded whole (the
// national feed would be refused); the hub says it waits, serves the
// stop-based feeds, and loads it for the network once they answer.
func TestStaticLoadedForTheNetworkOnceItAnswers(t *testing.T) {
	// The mirror holds a failed answer up to 5 s: ask again for 20 s.
	networkRetry, networkTries = 200*time.Millisecond, 100
	t.Cleanup(func() { networkRetry, networkTries = 30*time.Second, 20 })
	zipPath := filepath.Join(t.TempDir(), "sim.zip")
	out, err := os.Create(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gtfs.Export(out, gtfs.ExportOptions{From: time.Now(), Days: 1}); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Time{}, 1)})
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sim.Serve(sctx, ln, &failFirst{next: svc, n: 1}, sim.ServerOptions{}) }()
	t.Cleanup(func() { stop(); <-done })
	root, logb := startHub(t, "http://"+ln.Addr().String()+mirror.BasePath, zipPath)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(logb.String(), "static GTFS loaded") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	log := logb.String()
	if !strings.Contains(log, "loaded for the network once they answer") {
		t.Errorf("no word of waiting for the live stop points:\n%s", log)
	}
	if !strings.Contains(log, "for_network=true") || strings.Contains(log, "loaded whole") {
		t.Fatalf("the static GTFS was not loaded for the network:\n%s", log)
	}
	code, body := get(t, root+"/healthz")
	if code != http.StatusOK || !strings.Contains(string(body), `"static": "`+zipPath) || strings.Contains(string(body), `"problem"`) {
		t.Errorf("/healthz: %d %s", code, body)
	}
}
