package feed_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
)

// endpointCase is one call of an endpoint against a fixture.
type endpointCase struct {
	name      string
	fixture   string
	call      func(context.Context, *feed.Client) (any, error)
	wantQuery string // encoded query the service must receive
	check     func(t *testing.T, v any)
}

// runEndpoint runs cases against path: each case must send exactly one
// GET to path with wantQuery and decode to what check expects.
func runEndpoint(t *testing.T, path string, cases []endpointCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, f := setup(t)
			f.handle(path, tc.fixture)
			v, err := tc.call(context.Background(), c)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			reqs := f.requests()
			if len(reqs) != 1 {
				t.Fatalf("got %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != http.MethodGet || r.URL.Path != prefix+path || r.URL.RawQuery != tc.wantQuery {
				t.Errorf("request %s %s?%s, want GET %s?%s", r.Method, r.URL.Path, r.URL.RawQuery, prefix+path, tc.wantQuery)
			}
			if ua := r.Header.Get("User-Agent"); ua != "abfahrt/dev" {
				t.Errorf("User-Agent %q", ua)
			}
			tc.check(t, v)
		})
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := model.ParseTime(s)
	if err != nil {
		t.Fatal(err)
	}
	return v.Time
}

func TestVersionInfo(t *testing.T) {
	runEndpoint(t, "/VersionInfo", []endpointCase{{
		name: "released", fixture: "versioninfo.json",
		call: func(ctx context.Context, c *feed.Client) (any, error) { return c.VersionInfo(ctx) },
		check: func(t *testing.T, v any) {
			vi := v.(model.VersionInfo)
			if vi.Version != "1.0.3" || vi.CurrentStatus != "released" || vi.NextVersion != nil || vi.NextUpdate.Known() {
				t.Errorf("got %+v", vi)
			}
			if vi.UsedCodes["PassageStatus"]["3"] != "Vehicle stopping" {
				t.Errorf("UsedCodes %v", vi.UsedCodes)
			}
		},
	}})
}

func TestRoutes(t *testing.T) {
	check := func(t *testing.T, v any) {
		rs := v.([]model.Route)
		if len(rs) != 3 || rs[0].RouteNumber != 2 || rs[1].RouteName != "2" || rs[1].RouteCategory != model.RouteBus {
			t.Fatalf("got %+v", rs)
		}
		if got := rs[2].RouteCategory.String(); got != "unknown (7)" {
			t.Errorf("unknown category prints %q", got)
		}
		// A single object where a list is expected, and a null list.
		if len(rs[1].RouteDirections) != 1 || rs[1].RouteDirections[0].DirectionName != "Science Park II" {
			t.Errorf("single-object directions: %+v", rs[1].RouteDirections)
		}
		sp := rs[0].RoutePattern[0].StopPoints
		if len(sp) != 2 || sp[0].StopPointCode != "de:08421:1350:0:1" || sp[1].StopPointCode != "100821" {
			t.Errorf("pattern stop points %+v", sp)
		}
		if rs[0].RoutePattern[1].StopPoints != nil {
			t.Errorf("null list decoded to %v", rs[0].RoutePattern[1].StopPoints)
		}
	}
	call := func(s model.Scope, n int) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.Routes(ctx, s, n) }
	}
	runEndpoint(t, "/route/attributes/BaseData", []endpointCase{
		{name: "all", fixture: "route_basedata.json", call: call("", 0), check: check},
		{name: "extended one", fixture: "route_basedata.json", call: call(model.ScopeExtended, 2), wantQuery: "ContentScope=extended&RouteNumber=2", check: check},
		{name: "scope any case", fixture: "route_basedata.json", call: call("Minimal", 0), wantQuery: "ContentScope=minimal", check: check},
	})
}

func TestStops(t *testing.T) {
	check := func(t *testing.T, v any) {
		ss := v.([]model.Stop)
		if len(ss) != 3 || ss[0].StopNumber != 1000 || ss[1].StopName != "Hauptbahnhof" {
			t.Fatalf("got %+v", ss)
		}
		if !ss[0].StopCoordinates.Known() || ss[0].StopPoints[0].StopPointCoordinates.Known() {
			t.Errorf("ZOB: stop position must be known, Steig A at 180/90 unknown: %+v", ss[0])
		}
	}
	call := func(s model.Scope, n int) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.Stops(ctx, s, n) }
	}
	runEndpoint(t, "/stop/attributes/BaseData", []endpointCase{
		{name: "all", fixture: "stop_basedata.json", call: call("", 0), check: check},
		{name: "one basic", fixture: "stop_basedata.json", call: call(model.ScopeBasic, 1008), wantQuery: "ContentScope=basic&StopNumber=1008", check: check},
	})
}

func TestStopPoints(t *testing.T) {
	check := func(t *testing.T, v any) {
		sps := v.([]model.StopPoint)
		if len(sps) != 10 {
			t.Fatalf("got %d stop points", len(sps))
		}
		first := sps[0]
		if first.StopPointCode != "100821" || first.ParentStop.StopNumber != 1008 || first.StopPointCoordinates.Bearing != 357 || !first.StopPointCoordinates.Known() {
			t.Errorf("first: %+v", first)
		}
		var unknown, emptyPlatform, dhid int
		for _, sp := range sps {
			if !sp.StopPointCoordinates.Known() {
				unknown++
			}
			if sp.PlatformName == "" {
				emptyPlatform++
			}
			if sp.StopPointCode.IsDHID() {
				dhid++
			}
		}
		if unknown != 1 || emptyPlatform != 3 || dhid != 3 {
			t.Errorf("unknown positions %d, empty platforms %d, DHIDs %d", unknown, emptyPlatform, dhid)
		}
	}
	call := func(s model.Scope, code model.StopPointCode) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.StopPoints(ctx, s, code) }
	}
	runEndpoint(t, "/stoppoint/attributes/BaseData", []endpointCase{
		{name: "all", fixture: "stoppoint_basedata.json", call: call("", ""), check: check},
		{name: "numeric code", fixture: "stoppoint_basedata.json", call: call("", "100821"), wantQuery: "StopPointCode=100821", check: check},
		{name: "DHID sent as received", fixture: "stoppoint_basedata.json", call: call(model.ScopeExtended, "de:08421:1008:1:1"), wantQuery: "ContentScope=extended&StopPointCode=de%3A08421%3A1008%3A1%3A1", check: check},
	})
}

func TestVehicles(t *testing.T) {
	check := func(t *testing.T, v any) {
		vs := v.([]model.Vehicle)
		if len(vs) != 2 || vs[0].TechnicalData == nil || vs[0].TechnicalData.LengthMM != 42000 || vs[0].TechnicalData.PowerKW != 540 {
			t.Fatalf("got %+v", vs)
		}
		if vs[1].VehicleCategory != model.VehicleBus || vs[1].ModelData != nil {
			t.Errorf("basic vehicle: %+v", vs[1])
		}
	}
	call := func(s model.Scope, n int) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.Vehicles(ctx, s, n) }
	}
	runEndpoint(t, "/vehicle/attributes/BaseData", []endpointCase{
		{name: "all", fixture: "vehicle_basedata.json", call: call("", 0), check: check},
		{name: "one extended", fixture: "vehicle_basedata.json", call: call("EXTENDED", 46), wantQuery: "ContentScope=extended&VehicleNumber=46", check: check},
	})
}

func checkStopDepartures(t *testing.T, v any) {
	b := v.(model.Board)
	if b.StopNumber != 1008 || b.StopCode != "HBF" || b.StopName != "Hauptbahnhof" || b.Limit != 4 || b.Arrivals {
		t.Errorf("subject %+v", b)
	}
	if !b.Timestamp.Equal(mustTime(t, "2026-09-11T12:49:34+02:00")) {
		t.Errorf("timestamp %v", b.Timestamp)
	}
	if len(b.DepartureData) != 4 || len(b.Events) != 4 {
		t.Fatalf("%d departures, %d events", len(b.DepartureData), len(b.Events))
	}
	// Ordered as received.
	for i, want := range []string{"2", "1", "5", "N5"} {
		if b.Events[i].Line() != want {
			t.Errorf("event %d line %q, want %q", i, b.Events[i].Line(), want)
		}
	}
	e0 := b.Events[0]
	if e0.StopPointCode != "de:08421:1008:1:1" || e0.VehicleNumber != 151 || !e0.Realtime() || e0.DelayMinutes() != 1 || e0.Status != model.StatusStopping {
		t.Errorf("first event %+v", e0)
	}
	if d, ok := e0.DueIn(mustTime(t, "2026-09-11T12:49:34+02:00")); !ok || d != 36*time.Second {
		t.Errorf("due in %v %v", d, ok)
	}
	// null vehicle number, 1970 sentinel: schedule only.
	e2 := b.Events[2]
	if e2.VehicleNumber != 0 || e2.VehicleCategory != 0 || e2.Actual.Known() || e2.Realtime() || !e2.Scheduled.Known() {
		t.Errorf("schedule-only event %+v", e2)
	}
	if got := b.Events[3].Status.String(); got != "unknown (7)" {
		t.Errorf("unknown status prints %q", got)
	}
}

func TestStopDepartures(t *testing.T) {
	call := func(n, limit int) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.StopDepartures(ctx, n, limit) }
	}
	runEndpoint(t, "/stop/passage/Departures", []endpointCase{
		{name: "no limit", fixture: "stop_departures_1008.json", call: call(1008, 0), wantQuery: "StopNumber=1008", check: checkStopDepartures},
		{name: "limit", fixture: "stop_departures_1008.json", call: call(1008, 4), wantQuery: "Limit=4&StopNumber=1008", check: checkStopDepartures},
	})
}

func TestStopArrivals(t *testing.T) {
	check := func(t *testing.T, v any) {
		b := v.(model.Board)
		if !b.Arrivals || len(b.ArrivalData) != 2 || b.DepartureData != nil {
			t.Fatalf("board %+v", b)
		}
		if !b.Events[0].Arrival || b.Events[0].DirectionText != "Kuhberg" || b.Events[0].Deviation != 50 {
			t.Errorf("first arrival %+v", b.Events[0])
		}
		// The second record has no time at all (1970 sentinels): the
		// plausibility guard keeps it out of the board's events.
		if len(b.Events) != 1 || b.Dropped != 1 {
			t.Errorf("sentinel arrival not dropped: %d events, %d dropped", len(b.Events), b.Dropped)
		}
		if b.ArrivalData[1].ArrivalTimeScheduled.Known() {
			t.Errorf("sentinel arrival has a time: %+v", b.ArrivalData[1])
		}
		if _, ok := b.ArrivalData[1].Event().DueIn(time.Now()); ok {
			t.Error("an event with no time must not have a due time")
		}
	}
	runEndpoint(t, "/stop/passage/Arrivals", []endpointCase{
		{name: "limit", fixture: "stop_arrivals_1008.json", wantQuery: "Limit=2&StopNumber=1008", check: check,
			call: func(ctx context.Context, c *feed.Client) (any, error) { return c.StopArrivals(ctx, 1008, 2) }},
	})
}

func TestStopPointDepartures(t *testing.T) {
	check := func(code model.StopPointCode) func(*testing.T, any) {
		return func(t *testing.T, v any) {
			b := v.(model.Board)
			if b.StopPointCode != code || len(b.Events) != 2 || b.Limit != 10 {
				t.Fatalf("board %+v", b)
			}
			if b.Events[0].StopPointCode != "" || b.Events[0].VehicleNumber != 151 || b.Events[1].VehicleNumber != 0 {
				t.Errorf("events %+v", b.Events)
			}
		}
	}
	call := func(code model.StopPointCode, limit int) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.StopPointDepartures(ctx, code, limit) }
	}
	runEndpoint(t, "/stoppoint/passage/Departures", []endpointCase{
		{name: "numeric", fixture: "stoppoint_departures.json", call: call("100821", 10), wantQuery: "Limit=10&StopPointCode=100821", check: check("100821")},
		{name: "DHID echoes the request code", fixture: "stoppoint_departures.json", call: call("de:08421:1008:1:1", 0), wantQuery: "StopPointCode=de%3A08421%3A1008%3A1%3A1", check: check("de:08421:1008:1:1")},
	})
}

func TestStopPointArrivals(t *testing.T) {
	runEndpoint(t, "/stoppoint/passage/Arrivals", []endpointCase{{
		name: "single object as list", fixture: "stoppoint_arrivals.json", wantQuery: "Limit=1&StopPointCode=100821",
		call: func(ctx context.Context, c *feed.Client) (any, error) { return c.StopPointArrivals(ctx, "100821", 1) },
		check: func(t *testing.T, v any) {
			b := v.(model.Board)
			if !b.Arrivals || b.StopPointCode != "100821" || len(b.Events) != 1 || b.Events[0].RouteName != "2" {
				t.Fatalf("board %+v", b)
			}
		},
	}})
}

func TestTrips(t *testing.T) {
	runEndpoint(t, "/vehicle/trip/Trip", []endpointCase{
		{name: "all", fixture: "vehicle_trip.json",
			call: func(ctx context.Context, c *feed.Client) (any, error) { return c.Trips(ctx, 0) },
			check: func(t *testing.T, v any) {
				ts := v.([]model.Trip)
				if len(ts) != 3 {
					t.Fatalf("got %d trips", len(ts))
				}
				if p, ok := ts[0].Position(); !ok || p.Bearing != 357 || ts[0].Deviation() != 218 || ts[0].JourneyData.RouteNumber != 102 {
					t.Errorf("active trip %+v", ts[0])
				}
				if _, ok := ts[1].Position(); ok || ts[1].PositionData == nil {
					t.Errorf("180/90 vehicle must have an unknown position: %+v", ts[1].PositionData)
				}
				if _, ok := ts[1].ReportAge(time.Now()); ok {
					t.Error("sentinel reference time must not give an age")
				}
				if ts[2].IsActive || ts[2].PositionData != nil {
					t.Errorf("inactive trip %+v", ts[2])
				}
			}},
		{name: "one, single object", fixture: "vehicle_trip_151.json", wantQuery: "VehicleNumber=151",
			call: func(ctx context.Context, c *feed.Client) (any, error) { return c.Trips(ctx, 151) },
			check: func(t *testing.T, v any) {
				if ts := v.([]model.Trip); len(ts) != 1 || ts[0].VehicleNumber != 151 {
					t.Errorf("got %+v", ts)
				}
			}},
	})
}

func TestPassages(t *testing.T) {
	check := func(t *testing.T, v any) {
		p := v.(model.VehiclePassages)
		if p.VehicleNumber != 151 || p.VehicleCategory != model.VehicleBus || p.RouteNumber != 102 || p.Line() != "2" || p.Range != "Upcoming" {
			t.Errorf("subject %+v", p)
		}
		if len(p.Passages) != 19 {
			t.Fatalf("%d passages", len(p.Passages))
		}
		for i, ps := range p.Passages {
			if ps.SequenceNumber != i {
				t.Fatalf("passage %d has sequence %d", i, ps.SequenceNumber)
			}
		}
		first, last := p.Passages[0], p.Passages[18]
		if first.StopPointCode != "de:08421:1390:1:C" || first.Status != model.StatusDeparted {
			t.Errorf("first %+v", first)
		}
		if last.StopName != "Science Park II" || last.DepartureTimeScheduled.Known() || last.DepartureTimeActual.Known() || !last.Actual().Known() || last.Deviation() != 195 {
			t.Errorf("last stop: departure must be unknown, arrival known: %+v", last)
		}
	}
	call := func(n int, r model.Range) func(context.Context, *feed.Client) (any, error) {
		return func(ctx context.Context, c *feed.Client) (any, error) { return c.Passages(ctx, n, r) }
	}
	runEndpoint(t, "/vehicle/trip/Passage", []endpointCase{
		{name: "upcoming", fixture: "vehicle_passage_151.json", call: call(151, model.RangeUpcoming), wantQuery: "Range=upcoming&VehicleNumber=151", check: check},
		{name: "spec spelling", fixture: "vehicle_passage_151.json", call: call(151, "upcomming"), wantQuery: "Range=upcoming&VehicleNumber=151", check: check}, //nolint:misspell // the spec's spelling
		{name: "no range", fixture: "vehicle_passage_151.json", call: call(151, ""), wantQuery: "VehicleNumber=151", check: check},
		{name: "all", fixture: "vehicle_passage_151.json", call: call(151, "All"), wantQuery: "Range=all&VehicleNumber=151", check: check},
	})
}

func TestPattern(t *testing.T) {
	runEndpoint(t, "/vehicle/trip/Pattern", []endpointCase{
		{name: "stops", fixture: "pattern_stops.json", wantQuery: "ContentScope=Stops&VehicleNumber=151",
			call: func(ctx context.Context, c *feed.Client) (any, error) { return c.Pattern(ctx, 151, model.PatternStops) },
			check: func(t *testing.T, v any) {
				p := v.(model.Pattern)
				if p.VehicleNumber != 151 || p.RouteName != "2" || p.Direction != 1 || len(p.StopPoints) != 2 || len(p.TrackPoints) != 0 {
					t.Fatalf("pattern %+v", p)
				}
				if !p.StopPoints[0].StopPointCoordinates.Known() || p.StopPoints[1].StopPointCoordinates.Known() {
					t.Errorf("positions %+v", p.StopPoints)
				}
			}},
		{name: "track", fixture: "pattern_track.json", wantQuery: "ContentScope=Track&VehicleNumber=151",
			call: func(ctx context.Context, c *feed.Client) (any, error) { return c.Pattern(ctx, 151, "track") },
			check: func(t *testing.T, v any) {
				p := v.(model.Pattern)
				if len(p.TrackPoints) != 3 || p.TrackPoints[2].SequenceNumber != 2 || !p.TrackPoints[0].Point().Known() {
					t.Fatalf("pattern %+v", p)
				}
			}},
	})
}

func TestAlert(t *testing.T) {
	call := func(ctx context.Context, c *feed.Client) (any, error) { return c.Alert(ctx) }
	runEndpoint(t, "/passenger/alert/UnplannedAlert", []endpointCase{
		{name: "alert", fixture: "alert.json", call: call, check: func(t *testing.T, v any) {
			a := v.(model.Alert)
			if a.Title != "Störung Linie 2" || len(a.Items) != 2 || a.Items[1] != "Haltestelle Theater: Steig B gesperrt" {
				t.Errorf("alert %+v", a)
			}
		}},
		{name: "none", fixture: "alert_none.json", call: call, check: func(t *testing.T, v any) {
			a := v.(model.Alert)
			if a.Title != "" || len(a.Items) != 0 || !a.Timestamp.Known() {
				t.Errorf("no alert: %+v", a)
			}
		}},
	})
}

func TestNotFound(t *testing.T) {
	cases := []struct {
		name, path, body string
		call             func(context.Context, *feed.Client) error
		want             string
	}{
		{"stop", "/stop/passage/Departures", string(readFixture(t, "stop_departures_nostop.json")),
			func(ctx context.Context, c *feed.Client) error { _, err := c.StopDepartures(ctx, 9999, 0); return err },
			"no stop found (StopNumber 9999)"},
		{"stop point", "/stoppoint/passage/Arrivals", `{"StopPointPassage":{"State":"no stop found","ArrivalData":null}}`,
			func(ctx context.Context, c *feed.Client) error {
				_, err := c.StopPointArrivals(ctx, "999901", 0)
				return err
			},
			"no stop found (StopPointCode 999901)"},
		{"vehicle", "/vehicle/trip/Passage", `{"VehiclePassage":{"State":"no vehicle found"}}`,
			func(ctx context.Context, c *feed.Client) error { _, err := c.Passages(ctx, 4242, ""); return err },
			"no vehicle found (VehicleNumber 4242)"},
		{"trip", "/vehicle/trip/Trip", `{"VehicleTrip":{"CurrentStatus":"no vehicle found","TripData":[]}}`,
			func(ctx context.Context, c *feed.Client) error { _, err := c.Trips(ctx, 4242); return err },
			"no vehicle found (VehicleNumber 4242)"},
		{"base data", "/stop/attributes/BaseData", `{"StopAttributes":{"CurrentStatus":"No Result Found","StopData":[]}}`,
			func(ctx context.Context, c *feed.Client) error { _, err := c.Stops(ctx, "", 9998); return err },
			"no result found (StopNumber 9998)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, f := setup(t)
			f.handleFunc(tc.path, func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(tc.body)) })
			err := tc.call(context.Background(), c)
			var nf *feed.NotFoundError
			if !errors.As(err, &nf) || !errors.Is(err, feed.ErrNotFound) {
				t.Fatalf("error %v, want not found", err)
			}
			if err.Error() != tc.want {
				t.Errorf("message %q, want %q", err, tc.want)
			}
			// A not-found answer is not cached.
			if err := tc.call(context.Background(), c); !errors.Is(err, feed.ErrNotFound) {
				t.Fatal(err)
			}
			if n := len(f.requests()); n != 2 {
				t.Errorf("%d requests, want 2", n)
			}
		})
	}
}

func TestEmptyAndMissingLists(t *testing.T) {
	for name, body := range map[string]string{
		"null":    `{"StopPassage":{"State":"ok","DepartureData":null}}`,
		"missing": `{"StopPassage":{"State":"ok"}}`,
		"empty":   `{"StopPassage":{"State":"ok","DepartureData":[]}}`,
	} {
		t.Run(name, func(t *testing.T) {
			b, err := feed.DecodeDepartures([]byte(body))
			if err != nil || b.DepartureData == nil || len(b.DepartureData) != 0 || len(b.Events) != 0 {
				t.Errorf("got %+v, %v; want an empty, non-nil list", b, err)
			}
		})
	}
}
