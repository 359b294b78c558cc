package gtfs

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
)

// exported is one export of a week from Tuesday 2026-10-20 (the clocks go
// back on Sunday 25th), shared by the tests.
var exported = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	_, err := Export(&buf, ExportOptions{From: time.Date(2026, 10, 20, 0, 0, 0, 0, sim.Location()), Days: 7})
	return buf.Bytes(), err
})

func exportedFeed(t *testing.T) (*Feed, []byte) {
	t.Helper()
	data, err := exported()
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return f, data
}

func csvRows(t *testing.T, data []byte, name string) [][]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, zf := range zr.File {
		if zf.Name == name {
			rc, err := zf.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = rc.Close() }()
			rows, err := csv.NewReader(rc).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return rows
		}
	}
	t.Fatalf("%s missing from the export", name)
	return nil
}

// TestExportIsAValidStaticFeed holds the export to the GTFS reference's
// rules a consumer relies on: the required files, unique ids, every
// reference resolving, times increasing along each trip, the dates.
func TestExportIsAValidStaticFeed(t *testing.T) {
	f, data := exportedFeed(t)
	for _, name := range []string{"agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar_dates.txt", "shapes.txt", "feed_info.txt"} {
		csvRows(t, data, name)
	}
	if f.Location.String() != "Europe/Berlin" {
		t.Errorf("agency_timezone %s, want Europe/Berlin", f.Location)
	}
	if len(f.Routes) != 24 {
		t.Errorf("%d routes, want 24 (trams 1, 2, buses 4-17, night N1-N8)", len(f.Routes))
	}
	for _, r := range f.Routes {
		want := 3
		if r.ShortName == "1" || r.ShortName == "2" {
			want = 0
		}
		if r.Type != want {
			t.Errorf("route %s: route_type %d, want %d", r.ShortName, r.Type, want)
		}
	}
	stopRows := csvRows(t, data, "stops.txt")
	ids := map[string]bool{}
	for _, r := range stopRows[1:] {
		if ids[r[0]] {
			t.Errorf("stop_id %s twice", r[0])
		}
		ids[r[0]] = true
	}
	for _, r := range stopRows[1:] {
		if r[5] == "0" {
			if !strings.HasPrefix(r[0], "de:0") && r[0] != r[1] {
				t.Errorf("stop point %s: stop_id is neither its DHID nor its StopPointCode", r[0])
			}
			if !ids[r[6]] {
				t.Errorf("stop point %s: parent_station %q not in stops.txt", r[0], r[6])
			}
			if len(r[1]) != 6 {
				t.Errorf("stop point %s: stop_code %q is not a StopPointCode", r[0], r[1])
			}
		}
	}
	shapes := map[string]bool{}
	for _, r := range csvRows(t, data, "shapes.txt")[1:] {
		shapes[r[0]] = true
	}
	for _, r := range csvRows(t, data, "trips.txt")[1:] {
		if !shapes[r[5]] {
			t.Errorf("trip %s: shape %s not in shapes.txt", r[2], r[5])
		}
	}
	dates := map[int]bool{}
	for _, tr := range f.Trips {
		if len(tr.StopTimes) < 2 {
			t.Fatalf("trip %s has %d stop times", tr.ID, len(tr.StopTimes))
		}
		if tr.Headsign == "" || tr.Direction < 0 {
			t.Errorf("trip %s: headsign %q direction %d", tr.ID, tr.Headsign, tr.Direction)
		}
		for i := 1; i < len(tr.StopTimes); i++ {
			a, b := tr.StopTimes[i-1], tr.StopTimes[i]
			if b.Seq <= a.Seq || b.Arr <= a.Dep {
				t.Fatalf("trip %s: stop times not increasing at %d: %+v then %+v", tr.ID, i, a, b)
			}
		}
	}
	for d := 20; d <= 26; d++ {
		date := 20261000 + d
		wd := time.Date(2026, 10, d, 12, 0, 0, 0, time.UTC).Weekday()
		n := 0
		for _, tr := range f.Trips {
			if f.Runs(tr.ServiceID, date, wd) {
				n++
			}
		}
		if n < 1000 {
			t.Errorf("%d: %d trips run, want a day's timetable", date, n)
		}
		dates[date] = true
	}
	if f.Runs("weekday", 20261027, time.Tuesday) {
		t.Error("a day after the 7 exported runs")
	}
}

// TestExportTimesAreTheBoards: every departure on the simulation's boards
// has a static trip of its line at its stop point at its scheduled time,
// and the trip's headsign is the board's direction.
func TestExportTimesAreTheBoards(t *testing.T) {
	f, _ := exportedFeed(t)
	at := time.Date(2026, 10, 20, 7, 40, 0, 0, sim.Location())
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	c, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	ref := noonMinus12(2026, 10, 20, sim.Location())
	type key struct {
		route, stop string
		sec         int32
	}
	idx := map[key]string{}
	for _, tr := range f.Trips {
		if !f.Runs(tr.ServiceID, 20261020, time.Tuesday) {
			continue
		}
		for _, st := range tr.StopTimes {
			idx[key{f.Routes[tr.Route].ShortName, f.Stops[st.Stop].Code, st.Dep}] = tr.Headsign
		}
	}
	checked := 0
	for _, stop := range []int{1008, 1350, 1010, 1711, 1240} {
		b, err := c.StopDepartures(context.Background(), stop, 30)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Events {
			sec := int32(e.Scheduled.Sub(ref) / time.Second)
			hs, ok := idx[key{e.RouteName, string(e.StopPointCode), sec}]
			if !ok {
				t.Errorf("stop %d: line %s at %s (%s) has no static trip", stop, e.RouteName, e.Scheduled.Format("15:04"), e.StopPointCode)
				continue
			}
			if hs != e.DirectionText {
				t.Errorf("stop %d: line %s at %s: headsign %q, board says %q", stop, e.RouteName, e.Scheduled.Format("15:04"), hs, e.DirectionText)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("only %d departures checked", checked)
	}
}
