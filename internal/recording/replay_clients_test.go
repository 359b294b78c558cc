package recording

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/history"
	"abfahrt/internal/recording/replaytest"
	"abfahrt/model"
)

// recordLikeRecord records the simulation (its clock moved by the test,
// from from to to every interval) as abfahrt record --stop 1008
// --stoppoint 135001 --all --keep-raw does: the boards and their
// arrivals, the base data, the alerts, the trips of all vehicles and
// their passages, through the record command's own tap. edit, when not
// nil, changes the service's answers on their way (a service that is not
// the simulation).
func recordLikeRecord(t *testing.T, from, to time.Time, interval time.Duration, edit func(*http.Response)) *history.Store {
	t.Helper()
	ctx := context.Background()
	clock := &movedClock{t: from}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	store, err := history.Open(ctx, filepath.Join(t.TempDir(), "h.db"), history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	r := &history.Recorder{}
	rt := sim.NewTransport(svc)
	if edit != nil {
		rt = editTransport{rt, edit}
	}
	client, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: Tap{Next: rt, Keep: Keep(r, true)}}),
		feed.WithCacheDir(""), feed.WithoutCache())
	if err != nil {
		t.Fatal(err)
	}
	r.Store, r.Source, r.Subjects, r.Interval = store, client, WithArrivals([]history.Subject{{Stop: 1008}, {StopPoint: "135001"}}), interval
	x := &Extras{Client: client, Interval: interval, Alerts: true,
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
	return store
}

type editTransport struct {
	next http.RoundTripper
	edit func(*http.Response)
}

func (e editTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := e.next.RoundTrip(req)
	if err == nil {
		e.edit(resp)
	}
	return resp, err
}

// serveReplayOf serves store as abfahrt replay does (what the recording
// is read from it) on a loopback port; it returns the base URL.
func serveReplayOf(t *testing.T, store *history.Store, interval time.Duration, clock sim.Clock) string {
	t.Helper()
	o, err := replayOptions(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	return replaytest.Serve(t, sim.New(sim.Options{Seed: 1, Clock: clock}).ReplayWith(newRecording(store, interval), o))
}

// What a client of abfahrt sim gets, a client of abfahrt replay of a
// recording of it gets too: every endpoint of the spec, asked as a
// third-party client asks, answers as recorded, every answer says it is a
// replay of that day, and what the recording does not hold says so.
func TestReplayServesEveryEndpointAsRecorded(t *testing.T) {
	from := time.Date(2026, 9, 10, 8, 0, 0, 0, model.Berlin)
	const interval = 15 * time.Second
	to := from.Add(4 * time.Minute)
	store := recordLikeRecord(t, from, to, interval, nil)
	at := from.Add(2 * time.Minute)
	clock := &movedClock{t: at}
	base := serveReplayOf(t, store, interval, clock)
	// The simulation itself at the same time, for what the replay must
	// match.
	live := httpSim(t, at)

	pass, checks := 0, 0
	check := func(name string, ok bool, format string, a ...any) {
		t.Helper()
		checks++
		if !ok {
			t.Errorf("%s: "+format, append([]any{name}, a...)...)
			return
		}
		pass++
	}

	v, h := replaytest.ThirdParty(t, base+"/VersionInfo")
	check("VersionInfo", strings.Contains(replaytest.Str(v, "CurrentStatus"), "replay · recorded 2026-09-10") && h.Get("Abfahrt-Replay") == "2026-09-10",
		"CurrentStatus %q, header %q", replaytest.Str(v, "CurrentStatus"), h.Get("Abfahrt-Replay"))

	for _, b := range []struct{ path, list string }{
		{"/stop/attributes/BaseData", "StopData"}, {"/stoppoint/attributes/BaseData", "StopPointData"},
		{"/route/attributes/BaseData", "RouteData"}, {"/vehicle/attributes/BaseData", "VehicleData"},
	} {
		got, _ := replaytest.ThirdParty(t, base+b.path)
		want, _ := replaytest.ThirdParty(t, live+b.path)
		check(b.path, len(replaytest.List(t, got, b.list)) == len(replaytest.List(t, want, b.list)) && len(replaytest.List(t, got, b.list)) > 0,
			"%d records, the simulation %d", len(replaytest.List(t, got, b.list)), len(replaytest.List(t, want, b.list)))
	}
	one, _ := replaytest.ThirdParty(t, base+"/stop/attributes/BaseData?StopNumber=1008")
	var stop struct{ StopName string }
	_ = json.Unmarshal(one["StopData"], &stop)
	check("stop base data of 1008", stop.StopName == "Hauptbahnhof" && replaytest.Str(one, "Filter") == "StopNumber=1008", "%.200s", one["StopData"])

	trips, _ := replaytest.ThirdParty(t, base+"/vehicle/trip/Trip")
	liveTrips, _ := replaytest.ThirdParty(t, live+"/vehicle/trip/Trip")
	var active, idle int
	for _, tr := range replaytest.List(t, trips, "TripData") {
		var x struct {
			VehicleNumber int
			IsActive      bool
		}
		_ = json.Unmarshal(mustJSON(tr), &x)
		if x.IsActive && active == 0 {
			active = x.VehicleNumber
		}
		if !x.IsActive && idle == 0 {
			idle = x.VehicleNumber
		}
	}
	check("all-vehicles Trip", replaytest.Str(trips, "CurrentStatus") == "OK" && active != 0 && idle != 0 &&
		len(replaytest.List(t, trips, "TripData")) == len(replaytest.List(t, liveTrips, "TripData")),
		"%q, %d trips (the simulation %d), active %d, idle %d", replaytest.Str(trips, "CurrentStatus"), len(replaytest.List(t, trips, "TripData")), len(replaytest.List(t, liveTrips, "TripData")), active, idle)
	for _, n := range []int{active, idle} {
		tr, _ := replaytest.ThirdParty(t, fmt.Sprintf("%s/vehicle/trip/Trip?VehicleNumber=%d", base, n))
		l := replaytest.List(t, tr, "TripData")
		check(fmt.Sprintf("Trip of vehicle %d", n), replaytest.Str(tr, "CurrentStatus") == "OK" && len(l) == 1 && string(l[0]["VehicleNumber"]) == fmt.Sprint(n),
			"%q %v", replaytest.Str(tr, "CurrentStatus"), l)
	}
	unknown, _ := replaytest.ThirdParty(t, base+"/vehicle/trip/Trip?VehicleNumber=999999")
	check("Trip of a vehicle not of the fleet", replaytest.Str(unknown, "CurrentStatus") == "no vehicle found" && replaytest.Str(unknown, "Filter") == "VehicleNumber=999999",
		"%q %q", replaytest.Str(unknown, "CurrentStatus"), replaytest.Str(unknown, "Filter"))

	// A vehicle whose passages were recorded.
	var asked int
	for _, tr := range replaytest.List(t, trips, "TripData") {
		var x struct {
			VehicleNumber int
			IsActive      bool
		}
		_ = json.Unmarshal(mustJSON(tr), &x)
		if !x.IsActive {
			continue
		}
		p, _ := replaytest.ThirdParty(t, fmt.Sprintf("%s/vehicle/trip/Passage?VehicleNumber=%d", base, x.VehicleNumber))
		if len(replaytest.List(t, p, "PassageData")) > 0 && string(p["VehicleNumber"]) == fmt.Sprint(x.VehicleNumber) {
			asked++
		}
	}
	check("Passage", asked > 0, "no active vehicle's passages are served")
	ip, _ := replaytest.ThirdParty(t, fmt.Sprintf("%s/vehicle/trip/Passage?VehicleNumber=%d", base, idle))
	check("Passage of an idle vehicle", replaytest.Str(ip, "State") == "ok" && string(ip["VehicleNumber"]) == fmt.Sprint(idle), "%q %s", replaytest.Str(ip, "State"), ip["VehicleNumber"])
	pat, _ := replaytest.ThirdParty(t, fmt.Sprintf("%s/vehicle/trip/Pattern?VehicleNumber=%d", base, idle))
	check("Pattern", string(pat["VehicleNumber"]) == fmt.Sprint(idle), "%s", pat["VehicleNumber"])

	for _, p := range []struct{ path, list string }{
		{"/stop/passage/Departures?StopNumber=1008&Limit=20", "DepartureData"},
		{"/stoppoint/passage/Departures?StopPointCode=135001&Limit=20", "DepartureData"},
		{"/stop/passage/Arrivals?StopNumber=1008&Limit=20", "ArrivalData"},
		{"/stoppoint/passage/Arrivals?StopPointCode=135001&Limit=20", "ArrivalData"},
	} {
		got, _ := replaytest.ThirdParty(t, base+p.path)
		want, _ := replaytest.ThirdParty(t, live+p.path)
		check(p.path, replaytest.Str(got, "State") == "ok" && len(replaytest.List(t, got, p.list)) > 0 && len(replaytest.List(t, got, p.list)) == len(replaytest.List(t, want, p.list)),
			"%q, %d records, the simulation %d", replaytest.Str(got, "State"), len(replaytest.List(t, got, p.list)), len(replaytest.List(t, want, p.list)))
	}
	al, _ := replaytest.ThirdParty(t, base+"/passenger/alert/UnplannedAlert")
	liveAl, _ := replaytest.ThirdParty(t, live+"/passenger/alert/UnplannedAlert")
	check("UnplannedAlert", replaytest.Str(al, "CurrentStatus") == replaytest.Str(liveAl, "CurrentStatus") && replaytest.Str(al, "AlertData") == replaytest.Str(liveAl, "AlertData"),
		"%q %q, the simulation %q %q", replaytest.Str(al, "CurrentStatus"), replaytest.Str(al, "AlertData"), replaytest.Str(liveAl, "CurrentStatus"), replaytest.Str(liveAl, "AlertData"))

	// What the recording does not hold says so.
	nr, _ := replaytest.ThirdParty(t, base+"/stop/passage/Departures?StopNumber=1010")
	check("a stop not recorded", replaytest.Str(nr, "State") == sim.NotRecorded && len(replaytest.List(t, nr, "DepartureData")) == 0, "%q", replaytest.Str(nr, "State"))
	clock.set(to.Add(time.Hour))
	after, h := replaytest.ThirdParty(t, base+"/stop/passage/Departures?StopNumber=1008")
	check("a time after the recording", replaytest.Str(after, "State") == sim.NotRecorded, "%q", replaytest.Str(after, "State"))
	check("the replay header", h.Get("Abfahrt-Replay") == "2026-09-10" && h.Get("Abfahrt-Simulated") == "1", "%v", h)
	tr, _ := replaytest.ThirdParty(t, base+"/vehicle/trip/Trip")
	check("trips after the recording", replaytest.Str(tr, "CurrentStatus") == sim.NotRecorded, "%q", replaytest.Str(tr, "CurrentStatus"))
	t.Logf("%d of %d checks pass on the replay", pass, checks)
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// httpSim serves the simulation at a fixed time on loopback.
func httpSim(t *testing.T, at time.Time) string {
	t.Helper()
	return replaytest.Serve(t, sim.New(sim.Options{Seed: 1, Clock: &movedClock{t: at}}))
}

// A recording of a service other than the simulation (here the
// simulation with its marker taken off and its main station renamed, as a
// real service's data differ) is replayed with its own base data, and no
// answer of the replay says "simulated".
func TestReplayOfAServiceServesItsOwnBaseData(t *testing.T) {
	from := time.Date(2026, 9, 10, 8, 0, 0, 0, model.Berlin)
	const interval = 15 * time.Second
	store := recordLikeRecord(t, from, from.Add(time.Minute), interval, func(resp *http.Response) {
		resp.Header.Del("Abfahrt-Simulated")
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err == nil {
				body, _ = io.ReadAll(zr)
			}
			resp.Header.Del("Content-Encoding")
		}
		body = bytes.ReplaceAll(body, []byte(`"Hauptbahnhof"`), []byte(`"Ulm Hbf"`))
		resp.Header.Set("Content-Length", fmt.Sprint(len(body)))
		resp.ContentLength = int64(len(body))
		resp.Body = io.NopCloser(bytes.NewReader(body))
	})
	base := serveReplayOf(t, store, interval, &movedClock{t: from.Add(30 * time.Second)})
	one, _ := replaytest.ThirdParty(t, base+"/stop/attributes/BaseData?StopNumber=1008")
	var stop struct{ StopName string }
	_ = json.Unmarshal(one["StopData"], &stop)
	if stop.StopName != "Ulm Hbf" {
		t.Errorf("stop 1008 is %q in the replay, recorded as Ulm Hbf", stop.StopName)
	}
	for _, q := range []string{"/VersionInfo", "/stop/passage/Departures?StopNumber=1008", "/vehicle/trip/Trip"} {
		v, h2 := replaytest.ThirdParty(t, base+q)
		if h2.Get("Abfahrt-Simulated") != "" || h2.Get("Abfahrt-Replay") != "2026-09-10" {
			t.Errorf("%s: headers %v", q, h2)
		}
		if q == "/VersionInfo" && strings.Contains(replaytest.Str(v, "CurrentStatus"), "simulation") {
			t.Errorf("VersionInfo %q: the recording has base data", replaytest.Str(v, "CurrentStatus"))
		}
	}
}

// A recording made before abfahrt kept base data is replayed with the
// simulation's, and says so: a line when the replay starts, VersionInfo's
// status and a header on every answer.
func TestReplayWithoutBaseDataSaysSo(t *testing.T) {
	from := time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin)
	store, _ := recordSim(t, from, from.Add(time.Minute), 15*time.Second, false)
	var log strings.Builder
	h, _, rs, err := OpenReplay(context.Background(), store.Name(), "2026-09-11T07:00:30", 1, 1, 15*time.Second, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rs.Close() }()
	if !strings.Contains(log.String(), "holds no base data") || !strings.Contains(log.String(), "the simulation's") {
		t.Errorf("no word at the start that the base data are the simulation's: %q", log.String())
	}
	c := &http.Client{Transport: sim.NewTransport(h)}
	resp, err := c.Get(sim.BaseURL + "/VersionInfo") //nolint:noctx // in process
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if !strings.Contains(string(body), "replay · recorded 2026-09-11 · base data of the simulation") || resp.Header.Get("Abfahrt-Replay-Base") != "simulation" {
		t.Errorf("VersionInfo %.300s, headers %v", body, resp.Header)
	}
}

// The record command's client revalidates (If-None-Match): the tap still
// gets, and keeps, the whole answer each time, or the alerts (unchanged
// for hours) would be kept once and be missing from the replay after.
func TestRecordKeepsRevalidatedAnswers(t *testing.T) {
	svc := sim.New(sim.Options{Seed: 1, Clock: &movedClock{t: time.Date(2026, 9, 11, 7, 0, 0, 0, model.Berlin)}})
	var kept []history.Answer
	tap := Tap{Next: sim.NewTransport(svc), Keep: func(a history.Answer) {
		if a.Subject == history.SubjectAlerts {
			kept = append(kept, a)
		}
	}}
	etag := ""
	for range 2 {
		req, _ := http.NewRequest(http.MethodGet, sim.BaseURL+"/passenger/alert/UnplannedAlert", nil) //nolint:noctx // in process
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := tap.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		etag = resp.Header.Get("ETag")
	}
	if len(kept) != 2 {
		t.Errorf("%d of 2 answers of the alerts kept", len(kept))
	}
}
