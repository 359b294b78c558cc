package gtfs

import (
	"context"
	"net/http"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
)

// TestCheckFindsWhatADataKeeperFixes: against the export, a stop point
// taken out of the static feed is reported missing, the trips through it
// still match, and wrong headsigns of line 2 are reported with the live
// direction; the export itself has nothing to report but the service's
// stop points with the unknown position.
func TestCheckFindsWhatADataKeeperFixes(t *testing.T) {
	at := time.Date(2026, 10, 20, 7, 40, 0, 0, sim.Location())
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	c, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	data, err := exported()
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	o := CheckOptions{Now: func() time.Time { return at }, MaxVehicles: 200}
	r, err := Check(context.Background(), c, f, "export", o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.MissingStops) != 0 || len(r.Unmatched) != 0 || len(r.Ambiguous) != 0 || len(r.Headsigns) != 0 || r.Matched < 100 {
		t.Fatalf("the export against its own network: %+v", r)
	}
	for _, s := range r.NoPosition {
		if s.Where != "live" {
			t.Errorf("the export has a stop without coordinates: %+v", s)
		}
	}

	f, _ = Load(data, DefaultLimits)
	gone := f.StopIndex("de:08421:1010:0:A") // Theater, a stop point of line 2
	if gone < 0 {
		t.Fatal("Theater's stop point not in the export")
	}
	delete(f.stopByID, f.Stops[gone].ID)
	f.Stops[gone].ID, f.Stops[gone].Code = "gone", ""
	for i := range f.Trips {
		if f.Routes[f.Trips[i].Route].ShortName == "2" {
			f.Trips[i].Headsign = "Kuhberg Schulzentrum (falsch)"
		}
	}
	r, err = Check(context.Background(), c, f, "edited", o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.MissingStops) != 1 || r.MissingStops[0].Code != "101001" {
		t.Errorf("missing stops %+v, want Theater's 101001", r.MissingStops)
	}
	if len(r.Unmatched) != 0 || len(r.Ambiguous) != 0 {
		t.Errorf("one stop less: %d unmatched, %d ambiguous trips", len(r.Unmatched), len(r.Ambiguous))
	}
	found := false
	for _, h := range r.Headsigns {
		if h.Line == "2" && h.Static == "Kuhberg Schulzentrum (falsch)" && h.Live != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("headsigns %+v, want line 2's", r.Headsigns)
	}
}
