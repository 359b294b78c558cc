package hub_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/hub"
	"abfahrt/internal/hubtest"
	"abfahrt/internal/lockbuf"
	"abfahrt/internal/recording"
	"abfahrt/internal/recording/replaytest"
	"abfahrt/model"
)

// countingUpstream is the simulation over loopback HTTP, counting the
// requests it gets per path.
func countingUpstream(t *testing.T) (string, func() map[string]int) {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1})
	var mu sync.Mutex
	count := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		count[r.URL.Path]++
		mu.Unlock()
		svc.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mobility/v1", func() map[string]int {
		mu.Lock()
		defer mu.Unlock()
		out := map[string]int{}
		for k, v := range count {
			out[k] = v
		}
		return out
	}
}

// stopHub stops h and fails t unless it ends cleanly.
func stopHub(t *testing.T, h *hubtest.Running) {
	t.Helper()
	if err := h.Stop(); err != nil {
		t.Errorf("the hub ended with %v:\n%s", err, h.Log.String())
	}
}

// serve --record records what its clients asked for without asking the
// upstream once more: the same clients' queries cost the same upstream
// requests with and without it, and the boards' departures are in the
// database afterwards.
func TestServeRecordNoExtraUpstream(t *testing.T) {
	queries := []string{"/stop/passage/Departures?StopNumber=1008&Limit=20", "/stop/passage/Departures?StopNumber=1240&Limit=10",
		"/stoppoint/passage/Departures?StopPointCode=135001&Limit=5", "/vehicle/trip/Trip"}
	runOnce := func(db string) (map[string]int, *lockbuf.Buffer) {
		upstream, counts := countingUpstream(t)
		h := hubtest.Start(t, func(o *hub.Options) {
			o.Upstream = upstream
			if db != "" {
				o.Record = hub.RecordOptions{On: true, DB: db, Keep: "90d"}
			}
		})
		base := h.Root + mirror.BasePath
		for range 3 {
			for _, q := range queries {
				if status, body := get(t, base+q); status != http.StatusOK {
					t.Fatalf("%s: %d %.200s", q, status, body)
				}
			}
		}
		stopHub(t, h)
		return counts(), h.Log
	}
	plain, _ := runOnce("")
	db := filepath.Join(t.TempDir(), "history.db")
	recorded, errb := runOnce(db)
	if fmt.Sprint(plain) != fmt.Sprint(recorded) {
		t.Errorf("upstream requests without --record %v, with %v: want the same", plain, recorded)
	}
	if !strings.Contains(errb.String(), `msg="record: recording"`) || !strings.Contains(errb.String(), `msg="record: stopped"`) {
		t.Errorf("no start and stop lines of the recording:\n%s", errb.String())
	}
	store, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	evs, err := store.Events(context.Background(), time.Now().Add(-3*time.Hour), time.Now().Add(6*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	points := map[string]int{}
	for _, e := range evs {
		points[e.StopPoint[:4]]++
	}
	if points["1008"] < 10 || points["1240"] == 0 || points["1350"] == 0 {
		t.Errorf("recorded departures per stop %v, want those of 1008, 1240 and 1350", points)
	}
}

// A history database that cannot be opened (its directory is a file):
// a clear error in the log, and the hub serves on.
func TestServeRecordBadDatabaseServesOn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	h := hubtest.Start(t, func(o *hub.Options) {
		o.Record = hub.RecordOptions{On: true, DB: filepath.Join(file, "history.db"), Keep: "90d"}
	})
	base, errb := h.Root+mirror.BasePath, h.Log
	if status, body := get(t, base+"/stop/passage/Departures?StopNumber=1008&Limit=3"); status != http.StatusOK {
		t.Fatalf("departures with the database away: %d %.200s", status, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(errb.String(), "cannot open the history database") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(errb.String(), "cannot open the history database") || !strings.Contains(errb.String(), "the hub serves on") {
		t.Errorf("no clear error for the database:\n%s", errb.String())
	}
	stopHub(t, h)
	if !strings.Contains(errb.String(), "never reachable") {
		t.Errorf("the stop does not say the recording was lost:\n%s", errb.String())
	}
}

// An attacker's many sessions against a recording hub whose database is
// stuck (another process holds it locked): the sessions' answers come as
// fast as from a hub that does not record (p99 within 3x + 100 ms, the
// slowest within twice + 1 s), and what was recorded is written once the
// lock is gone.
func TestServeRecordDoesNotSlowSessions(t *testing.T) {
	const clients, perClient = 32, 40
	stops := func(base string) []int {
		_, body := get(t, base+"/stop/attributes/BaseData")
		var n []int
		for i := 1000; i < 1400 && len(n) < 200; i++ {
			if strings.Contains(body, fmt.Sprintf(`"StopNumber":%d,`, i)) {
				n = append(n, i)
			}
		}
		return n
	}
	hammer := func(base string, list []int) (p50, p99, worst time.Duration) {
		var mu sync.Mutex
		var took []time.Duration
		var next atomic.Int64
		var wg sync.WaitGroup
		hc := &http.Client{Timeout: 10 * time.Second}
		for range clients {
			wg.Go(func() {
				for range perClient {
					i := next.Add(1)
					u := fmt.Sprintf("%s/stop/passage/Departures?StopNumber=%d&Limit=%d", base, list[int(i)%len(list)], 5+int(i)%30)
					t0 := time.Now()
					resp, err := hc.Get(u)
					if err != nil {
						t.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					_ = resp.Body.Close()
					mu.Lock()
					took = append(took, time.Since(t0))
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(took)
		return took[len(took)/2], took[len(took)*99/100], took[len(took)-1]
	}

	h := hubtest.Start(t, nil)
	base := h.Root + mirror.BasePath
	list := stops(base)
	if len(list) < 50 {
		t.Fatalf("%d stops", len(list))
	}
	p50, p99, worst := hammer(base, list)
	stopHub(t, h)

	db := filepath.Join(t.TempDir(), "history.db")
	s, err := history.Open(context.Background(), db, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	lock, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	conn, err := lock.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	h = hubtest.Start(t, func(o *hub.Options) { o.Record = hub.RecordOptions{On: true, All: true, DB: db, Keep: "90d"} })
	base, errb := h.Root+mirror.BasePath, h.Log
	// The boards go on while the database refuses the writes.
	deadline := time.Now().Add(40 * time.Second)
	for !strings.Contains(errb.String(), `level=ERROR msg="record:`) && time.Now().Before(deadline) {
		_, _ = get(t, base+"/stop/passage/Departures?StopNumber=1008&Limit=20")
		time.Sleep(200 * time.Millisecond)
	}
	if !strings.Contains(errb.String(), `level=ERROR msg="record:`) {
		t.Fatalf("no error with the database locked:\n%s", errb.String())
	}
	rp50, rp99, rworst := hammer(base, list)
	t.Logf("%d sessions x %d boards: without recording p50 %v p99 %v max %v; recording into a locked database p50 %v p99 %v max %v",
		clients, perClient, p50, p99, worst, rp50, rp99, rworst)
	if rworst > 2*worst+time.Second || rp99 > 3*p99+100*time.Millisecond {
		t.Errorf("recording slows the sessions: p99 %v (without %v), max %v", rp99, p99, rworst)
	}
	if _, err := conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
	stopHub(t, h)
	store, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	evs, err := store.Events(context.Background(), time.Now().Add(-3*time.Hour), time.Now().Add(6*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) < 100 {
		t.Errorf("%d departures written after the lock, want the sessions' boards", len(evs))
	}
}

// serve --record --all keeps what a replay serves besides the boards: the
// base data, the trips of all vehicles, the vehicles' passages, the
// arrivals its clients asked for and the alerts, and that its upstream is
// the simulation; a replay of its database answers them as recorded.
func TestServeRecordAllKeepsWhatReplayServes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "history.db")
	// A weekday's noon: vehicles are in service (early on a Sunday none
	// is, and no vehicle's passages would be asked).
	noon, began := time.Date(2026, 9, 11, 12, 0, 0, 0, model.Berlin), time.Now()
	h := hubtest.Start(t, func(o *hub.Options) {
		o.Record = hub.RecordOptions{On: true, All: true, DB: db, Keep: "90d"}
		o.SimStart = noon
	})
	base := h.Root + mirror.BasePath
	if status, body := get(t, base+"/stop/passage/Arrivals?StopNumber=1008&Limit=10"); status != http.StatusOK {
		t.Fatalf("arrivals: %d %.200s", status, body)
	}
	// The trips, then some vehicles' passages, written within 5 s of
	// being asked (at most 30 s on a busy machine).
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		var n int
		if s, err := history.Open(context.Background(), db, history.Options{ReadOnly: true}); err == nil {
			_ = s.DB().QueryRow(`SELECT COUNT(*) FROM answers WHERE subject LIKE 'passage/%'`).Scan(&n)
			_ = s.Close()
		}
		if n > 0 {
			break
		}
	}
	stopHub(t, h)
	store, err := history.Open(context.Background(), db, history.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = store.Close() }()
	var vehicle string
	if err := store.DB().QueryRow(`SELECT substr(subject, 9) FROM answers WHERE subject LIKE 'passage/%' LIMIT 1`).Scan(&vehicle); err != nil {
		t.Fatalf("no vehicle's passages kept: %v", err)
	}
	// The replay starts where the recording ended, on the simulation's clock.
	at := noon.Add(time.Since(began)).Format(time.RFC3339)
	rh, _, rstore, err := recording.OpenReplay(context.Background(), db, at, 1, 1, 15*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rstore.Close() })
	replay := replaytest.Serve(t, rh)
	trips, hdr := replaytest.ThirdParty(t, replay+"/vehicle/trip/Trip")
	if replaytest.Str(trips, "CurrentStatus") != "OK" || len(replaytest.List(t, trips, "TripData")) < 100 || hdr.Get("Abfahrt-Simulated") != "1" || hdr.Get("Abfahrt-Replay") == "" {
		t.Errorf("replayed trips: %q, %d vehicles, headers %v", replaytest.Str(trips, "CurrentStatus"), len(replaytest.List(t, trips, "TripData")), hdr)
	}
	p, _ := replaytest.ThirdParty(t, replay+"/vehicle/trip/Passage?VehicleNumber="+vehicle)
	if replaytest.Str(p, "State") != "ok" || len(replaytest.List(t, p, "PassageData")) == 0 {
		t.Errorf("replayed passages of vehicle %s: %q, %d", vehicle, replaytest.Str(p, "State"), len(replaytest.List(t, p, "PassageData")))
	}
	a, _ := replaytest.ThirdParty(t, replay+"/stop/passage/Arrivals?StopNumber=1008&Limit=10")
	if replaytest.Str(a, "State") != "ok" || len(replaytest.List(t, a, "ArrivalData")) == 0 {
		t.Errorf("replayed arrivals: %q, %d", replaytest.Str(a, "State"), len(replaytest.List(t, a, "ArrivalData")))
	}
	v, hdr := replaytest.ThirdParty(t, replay+"/VersionInfo")
	if strings.Contains(replaytest.Str(v, "CurrentStatus"), "simulation") || hdr.Get("Abfahrt-Replay-Base") != "" {
		t.Errorf("the hub's base data were not kept: %q, %v", replaytest.Str(v, "CurrentStatus"), hdr)
	}
}
