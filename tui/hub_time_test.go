package tui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// Boards behind a hub (issue 21, items 1 and 2): the real mirror of
// abfahrt serve in front of the simulation, its upstream killed and
// brought back, and a board's real program reading the hub through the
// feed client, all on the synctest clock. The simulation runs on that
// clock, so "the real time" is time.Now.

// switchable is an upstream that can die: while down, every request
// fails as a refused connection does.
type switchable struct {
	rt   http.RoundTripper
	down atomic.Bool
}

func (s *switchable) RoundTrip(r *http.Request) (*http.Response, error) {
	if s.down.Load() {
		return nil, errors.New("dial tcp 127.0.0.1:8080: connect: connection refused")
	}
	return s.rt.RoundTrip(r)
}

// hubRig is a simulation, a hub (mirror) in front of it and a way to make
// feed clients of the hub.
type hubRig struct {
	up  *switchable
	hub http.Handler
}

func newHubRig(t *testing.T) *hubRig {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Time{}, 1)})
	up := &switchable{rt: sim.NewTransport(svc)}
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: up})
	if err != nil {
		t.Fatal(err)
	}
	return &hubRig{up: up, hub: m.Handler()}
}

// client is a board's feed client of the hub, over the hub's HTTP handler.
func (r *hubRig) client(t *testing.T) *feed.Client {
	t.Helper()
	c, err := feed.NewClient("http://hub.abfahrt.invalid"+mirror.BasePath,
		feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(r.hub)}), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// toDaytime moves the bubble's clock (which starts at midnight UTC) to
// 07:30 in Ulm, when the network is busy.
func toDaytime() {
	time.Sleep(6*time.Hour + 30*time.Minute)
}

// lastView returns the newest view recorded.
func lastView(mu *sync.Mutex, views *[]string) string {
	synctest.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(*views) == 0 {
		return ""
	}
	return (*views)[len(*views)-1]
}

// hubDrain lets every tick a stopped program left end: the base data's
// retry backs off to ten minutes while the hub fails.
const hubDrain = 11 * time.Minute

// headerClock is the time a board's header shows now: the real time (the
// tests look at whole minutes, when a frame of the minute before may
// still be the newest: a few seconds later is the same minute).
func headerClock() string { return time.Now().Add(-5 * time.Second).In(model.Berlin).Format("15:04") }

// A board that starts while the hub serves its last good answer (the
// upstream died two minutes ago) must not take the answer's standing
// CurrentTimestamp as "now": its header shows the real time, and within
// two intervals it says the data is stale. Today's code showed the
// frozen time as the clock and "updated < 30 s ago".
func TestBoardStartedBehindStaleHub(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		rig := newHubRig(t)
		// Another board of the same height (120×40: 36 rows, asked for
		// in steps of 20) behind the hub asked for the stop; then the
		// upstream died.
		if _, err := rig.client(t).StopDepartures(context.Background(), app.DefaultStop, 2*app.DefaultLimit); err != nil {
			t.Fatal(err)
		}
		rig.up.down.Store(true)
		time.Sleep(2 * time.Minute)

		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: rig.client(t), SourceName: "hub"}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		time.Sleep(2*feeds.DefaultInterval + 15*time.Second)
		v, clock := lastView(&mu, &views), headerClock()
		stop(hubDrain)
		if !strings.Contains(v, "◷ stale") {
			t.Errorf("a board on the hub's two-minute-old answer does not say it is stale:\n%s", v)
		}
		if !strings.Contains(v, clock) {
			t.Errorf("the header does not show the real time %s (a frozen timestamp taken as now?):\n%s", clock, v)
		}
		if strings.Contains(v, "updated < 30 s ago") || strings.Contains(v, "updated 0 s ago") {
			t.Errorf("the status bar calls two-minute-old data new:\n%s", v)
		}
		if strings.Contains(v, "service time") {
			t.Errorf("the status bar takes the frozen timestamp for the service's clock:\n%s", v)
		}
	})
}

// The kiosk version: started behind the same hub, it shows its "data
// delayed" banner within two intervals, and its big clock the real time.
func TestKioskStartedBehindStaleHub(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		rig := newHubRig(t)
		if _, err := rig.client(t).StopDepartures(context.Background(), app.DefaultStop, app.MaxLimit); err != nil {
			t.Fatal(err)
		}
		if _, err := rig.client(t).StopDepartures(context.Background(), app.DefaultStop, app.DefaultLimit); err != nil {
			t.Fatal(err)
		}
		rig.up.down.Store(true)
		time.Sleep(2 * time.Minute)

		var mu sync.Mutex
		var views []string
		m := viewRecorder{Model: rootModel(context.Background(), app.Options{Source: rig.client(t), SourceName: "hub",
			Kiosk: app.KioskOptions{Enabled: true, StaleAfter: 10 * time.Minute}}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 100, 30)
		time.Sleep(2*feeds.DefaultInterval + 15*time.Second)
		v, clock := lastView(&mu, &views), headerClock()
		stop(hubDrain)
		if !strings.Contains(v, "Data delayed") {
			t.Errorf("a kiosk on the hub's two-minute-old answer shows no banner:\n%s", v)
		}
		if big := kiosk.BigText(clock, 1); !strings.Contains(v, big[0]) || !strings.Contains(v, big[2]) {
			t.Errorf("the kiosk's clock does not show the real time %s:\n%s", clock, v)
		}
	})
}

// A board that runs through two outages of the hub's upstream (four
// minutes each) keeps the real time in its header all along, never says
// the service's clock differs, is marked stale during each outage and
// live again within a minute of each recovery. Today's code took the
// stale answers' frozen timestamps as clock samples: countdowns counted
// back up during the outage, and after it the clock ran fast.
func TestBoardThroughHubOutages(t *testing.T) {
	t.Run("hub", func(t *testing.T) { boardThroughOutages(t, false) })
	// A cache that says nothing of age or staleness (no Age, no
	// Warning): the frozen timestamps still never set the clock.
	t.Run("silent-cache", func(t *testing.T) { boardThroughOutages(t, true) })
}

// stripAge is a cache in front of a hub that drops what HTTP says of an
// answer's age.
type stripAge struct{ h http.Handler }

func (s stripAge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.h.ServeHTTP(headerDropper{w}, r)
}

type headerDropper struct{ http.ResponseWriter }

func (d headerDropper) WriteHeader(code int) {
	d.Header().Del("Age")
	d.Header().Del("Warning")
	d.ResponseWriter.WriteHeader(code)
}

func (d headerDropper) Write(b []byte) (int, error) {
	d.Header().Del("Age")
	d.Header().Del("Warning")
	return d.ResponseWriter.Write(b)
}

func boardThroughOutages(t *testing.T, silent bool) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		rig := newHubRig(t)
		if silent {
			rig.hub = stripAge{rig.hub}
		}
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: rig.client(t), SourceName: "hub"}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		defer stop(hubDrain)
		check := func(phase string, wantStale bool) {
			t.Helper()
			time.Sleep(10 * time.Second)
			v, clock := lastView(&mu, &views), headerClock()
			if !strings.Contains(v, clock) {
				t.Errorf("%s: the header does not show the real time %s:\n%s", phase, clock, v)
			}
			if strings.Contains(v, "service time") {
				t.Errorf("%s: the board says the service's clock differs from the real one:\n%s", phase, v)
			}
			if got := strings.Contains(v, "◷ stale"); got != wantStale {
				t.Errorf("%s: stale marked %v, want %v:\n%s", phase, got, wantStale, v)
			}
		}
		time.Sleep(3 * time.Minute)
		check("before the outage", false)
		for round := range 2 {
			rig.up.down.Store(true)
			for i := range 8 { // four minutes down, looked at every 30 s
				time.Sleep(30 * time.Second)
				if i >= 1 {
					check("outage "+ui.Itoa(round+1), true)
				}
			}
			rig.up.down.Store(false)
			time.Sleep(time.Minute)
			for range 6 { // three minutes after the recovery
				check("after recovery "+ui.Itoa(round+1), false)
				time.Sleep(30 * time.Second)
			}
		}
	})
}

// Until a board has had its first answer, a failing service is asked
// again at the poll interval, not after a growing backoff: after five
// failures a flaky service that answers at last is on the screen within
// one interval, not two minutes.
func TestFirstAnswerNotBackedOff(t *testing.T) {
	var p feeds.Poller
	pol := feeds.NewPolicy(feeds.DefaultInterval, 1)
	at := testkit.T0
	for range 5 {
		d := p.Settle(pol, errors.New("connection refused"), at, time.Time{}, feed.Answer{})
		if d > feeds.DefaultInterval*11/10 {
			t.Fatalf("retry in %v after %d failures before any answer, want about the interval", d, p.Failures)
		}
		at = at.Add(d)
	}
	p.Settle(pol, nil, at, at, feed.Answer{})
	at = at.Add(feeds.DefaultInterval)
	var d time.Duration
	for range 5 {
		d = p.Settle(pol, errors.New("connection refused"), at, time.Time{}, feed.Answer{})
		at = at.Add(d)
	}
	if d < 2*feeds.DefaultInterval {
		t.Errorf("after a first answer, five failures back off to %v only", d)
	}
}

// A hub's 502 names its upstream's failure in Go's words (Get "http://…":
// dial tcp …); the status bar says it in the board's language instead.
func TestHubErrorInBoardsLanguage(t *testing.T) {
	err := &feed.HTTPError{URL: "http://hub/mobility/v1/stop/passage/Departures", Status: 502,
		Body: `upstream unreachable: Get "http://127.0.0.1:8080/mobility/v1/stop/passage/Departures?StopNumber=1008": dial tcp 127.0.0.1:8080: connect: connection refused`}
	for _, lang := range []string{"en", "de"} {
		tx := ui.TextsFor(lang)
		got := app.ErrLine(tx, err)
		if strings.Contains(got, "dial tcp") || strings.Contains(got, "Get \"") || strings.Contains(got, "upstream") {
			t.Errorf("%s: the hub's error reaches the bar verbatim: %q", lang, got)
		}
		if !strings.Contains(got, "502") || !strings.Contains(got, "Hub") && !strings.Contains(got, "hub") {
			t.Errorf("%s: %q does not say the service behind the hub fails", lang, got)
		}
	}
	if got := app.ErrLine(ui.TextsFor("de"), err); !strings.Contains(got, "nicht erreichbar") {
		t.Errorf("German bar: %q", got)
	}
}

// A board on a hub whose upstream is the simulation (or straight on
// `abfahrt sim` over HTTP) says "simulated" in its status bar, as a board
// on the embedded simulation does: the hub passes the simulation's
// marker on. A station must never show an invented city as the real one.
func TestBoardBehindSimulatedHubSaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		toDaytime()
		rig := newHubRig(t)
		var mu sync.Mutex
		var views []string
		m := recorder{Model: New(app.Options{Source: rig.client(t), SourceName: "hub.example:8081"}), mu: &mu, views: &views}
		_, stop := runHeadless(t, m, 120, 40)
		time.Sleep(feeds.DefaultInterval)
		v := lastView(&mu, &views)
		stop(hubDrain)
		if !strings.Contains(v, "hub.example:8081 · simulated") {
			t.Errorf("a board behind a hub on the simulation does not say it is simulated:\n%s", v)
		}
	})
}
