package rt

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
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
	"abfahrt/model"
)

// rush is a Tuesday's morning rush hour.
var rush = time.Date(2026, 10, 20, 7, 40, 0, 0, sim.Location())

var staticWeek = sync.OnceValues(func() (*gtfs.Feed, error) {
	var buf bytes.Buffer
	if _, err := gtfs.Export(&buf, gtfs.ExportOptions{From: rush.AddDate(0, 0, -1), Days: 3}); err != nil {
		return nil, err
	}
	return gtfs.Load(buf.Bytes(), gtfs.DefaultLimits)
})

// rig is a hub's feeds over a mirror of the simulation frozen at `at`.
type rig struct {
	svc    *sim.Service
	mirror *mirror.Mirror
	client *feed.Client // through the mirror, as the hub's own
	hub    *Hub
	static *gtfs.Feed
	edit   *editTransport // the service as the hub sees it, edited
}

// editTransport passes requests on and, when drop is set, removes from
// the JSON answers of paths containing dropPath every object of a list
// for which drop is true: a service that stops reporting a departure.
type editTransport struct {
	next http.RoundTripper
	mu   sync.Mutex
	drop func(path string, q url.Values, obj map[string]any) bool
}

func (e *editTransport) set(drop func(path string, q url.Values, obj map[string]any) bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.drop = drop
}

func (e *editTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := e.next.RoundTrip(req)
	e.mu.Lock()
	drop := e.drop
	e.mu.Unlock()
	if err != nil || drop == nil || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) == nil {
		v = dropIn(v, func(o map[string]any) bool { return drop(req.URL.Path, req.URL.Query(), o) })
		if b, err := json.Marshal(v); err == nil {
			body = b
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Del("Content-Length")
	resp.Header.Del("ETag")
	return resp, nil
}

func dropIn(v any, drop func(map[string]any) bool) any {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			x[k] = dropIn(c, drop)
		}
	case []any:
		out := x[:0]
		for _, c := range x {
			if o, ok := c.(map[string]any); ok && drop(o) {
				continue
			}
			out = append(out, dropIn(c, drop))
		}
		return out
	}
	return v
}

func newRig(t testing.TB, at time.Time, withStatic bool) *rig {
	t.Helper()
	r := &rig{svc: sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})}
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: sim.NewTransport(r.svc)})
	if err != nil {
		t.Fatal(err)
	}
	r.mirror = m
	r.edit = &editTransport{next: sim.NewTransport(m)}
	r.client, err = feed.NewClient("http://hub.invalid"+mirror.BasePath, feed.WithHTTPClient(&http.Client{Transport: r.edit}),
		feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	r.hub = New(Options{Client: r.client, Now: func() time.Time { return at }})
	if withStatic {
		f, err := staticWeek()
		if err != nil {
			t.Fatal(err)
		}
		r.static = f
		r.hub.SetStatic(gtfs.NewMatcher(f), "export", "")
	}
	return r
}

// settle refreshes until every vehicle in service has its passages (the
// budget asks some each interval).
func (r *rig) settle(t testing.TB) {
	t.Helper()
	for i := range 60 {
		before := r.hub.requests.Load()
		if err := r.hub.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		// Trips, alert and the start boards only: every vehicle's
		// passages are kept; and every start board has been asked.
		if r.hub.requests.Load()-before <= 2+startBoards && (i+1)*startBoards >= r.startStops() {
			return
		}
	}
}

// startStops is how many stops (or stop points) the hub asks in turn for
// the trips not started.
func (r *rig) startStops() int {
	if sf := r.hub.static.Load(); sf != nil && sf.m != nil {
		return len(sf.m.FirstStops())
	}
	r.hub.mu.Lock()
	defer r.hub.mu.Unlock()
	codes := map[model.StopPointCode]bool{}
	for _, f := range firstPoints(r.hub.routes) {
		codes[f.code] = true
	}
	return len(codes)
}

func (r *rig) feed(t testing.TB, path string) *gtfsrt.FeedMessage {
	t.Helper()
	rec := httptest.NewRecorder()
	r.hub.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	var msg gtfsrt.FeedMessage
	if err := proto.Unmarshal(rec.Body.Bytes(), &msg); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &msg
}

var (
	settledOnce sync.Once
	settled     *rig
)

// settledRig is one rig with the static export at rush hour, settled,
// shared by the tests that only read its feeds.
func settledRig(t *testing.T) *rig {
	settledOnce.Do(func() {
		settled = newRig(t, rush, true)
		settled.settle(t)
	})
	if settled == nil || settled.hub.cur.Load() == nil {
		t.Fatal("no settled rig")
	}
	return settled
}

// TestTripUpdatesMatchTheStaticExport: at rush hour, at least 98 % of the
// live trips match a trip of the exported static feed and none is
// ambiguous; and the boards' departures have their predicted times in the
// trip updates, at the static stop ids.
func TestTripUpdatesMatchTheStaticExport(t *testing.T) {
	r := settledRig(t)
	st := r.hub.Status()
	n := st.Matched + st.Ambiguous + st.Unmatched
	t.Logf("matched %d, ambiguous %d, unmatched %d", st.Matched, st.Ambiguous, st.Unmatched)
	if n < 50 || st.MatchShare < 0.98 || st.Ambiguous != 0 {
		t.Fatalf("matched %d of %d trips (%.1f %%), %d ambiguous; want ≥ 98 %% and 0", st.Matched, n, 100*st.MatchShare, st.Ambiguous)
	}
	tu := r.feed(t, PathTripUpdates)
	byVehicle := map[string][]*gtfsrt.TripUpdate{} // its current trip, and its next at the next's first stop
	for _, e := range tu.Entity {
		v := e.GetTripUpdate().GetVehicle().GetId()
		byVehicle[v] = append(byVehicle[v], e.GetTripUpdate())
	}
	m := gtfs.NewMatcher(r.static)
	compared, onBoards, matched := 0, 0, 0
	for _, stop := range []int{1008, 1350, 1010, 1711, 1240, 1020, 1200, 1390, 1249, 1000} {
		b, err := r.client.StopDepartures(context.Background(), stop, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Events {
			if e.VehicleNumber == 0 || !e.Actual.Known() {
				continue
			}
			onBoards++
			us := byVehicle[itoa(e.VehicleNumber)]
			if len(us) == 0 || us[0].GetTrip().GetTripId() == "" {
				continue
			}
			matched++
			sid := r.static.Stops[m.Stop(string(e.StopPointCode))].ID
		updates:
			for _, u := range us {
				for _, s := range u.StopTimeUpdate {
					if s.GetStopId() == sid && s.GetDeparture() != nil {
						compared++
						if d := s.GetDeparture().GetTime() - e.Actual.Unix(); d < -60 || d > 60 {
							t.Errorf("stop %d line %s vehicle %d: trip update says %s, board %s", stop, e.RouteName, e.VehicleNumber,
								time.Unix(s.GetDeparture().GetTime(), 0).In(sim.Location()).Format("15:04:05"), e.Actual.Format("15:04:05"))
						}
						break updates
					}
				}
			}
		}
	}
	t.Logf("board departures with a vehicle: %d; of their vehicles' current trips matched %d, times compared %d", onBoards, matched, compared)
	if compared < 50 {
		t.Errorf("only %d departures compared", compared)
	}
}

func itoa(n int) string { return string(appendInt(nil, n)) }

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// TestFeedsKeepTheValidatorsRules holds the three feeds to the rules of
// MobilityData's validator that hold offline: version and timestamp, ids
// known to the static feed, stop sequences and times increasing within a
// trip, no update of an ended trip, positions inside the network's area.
func TestFeedsKeepTheValidatorsRules(t *testing.T) {
	r := settledRig(t)
	f := r.static
	trips, routes := map[string]*gtfs.Trip{}, map[string]bool{}
	for i := range f.Trips {
		trips[f.Trips[i].ID] = &f.Trips[i]
	}
	for _, ro := range f.Routes {
		routes[ro.ID] = true
	}
	minLat, maxLat, minLon, maxLon := 90.0, -90.0, 180.0, -180.0
	for _, s := range f.Stops {
		minLat, maxLat, minLon, maxLon = min(minLat, s.Lat), max(maxLat, s.Lat), min(minLon, s.Lon), max(maxLon, s.Lon)
	}
	for _, path := range []string{PathTripUpdates, PathVehicles, PathAlerts} {
		msg := r.feed(t, path)
		h := msg.GetHeader()
		if h.GetGtfsRealtimeVersion() != "2.0" || h.GetIncrementality() != gtfsrt.FeedHeader_FULL_DATASET {
			t.Errorf("%s: header %v", path, h)
		}
		if ts := time.Unix(int64(h.GetTimestamp()), 0); rush.Sub(ts) > 30*time.Second || ts.After(rush.Add(time.Second)) {
			t.Errorf("%s: timestamp %s, want within two intervals of %s", path, ts, rush)
		}
		ids := map[string]bool{}
		for _, e := range msg.Entity {
			if ids[e.GetId()] {
				t.Errorf("%s: entity id %s twice", path, e.GetId())
			}
			ids[e.GetId()] = true
		}
	}
	tu := r.feed(t, PathTripUpdates)
	if len(tu.Entity) < 50 {
		t.Fatalf("%d trip updates at rush hour", len(tu.Entity))
	}
	for _, e := range tu.Entity {
		u := e.GetTripUpdate()
		td := u.GetTrip()
		if id := td.GetTripId(); id != "" && trips[id] == nil {
			t.Errorf("%s: trip_id %s not in the static feed", e.GetId(), id)
		}
		if !routes[td.GetRouteId()] {
			t.Errorf("%s: route_id %s not in the static feed", e.GetId(), td.GetRouteId())
		}
		lastSeq, lastT := int64(-1), int64(0)
		for _, s := range u.StopTimeUpdate {
			if f.StopIndex(s.GetStopId()) < 0 {
				t.Errorf("%s: stop_id %s not in the static feed", e.GetId(), s.GetStopId())
			}
			if int64(s.GetStopSequence()) <= lastSeq {
				t.Errorf("%s: stop_sequence %d after %d", e.GetId(), s.GetStopSequence(), lastSeq)
			}
			lastSeq = int64(s.GetStopSequence())
			for _, ev := range []*gtfsrt.TripUpdate_StopTimeEvent{s.GetArrival(), s.GetDeparture()} {
				if ev == nil {
					continue
				}
				if ev.GetTime() < lastT {
					t.Errorf("%s: time %d before %d at stop_sequence %d", e.GetId(), ev.GetTime(), lastT, s.GetStopSequence())
				}
				lastT = ev.GetTime()
			}
		}
		if n := len(u.StopTimeUpdate); n > 0 {
			last := u.StopTimeUpdate[n-1]
			end := max(last.GetArrival().GetTime(), last.GetDeparture().GetTime())
			if end != 0 && end < rush.Unix()-60 {
				t.Errorf("%s: an update of a trip that ended at %s", e.GetId(), time.Unix(end, 0))
			}
		}
	}
	for _, e := range r.feed(t, PathVehicles).Entity {
		p := e.GetVehicle().GetPosition()
		lat, lon := float64(p.GetLatitude()), float64(p.GetLongitude())
		if lat < minLat-0.01 || lat > maxLat+0.01 || lon < minLon-0.01 || lon > maxLon+0.01 {
			t.Errorf("%s: position %.5f,%.5f outside the network", e.GetId(), lat, lon)
		}
	}
}

// TestFeedsWithoutStaticAreStopBased: without a static feed the trips are
// described by route, direction, start date and time, the stops by the
// service's codes and scheduled times, and nothing counts as matched.
func TestFeedsWithoutStaticAreStopBased(t *testing.T) {
	r := newRig(t, rush, false)
	r.settle(t)
	tu := r.feed(t, PathTripUpdates)
	if len(tu.Entity) < 50 {
		t.Fatalf("%d trip updates", len(tu.Entity))
	}
	for _, e := range tu.Entity {
		td := e.GetTripUpdate().GetTrip()
		if td.GetTripId() != "" || td.GetRouteId() == "" || td.DirectionId == nil || len(td.GetStartDate()) != 8 || len(td.GetStartTime()) != 8 {
			t.Fatalf("%s: descriptor %v, want route, direction, start date and time", e.GetId(), td)
		}
	}
	if st := r.hub.Status(); st.Matched != 0 || st.Static != "" {
		t.Errorf("status %+v", st)
	}
}

// TestFeedsOverHTTP: protobuf, gzip when asked, ETag and 304, the
// interval's Cache-Control, JSON for people; built once, not per request.
func TestFeedsOverHTTP(t *testing.T) {
	r := settledRig(t)
	srv := httptest.NewServer(r.hub)
	defer srv.Close()
	before := r.hub.requests.Load()
	for _, path := range []string{PathTripUpdates, PathVehicles, PathAlerts} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-protobuf" || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d %v", path, resp.StatusCode, resp.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		pb, _ := io.ReadAll(zr)
		var msg gtfsrt.FeedMessage
		if err := proto.Unmarshal(pb, &msg); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if cc := resp.Header.Get("Cache-Control"); cc == "" || cc == "no-store" {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
		etag := resp.Header.Get("ETag")
		req.Header.Set("If-None-Match", etag)
		resp, err = http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if etag == "" || resp.StatusCode != http.StatusNotModified {
			t.Errorf("%s: ETag %q, again with If-None-Match: %d, want 304", path, etag, resp.StatusCode)
		}
		resp, err = http.Get(srv.URL + path + "?format=json")
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		err = json.NewDecoder(resp.Body).Decode(&v)
		_ = resp.Body.Close()
		if err != nil || v["header"] == nil {
			t.Errorf("%s?format=json: %v %v", path, err, v)
		}
	}
	if after := r.hub.requests.Load(); after != before {
		t.Errorf("serving the feeds asked %d live requests; the feeds are built once an interval", after-before)
	}
}

// TestFeedsOnDemandAskNothingUntilAsked: a hub serving the feeds on
// demand asks the upstream nothing until a client asks for a feed, then
// answers that client with a fresh build.
func TestFeedsOnDemandAskNothingUntilAsked(t *testing.T) {
	r := newRig(t, rush, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.hub.Serve(ctx)
	time.Sleep(100 * time.Millisecond)
	if n := r.hub.requests.Load(); n != 0 {
		t.Fatalf("%d live requests before anyone asked", n)
	}
	msg := r.feed(t, PathVehicles)
	if len(msg.Entity) == 0 || r.hub.requests.Load() == 0 {
		t.Fatalf("first request: %d vehicles after %d live requests", len(msg.Entity), r.hub.requests.Load())
	}
}

// TestGhostTripsAreCanceled: the trips no vehicle runs (the simulation's
// truth) that start within the next 25 minutes are CANCELED in the trip
// updates, and no other trip is; trips not started with a vehicle have
// their predicted start.
func TestGhostTripsAreCanceled(t *testing.T) {
	r := settledRig(t)
	ghosts := r.svc.TrueGhosts(rush, rush.Add(ghostWithin))
	want := map[string]bool{}
	for _, g := range ghosts {
		want[g.Line+" "+g.Start.Format("15:04")] = true
	}
	got := map[string]bool{}
	upcoming := 0
	for _, e := range r.feed(t, PathTripUpdates).Entity {
		u := e.GetTripUpdate()
		tr := r.static.Trips[r.static.TripIndex(u.GetTrip().GetTripId())]
		key := r.static.Routes[tr.Route].ShortName + " " + u.GetTrip().GetStartTime()[:5]
		switch {
		case u.GetTrip().GetScheduleRelationship() == gtfsrt.TripDescriptor_CANCELED:
			got[key] = true
			if !want[key] {
				t.Errorf("trip %s CANCELED, but a vehicle runs it", u.GetTrip().GetTripId())
			}
		case len(u.StopTimeUpdate) == 1 && u.StopTimeUpdate[0].GetStopSequence() == uint32(tr.StopTimes[0].Seq):
			upcoming++
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("ghost %s not CANCELED", k)
		}
	}
	t.Logf("%d ghosts within 25 minutes, %d CANCELED; %d trips not started with a predicted start", len(want), len(got), upcoming)
	if upcoming < 10 {
		t.Errorf("%d trips not started with a predicted start", upcoming)
	}
}

// TestAlertClosedStopsAreSkipped: at rush hour the simulation's alert
// closes stops of lines 4, 6 and 11 ("Linie 4: Die Haltestelle Ehinger
// Tor wird ... nicht bedient", "die Haltestellen Mariusweg und
// Hörvelsinger Weg entfallen"): the trip updates of those lines have
// those stops SKIPPED before the vehicle gets there, and other lines
// still serve them.
func TestAlertClosedStopsAreSkipped(t *testing.T) {
	r := settledRig(t)
	closed := map[string][]string{"4": {"Ehinger Tor"}, "6": {"Mariusweg", "Hörvelsinger Weg"}, "11": {"Bradleystraße", "Kranzweg"}}
	station := func(id string) string {
		s := r.static.Stops[r.static.StopIndex(id)]
		if s.Parent != "" {
			if i := r.static.StopIndex(s.Parent); i >= 0 {
				return r.static.Stops[i].Name
			}
		}
		return s.Name
	}
	closedAt := map[string]bool{}
	for _, names := range closed {
		for _, n := range names {
			closedAt[n] = true
		}
	}
	skipped := 0
	for _, e := range r.feed(t, PathTripUpdates).Entity {
		u := e.GetTripUpdate()
		ti := r.static.TripIndex(u.GetTrip().GetTripId())
		if ti < 0 {
			continue
		}
		line := r.static.Routes[r.static.Trips[ti].Route].ShortName
		for _, s := range u.StopTimeUpdate {
			name := station(s.GetStopId())
			isSkipped := s.GetScheduleRelationship() == gtfsrt.TripUpdate_StopTimeUpdate_SKIPPED
			switch {
			case slices.Contains(closed[line], name):
				if !isSkipped {
					t.Errorf("line %s trip %s: %s is served, but the alert closes it", line, u.GetTrip().GetTripId(), name)
				}
				skipped++
			case closedAt[name] && isSkipped:
				t.Errorf("line %s trip %s: %s SKIPPED, but the alert closes it for another line", line, u.GetTrip().GetTripId(), name)
			}
		}
	}
	t.Logf("%d stop time updates at closed stops", skipped)
	if skipped < 3 {
		t.Errorf("%d stop time updates at stops the alert closes; want the trips of lines 4, 6 and 11 ahead of them", skipped)
	}
}

// TestGoneDepartureIsSkipped: when the service stops reporting a
// departure of a vehicle's trip ahead (it leaves the vehicle's passages
// and the stop's board, while the trip goes on beyond it), the trip
// update says SKIPPED at that stop until its time, and keeps the stops
// after it.
func TestGoneDepartureIsSkipped(t *testing.T) {
	r := newRig(t, rush, false)
	r.settle(t)
	var vehicle int
	var gone model.Passage
	vs := slices.Sorted(maps.Keys(r.hub.kept))
	for _, v := range vs {
		ps := r.hub.kept[v].vp.Passages
		for i, p := range ps {
			if i == 0 || i >= len(ps)-2 || p.Status != model.StatusPredicted || !p.DepartureTimeActual.Known() {
				continue
			}
			if d := p.DepartureTimeActual.Sub(rush); d > 8*time.Minute && ps[len(ps)-1].Scheduled().Sub(p.Scheduled().Time) > 10*time.Minute {
				vehicle, gone = v, p
				break
			}
		}
		if vehicle != 0 {
			break
		}
	}
	if vehicle == 0 {
		t.Fatal("no vehicle with a stop 8 minutes ahead")
	}
	vid := strconv.Itoa(vehicle)
	code := string(gone.StopPointCode)
	r.edit.set(func(path string, q url.Values, o map[string]any) bool {
		if fmt.Sprint(o["StopPointCode"]) != code {
			return false
		}
		if strings.HasSuffix(path, "/vehicle/trip/Passage") {
			return q.Get("VehicleNumber") == vid
		}
		return fmt.Sprint(o["VehicleNumber"]) == vid
	})
	k := r.hub.kept[vehicle]
	k.dev -= 600 // its delay moved: the hub asks its passages again
	r.hub.kept[vehicle] = k
	if err := r.hub.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.hub.gone[GoneKey{r.hub.kept[vehicle].vp.RouteName, gone.StopPointCode, gone.Scheduled().Unix()}]; !ok {
		t.Fatalf("the hub did not see %s go (%d passages kept)", code, len(r.hub.kept[vehicle].vp.Passages))
	}
	var u *gtfsrt.TripUpdate
	for _, e := range r.feed(t, PathTripUpdates).Entity {
		if e.GetTripUpdate().GetVehicle().GetId() == vid {
			u = e.GetTripUpdate()
		}
	}
	if u == nil {
		t.Fatalf("no trip update of vehicle %d", vehicle)
	}
	at := slices.IndexFunc(u.StopTimeUpdate, func(s *gtfsrt.TripUpdate_StopTimeUpdate) bool { return s.GetStopId() == code })
	if at < 0 {
		t.Fatalf("vehicle %d: no stop time update at %s (%s), gone from the service's answers", vehicle, code, gone.StopName)
	}
	if rel := u.StopTimeUpdate[at].GetScheduleRelationship(); rel != gtfsrt.TripUpdate_StopTimeUpdate_SKIPPED {
		t.Errorf("vehicle %d at %s: %v, want SKIPPED", vehicle, code, rel)
	}
	if at == len(u.StopTimeUpdate)-1 {
		t.Errorf("vehicle %d: no stops after the gone one", vehicle)
	}
	skipped := 0
	for _, s := range u.StopTimeUpdate {
		if s.GetScheduleRelationship() == gtfsrt.TripUpdate_StopTimeUpdate_SKIPPED {
			skipped++
		}
	}
	if skipped != 1 {
		t.Errorf("vehicle %d: %d stops SKIPPED, want the gone one", vehicle, skipped)
	}
	// Past the gone departure's time, its stop is still not served: never
	// a stop time update at its old prediction.
	later := gone.DepartureTimeActual.Add(time.Minute)
	r.hub.now = func() time.Time { return later }
	if err := r.hub.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, e := range r.feed(t, PathTripUpdates).Entity {
		if e.GetTripUpdate().GetVehicle().GetId() != vid {
			continue
		}
		for _, s := range e.GetTripUpdate().StopTimeUpdate {
			if s.GetStopId() == code && s.GetScheduleRelationship() != gtfsrt.TripUpdate_StopTimeUpdate_SKIPPED {
				t.Errorf("vehicle %d at %s, after its time: %v, a departure the service no longer reports", vehicle, code, s)
			}
		}
	}
}

// TestGhostsAndUpcomingWithoutStatic: without a static feed, the trips
// that have not started are published stop-based (route, direction,
// start date and time): with their predicted start when a vehicle is
// named, CANCELED when none is within 25 minutes of the start (the
// simulation's ghosts), and no trip a vehicle runs is CANCELED.
func TestGhostsAndUpcomingWithoutStatic(t *testing.T) {
	r := newRig(t, rush, false)
	r.settle(t)
	want := map[string]bool{}
	for _, g := range r.svc.TrueGhosts(rush, rush.Add(ghostWithin)) {
		want[strconv.Itoa(routeNumber(g.Line))+"|"+strconv.Itoa(g.Direction-1)+"|"+g.Start.Format("150405")] = true
	}
	got := map[string]bool{}
	upcoming := 0
	for _, e := range r.feed(t, PathTripUpdates).Entity {
		u := e.GetTripUpdate()
		td := u.GetTrip()
		if td.GetTripId() != "" || td.GetRouteId() == "" || td.DirectionId == nil || len(td.GetStartDate()) != 8 || len(td.GetStartTime()) != 8 {
			t.Fatalf("%s: descriptor %v, want route, direction, start date and time", e.GetId(), td)
		}
		key := td.GetRouteId() + "|" + strconv.Itoa(int(td.GetDirectionId())) + "|" + strings.ReplaceAll(td.GetStartTime(), ":", "")
		switch {
		case td.GetScheduleRelationship() == gtfsrt.TripDescriptor_CANCELED:
			got[key] = true
			if !want[key] {
				t.Errorf("trip %s CANCELED, but a vehicle runs it", key)
			}
		case strings.HasPrefix(e.GetId(), "start-"):
			if len(u.StopTimeUpdate) != 1 || u.StopTimeUpdate[0].GetDeparture().GetTime() < rush.Unix() || u.GetVehicle().GetId() == "" {
				t.Errorf("%s: %v, want its vehicle and predicted departure at the first stop", e.GetId(), u)
			}
			upcoming++
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("ghost %s not CANCELED", k)
		}
	}
	st := r.hub.Status()
	t.Logf("%d ghosts within 25 minutes, %d CANCELED; %d trips not started with a predicted start; status %+v", len(want), len(got), upcoming, st)
	if len(want) == 0 || upcoming < 10 || st.Upcoming != upcoming || st.Canceled != len(got) {
		t.Errorf("%d ghosts, %d upcoming trips; status %+v", len(want), upcoming, st)
	}
}

// TestAlertsInGermanAndEnglish: the alert's title and items are in German
// (de) and, in the phrasings abfahrt knows, English (en): at rush hour the
// simulation's detours and closed stop.
func TestAlertsInGermanAndEnglish(t *testing.T) {
	r := settledRig(t)
	msg := r.feed(t, PathAlerts)
	if len(msg.Entity) < 3 {
		t.Fatalf("%d alert entities at rush hour, want 3", len(msg.Entity))
	}
	text := func(ts *gtfsrt.TranslatedString, lang string) string {
		for _, tr := range ts.GetTranslation() {
			if tr.GetLanguage() == lang {
				return tr.GetText()
			}
		}
		return ""
	}
	var all []string
	for _, e := range msg.Entity {
		a := e.GetAlert()
		for _, ts := range []*gtfsrt.TranslatedString{a.GetHeaderText(), a.GetDescriptionText()} {
			de, en := text(ts, "de"), text(ts, "en")
			if de == "" || en == "" {
				t.Errorf("%s: German %q, English %q; want both", e.GetId(), de, en)
			}
			if strings.Contains(en, "Linie") || strings.Contains(en, "wegen") || strings.Contains(en, "Haltestelle") {
				t.Errorf("%s: English %q still German", e.GetId(), en)
			}
			all = append(all, en)
		}
	}
	joined := strings.Join(all, "\n")
	for _, want := range []string{"Detour, line 6",
		"Line 6: detour between Rührweg and Neuer Friedhof because of a traffic accident, the stops Mariusweg and Hörvelsinger Weg are not served",
		"Line 4: the stop Ehinger Tor is not served because of a police operation"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no English %q in\n%s", want, joined)
		}
	}
	// A phrasing (or cause) abfahrt does not know stays German only.
	for _, s := range []string{"Linie 3: Ersatzverkehr mit Bussen", "Linie 3: Verspätungen von bis zu 5 Minuten wegen eines Wasserrohrbruchs"} {
		if en, ok := english(s, false); ok {
			t.Errorf("%q: English %q, want none", s, en)
		}
	}
}
