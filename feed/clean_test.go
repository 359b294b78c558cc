package feed_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"abfahrt/feed"
	"abfahrt/internal/hostile"
	"abfahrt/model"
)

// decoders maps every fixture to the decoder of its endpoint.
var decoders = map[string]func([]byte) (any, error){
	"alert.json":                  wrap(feed.DecodeAlert),
	"alert_none.json":             wrap(feed.DecodeAlert),
	"pattern_stops.json":          wrap(feed.DecodePattern),
	"pattern_track.json":          wrap(feed.DecodePattern),
	"route_basedata.json":         wrap(feed.DecodeRoutes),
	"stop_arrivals_1008.json":     wrap(feed.DecodeArrivals),
	"stop_basedata.json":          wrap(feed.DecodeStops),
	"stop_departures_1008.json":   wrap(feed.DecodeDepartures),
	"stop_departures_nostop.json": wrap(feed.DecodeDepartures),
	"stoppoint_arrivals.json":     wrap(feed.DecodeArrivals),
	"stoppoint_basedata.json":     wrap(feed.DecodeStopPoints),
	"stoppoint_departures.json":   wrap(feed.DecodeDepartures),
	"vehicle_basedata.json":       wrap(feed.DecodeVehicles),
	"vehicle_passage_151.json":    wrap(feed.DecodePassages),
	"vehicle_trip.json":           wrap(feed.DecodeTrips),
	"vehicle_trip_151.json":       wrap(feed.DecodeTrips),
	"versioninfo.json":            wrap(feed.DecodeVersionInfo),
}

func wrap[T any](decode func([]byte) (T, error)) func([]byte) (any, error) {
	return func(b []byte) (any, error) { return decode(b) }
}

// assertClean fails t for every string in v that a terminal would act on.
func assertClean(t *testing.T, what string, v any) int {
	t.Helper()
	n := 0
	hostile.Strings(v, func(path, s string) {
		n++
		if why := hostile.Unsafe(s); why != "" {
			t.Errorf("%s%s: %s in %q", what, path, why, s)
		}
	})
	return n
}

// TestDecodersCleanEveryString poisons every text of every fixture with
// escape sequences, C1 controls, bidi controls and line breaks: each
// decoder returns exactly what it returns for the fixture itself, because
// every payload is removed whole.
func TestDecodersCleanEveryString(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range files {
		name := filepath.Base(p)
		decode, ok := decoders[name]
		if !ok {
			t.Errorf("fixture %s has no decoder in this test", name)
			continue
		}
		body := readFixture(t, name)
		poisoned := hostile.Poison(body)
		if bytes.Equal(poisoned, body) || !bytes.Contains(poisoned, []byte(`\u001b`)) {
			t.Fatalf("%s: nothing poisoned", name)
		}
		want, wantErr := decode(body)
		got, err := decode(poisoned)
		if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("%s: error %v, want %v", name, err, wantErr)
			continue
		}
		if err != nil {
			if why := hostile.Unsafe(err.Error()); why != "" {
				t.Errorf("%s: %s in error %q", name, why, err)
			}
			continue
		}
		if n := assertClean(t, name, got); n == 0 {
			t.Errorf("%s: no strings decoded", name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: poisoned answer decodes to\n%+v\nwant\n%+v", name, got, want)
		}
	}
}

// TestDecodersCapLongText checks that texts are cut to their field's cap.
func TestDecodersCapLongText(t *testing.T) {
	long := strings.Repeat("Wiblingen ", 50)
	body := []byte(`{"StopPassage":{"CurrentTimestamp":"2026-09-11T12:49:34+02:00","StopName":"` + long +
		`","DepartureData":[{"RouteName":"` + long + `","DepartureDirectionText":"` + long + `","PlatformName":"` + long +
		`","DepartureTimeScheduled":"2026-09-11T12:50:00+02:00"}]}}`)
	b, err := feed.DecodeDepartures(body)
	if err != nil {
		t.Fatal(err)
	}
	d := b.DepartureData[0]
	for _, c := range []struct {
		field, s string
	}{{"StopName", b.StopName}, {"RouteName", d.RouteName}, {"DepartureDirectionText", d.DepartureDirectionText}, {"PlatformName", d.PlatformName}} {
		if n := len([]rune(c.s)); n != model.TextCap(c.field) || !strings.HasSuffix(c.s, "…") {
			t.Errorf("%s is %d runes (%q), want %d ending in …", c.field, n, c.s, model.TextCap(c.field))
		}
	}
	if b.Events[0].RouteName != d.RouteName {
		t.Errorf("event and record differ: %q, %q", b.Events[0].RouteName, d.RouteName)
	}
}

// TestHostileErrorsAreClean checks the errors that quote the service.
func TestHostileErrorsAreClean(t *testing.T) {
	for _, body := range []string{
		"\u009b31m<html>\x1b]0;x\x07",
		`{"VersionInfo":{"UsedCodes":{"\u001b]0;x\u0007\u202e":{"a":1}}}}`,
		`{"StopPointPassage":{"State":"no stop \u001b[2Jfound\u202e"}}`,
		`{"StopPassage":{"DepartureData":[{"StopPointCode":{"\u009b":"\u202e"}}]}}`,
		"{\"StopPassage\":{\"StopName\":\"\u202e\x1b[31m",
	} {
		_, err1 := feed.DecodeVersionInfo([]byte(body))
		_, err2 := feed.DecodeDepartures([]byte(body))
		for _, err := range []error{err1, err2} {
			if err == nil {
				continue
			}
			for _, s := range []string{err.Error(), feed.Brief(err)} {
				if why := hostile.Unsafe(s); why != "" {
					t.Errorf("%q: %s in error %q", body, why, s)
				}
			}
		}
	}
}

func TestBriefIsOneCleanLine(t *testing.T) {
	err := errors.Join(errors.New("stops: \x1b]0;t\x07bad\u202e"), errors.New("lines:\tworse\u009b2J"))
	if got := feed.Brief(err); got != "stops: bad lines: worse" {
		t.Errorf("Brief = %q", got)
	}
}

// hostileFixtures serves every fixture poisoned, at its endpoint.
func hostileFixtures(f *fake) {
	serve := func(path, fixture string) {
		body := hostile.Poison(readFixture(f.t, fixture))
		f.handleFunc(path, func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(body) })
	}
	serve("/VersionInfo", "versioninfo.json")
	serve("/route/attributes/BaseData", "route_basedata.json")
	serve("/stop/attributes/BaseData", "stop_basedata.json")
	serve("/stoppoint/attributes/BaseData", "stoppoint_basedata.json")
	serve("/vehicle/attributes/BaseData", "vehicle_basedata.json")
	serve("/stop/passage/Departures", "stop_departures_1008.json")
	serve("/stop/passage/Arrivals", "stop_arrivals_1008.json")
	serve("/stoppoint/passage/Departures", "stoppoint_departures.json")
	serve("/stoppoint/passage/Arrivals", "stoppoint_arrivals.json")
	serve("/vehicle/trip/Trip", "vehicle_trip.json")
	serve("/vehicle/trip/Passage", "vehicle_passage_151.json")
	serve("/vehicle/trip/Pattern", "pattern_stops.json")
	serve("/passenger/alert/UnplannedAlert", "alert.json")
}

// TestClientCleansHostileService runs every call of a Client against a
// service whose every text is poisoned.
func TestClientCleansHostileService(t *testing.T) {
	c, f := setup(t)
	hostileFixtures(f)
	ctx := context.Background()
	results := map[string]func() (any, error){
		"VersionInfo":         func() (any, error) { return c.VersionInfo(ctx) },
		"Routes":              func() (any, error) { return c.Routes(ctx, model.ScopeExtended, 0) },
		"Stops":               func() (any, error) { return c.Stops(ctx, "", 0) },
		"StopPoints":          func() (any, error) { return c.StopPoints(ctx, "", "") },
		"Vehicles":            func() (any, error) { return c.Vehicles(ctx, "", 0) },
		"StopDepartures":      func() (any, error) { return c.StopDepartures(ctx, 1008, 0) },
		"StopArrivals":        func() (any, error) { return c.StopArrivals(ctx, 1008, 0) },
		"StopPointDepartures": func() (any, error) { return c.StopPointDepartures(ctx, "100821", 0) },
		"StopPointArrivals":   func() (any, error) { return c.StopPointArrivals(ctx, "100821", 0) },
		"Trips":               func() (any, error) { return c.Trips(ctx, 0) },
		"Passages":            func() (any, error) { return c.Passages(ctx, 151, "") },
		"Pattern":             func() (any, error) { return c.Pattern(ctx, 151, "") },
		"Alert":               func() (any, error) { return c.Alert(ctx) },
	}
	for name, call := range results {
		v, err := call()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if n := assertClean(t, name, v); n == 0 {
			t.Errorf("%s: no strings", name)
		}
	}
	b, _ := c.StopDepartures(ctx, 1008, 0)
	if b.StopName != "Hauptbahnhof" || b.Events[0].RouteName != "2" || b.DepartureData[0].StopPointCode != "de:08421:1008:1:1" {
		t.Errorf("cleaning changed the text: %q, %q, %q", b.StopName, b.Events[0].RouteName, b.DepartureData[0].StopPointCode)
	}
	a, _ := c.Alert(ctx)
	if a.Title != "Störung Linie 2" || len(a.Items) != 2 {
		t.Errorf("alert %q %q", a.Title, a.Items)
	}
}

// TestHostileErrorPage checks that the excerpt of an HTML error page with
// escape sequences is clean in every form an error is shown.
func TestHostileErrorPage(t *testing.T) {
	c, f := setup(t)
	f.mux.Handle("/", hostile.Failing())
	_, err := c.StopDepartures(context.Background(), 1008, 0)
	var he *feed.HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusServiceUnavailable {
		t.Fatalf("want a 503 HTTPError, got %v", err)
	}
	if !strings.Contains(he.Body, "Service Unavailable") || !strings.Contains(he.Body, "try again") {
		t.Errorf("excerpt lost the text: %q", he.Body)
	}
	for _, s := range []string{he.Body, err.Error(), feed.Brief(err)} {
		if why := hostile.Unsafe(s); why != "" {
			t.Errorf("%s in %q", why, s)
		}
	}
}

// TestPoisonedDiskCacheComesBackClean stores poisoned base data in the
// disk cache (which keeps raw bodies), then reads it back from disk in a
// new client while the service is down: the values are clean.
func TestPoisonedDiskCacheComesBackClean(t *testing.T) {
	dir := t.TempDir()
	c, f := setup(t, feed.WithCacheDir(dir))
	var down atomic.Bool
	body := hostile.Poison(readFixture(t, "stop_basedata.json"))
	f.handleFunc("/stop/attributes/BaseData", func(w http.ResponseWriter, _ *http.Request) {
		if down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write(body)
	})
	if _, err := c.Stops(context.Background(), "", 0); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.cache"))
	if len(files) != 1 {
		t.Fatalf("%d cache files", len(files))
	}
	raw, err := os.ReadFile(files[0])
	if err != nil || !bytes.Contains(raw, []byte(`\u001b]52`)) || !bytes.Contains(raw, []byte("\u202e")) {
		t.Fatalf("the cache file does not hold the poisoned body (%v)", err)
	}
	down.Store(true)
	c2, err := feed.NewClient(f.base, feed.WithCacheDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	stops, err := c2.Stops(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if c2.Stats().Upstream != 0 {
		t.Error("the second client asked the service instead of its disk cache")
	}
	assertClean(t, "Stops", stops)
	if stops[0].StopName != "ZOB" {
		t.Errorf("first stop %q", stops[0].StopName)
	}
}

// FuzzDecodedTextIsClean runs every decoder on the input: every string of
// every result, and every error, is safe for a terminal.
func FuzzDecodedTextIsClean(f *testing.F) {
	seeds(f)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range files {
		f.Add(hostile.Poison(readFixture(f, filepath.Base(p))))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, decode := range decoders {
			v, err := decode(data)
			if err != nil {
				for _, s := range []string{err.Error(), feed.Brief(err)} {
					if why := hostile.Unsafe(s); why != "" {
						t.Errorf("%s: %s in error %q", name, why, s)
					}
				}
				continue
			}
			assertClean(t, name, v)
		}
	})
}
