package rt

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"abfahrt/feed"
	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
	"abfahrt/gtfs"
)

// benchSnapshot is the settled rig's live data at rush hour.
func benchSnapshot(b *testing.B) (Snapshot, *gtfs.Matcher) {
	b.Helper()
	r := newRig(b, rush, true)
	r.settle(b)
	snap, err := r.hub.poll(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	return snap, gtfs.NewMatcher(r.static)
}

// BenchmarkBuildRushHour builds and encodes the three feeds of the whole
// network at Tuesday 7:40 (seed 1), matched to the static export: what the
// hub does once an interval.
func BenchmarkBuildRushHour(b *testing.B) {
	snap, m := benchSnapshot(b)
	m.Match("2", nil, rush) // the day's index, built once a day
	b.ReportAllocs()
	var sizes [3]int
	for b.Loop() {
		bu := Build(snap, m)
		for i, msg := range []proto.Message{bu.TripUpdates, bu.Vehicles, bu.Alerts} {
			e, err := encode(msg)
			if err != nil {
				b.Fatal(err)
			}
			sizes[i] = len(e.pb)
		}
	}
	b.ReportMetric(float64(sizes[0]), "tripupdate-bytes")
	b.ReportMetric(float64(sizes[1]), "vehicle-bytes")
	b.ReportMetric(float64(sizes[2]), "alert-bytes")
}

// BenchmarkBuildRushHourStopBased is the same without a static feed.
func BenchmarkBuildRushHourStopBased(b *testing.B) {
	snap, _ := benchSnapshot(b)
	b.ReportAllocs()
	for b.Loop() {
		bu := Build(snap, nil)
		for _, msg := range []proto.Message{bu.TripUpdates, bu.Vehicles, bu.Alerts} {
			if _, err := encode(msg); err != nil {
				b.Fatal(err)
			}
		}
	}
}

type countingTransport struct {
	rt http.RoundTripper
	n  atomic.Int64
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.rt.RoundTrip(r)
}

// TestMeasureUpstreamRequests measures the upstream requests the feeds
// cost over 40 intervals (10 minutes of the simulation from Tuesday 7:40,
// run 30 times as fast, the mirror's and the hub's clocks the
// simulation's): at most one a second.
func TestMeasureUpstreamRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("measurement")
	}
	clock := sim.NewClock(rush, 30)
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	ct := &countingTransport{rt: sim.NewTransport(svc)}
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: ct, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	c, err := feed.NewClient("http://hub.invalid"+mirror.BasePath, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(m)}), feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	h := New(Options{Client: c, Now: clock.Now})
	const intervals = 40
	start := clock.Now()
	for range intervals {
		if err := h.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		for next := start.Add(15 * time.Second); clock.Now().Before(next); {
			time.Sleep(10 * time.Millisecond)
		}
		start = start.Add(15 * time.Second)
	}
	secs := float64(intervals * 15)
	rate := float64(ct.n.Load()) / secs
	st := h.Status()
	t.Logf("%d upstream requests in %.0f s of service time: %.2f a second; last build: %d trips, %d matched", ct.n.Load(), secs, rate, st.Matched+st.Unmatched+st.Ambiguous, st.Matched)
	if rate > 1.0 {
		t.Errorf("%.2f upstream requests a second, want at most 1", rate)
	}
}
