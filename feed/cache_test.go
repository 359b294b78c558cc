package feed_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
)

func TestConcurrentCallsShareOneRequest(t *testing.T) {
	c, f := setup(t)
	body := readFixture(t, "stop_departures_1008.json")
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	f.handleFunc("/stop/passage/Departures", func(w http.ResponseWriter, _ *http.Request) {
		arrived <- struct{}{}
		<-release
		_, _ = w.Write(body)
	})
	const n = 10
	var wg sync.WaitGroup
	boards := make([]model.Board, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { boards[i], errs[i] = c.StopDepartures(context.Background(), 1008, 0) })
	}
	<-arrived
	time.Sleep(50 * time.Millisecond) // let the others join the flight
	close(release)
	wg.Wait()
	for i := range n {
		if errs[i] != nil || len(boards[i].Events) != 4 {
			t.Fatalf("call %d: %d events, %v", i, len(boards[i].Events), errs[i])
		}
	}
	// Each caller gets its own copy: changing one board leaves the others.
	boards[0].Events[0].RouteName = "changed"
	if boards[1].Events[0].RouteName != "2" {
		t.Error("callers share decoded records")
	}
	s := c.Stats()
	if s.Upstream != 1 || s.Shared+s.CacheHits != n-1 || len(f.requests()) != 1 {
		t.Errorf("stats %+v, %d requests; want 1 upstream request shared by %d callers", s, len(f.requests()), n)
	}
}

func TestLiveTTLAndRevalidation(t *testing.T) {
	clk := newClock()
	c, f := setup(t, feed.WithClock(clk.Now))
	f.handle("/stop/passage/Departures", "stop_departures_1008.json")
	ctx := context.Background()
	call := func() model.Board {
		t.Helper()
		b, err := c.StopDepartures(ctx, 1008, 5)
		if err != nil || len(b.Events) != 4 {
			t.Fatalf("%d events, %v", len(b.Events), err)
		}
		return b
	}
	want := func(upstream, hits, revalidated int64) {
		t.Helper()
		s := c.Stats()
		if s.Upstream != upstream || s.CacheHits != hits || s.Revalidated != revalidated {
			t.Errorf("stats %+v, want %d upstream, %d hits, %d revalidated", s, upstream, hits, revalidated)
		}
	}
	first := call()
	want(1, 0, 0)
	clk.Advance(11 * time.Second)
	call()
	want(1, 1, 0)
	clk.Advance(2 * time.Second) // past the 12 s live lifetime: revalidate
	if got := call(); !reflect.DeepEqual(got, first) {
		t.Error("revalidated board differs")
	}
	want(2, 1, 1)
	reqs := f.requests()
	if reqs[0].Header.Get("If-None-Match") != "" || reqs[1].Header.Get("If-None-Match") == "" {
		t.Errorf("If-None-Match: first %q, second %q", reqs[0].Header.Get("If-None-Match"), reqs[1].Header.Get("If-None-Match"))
	}
	clk.Advance(11 * time.Second) // the 304 started a new lifetime
	call()
	want(2, 2, 1)
	// A manual refresh skips the lifetime but still revalidates.
	if _, err := c.StopDepartures(feed.WithFresh(ctx), 1008, 5); err != nil {
		t.Fatal(err)
	}
	want(3, 2, 2)
	// Another URL is another cache entry.
	if _, err := c.StopDepartures(ctx, 1008, 6); err != nil {
		t.Fatal(err)
	}
	want(4, 2, 2)
}

func TestBaseTTL(t *testing.T) {
	clk := newClock()
	c, f := setup(t, feed.WithClock(clk.Now))
	f.handle("/stoppoint/attributes/BaseData", "stoppoint_basedata.json")
	ctx := context.Background()
	for _, step := range []time.Duration{0, time.Minute, 23 * time.Hour, 2 * time.Hour} {
		clk.Advance(step)
		if sps, err := c.StopPoints(ctx, "", ""); err != nil || len(sps) != 10 {
			t.Fatalf("%d stop points, %v", len(sps), err)
		}
	}
	if s := c.Stats(); s.Upstream != 2 || s.CacheHits != 2 || s.Revalidated != 1 {
		t.Errorf("stats %+v: base data must live 24 hours", s)
	}
}

// baseCalls makes one call of each kind of base data request used below.
func baseCalls(t *testing.T, c *feed.Client) ([]model.StopPoint, model.VersionInfo) {
	t.Helper()
	sps, err := c.StopPoints(context.Background(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	vi, err := c.VersionInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sps, vi
}

func TestDiskCacheSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	c1, f := setup(t, feed.WithCacheDir(dir), feed.WithClock(clk.Now))
	f.handle("/stoppoint/attributes/BaseData", "stoppoint_basedata.json")
	f.handle("/VersionInfo", "versioninfo.json")
	f.handle("/stop/passage/Departures", "stop_departures_1008.json")
	sps1, vi1 := baseCalls(t, c1)
	if _, err := c1.StopDepartures(context.Background(), 1008, 0); err != nil {
		t.Fatal(err)
	}

	clk.Advance(23 * time.Hour)
	c2, err := feed.NewClient(f.base, feed.WithCacheDir(dir), feed.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	sps2, vi2 := baseCalls(t, c2)
	if s := c2.Stats(); s.Upstream != 0 || s.CacheHits != 2 {
		t.Errorf("restart within 24 h: stats %+v, want no request", s)
	}
	if !reflect.DeepEqual(sps1, sps2) || !reflect.DeepEqual(vi1, vi2) {
		t.Error("disk cache changed the data")
	}
	// Live data is not kept on disk.
	if _, err := c2.StopDepartures(context.Background(), 1008, 0); err != nil {
		t.Fatal(err)
	}
	if s := c2.Stats(); s.Upstream != 1 {
		t.Errorf("live data after restart: stats %+v", s)
	}

	// After 24 hours the disk copy is revalidated with its ETag.
	clk.Advance(2 * time.Hour)
	c3, err := feed.NewClient(f.base, feed.WithCacheDir(dir), feed.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	baseCalls(t, c3)
	if s := c3.Stats(); s.Upstream != 2 || s.Revalidated != 2 {
		t.Errorf("restart after 25 h: stats %+v, want 2 revalidations", s)
	}
}

func TestDiskCacheCorruptFileIgnored(t *testing.T) {
	for name, corrupt := range map[string]func([]byte) []byte{
		"garbage":   func([]byte) []byte { return []byte("\x00\x01not a cache file") },
		"truncated": func(b []byte) []byte { return b[:len(b)-100] },
		"flipped":   func(b []byte) []byte { b[len(b)-50] ^= 0x20; return b },
		"empty":     func([]byte) []byte { return nil },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			c1, f := setup(t, feed.WithCacheDir(dir))
			f.handle("/stoppoint/attributes/BaseData", "stoppoint_basedata.json")
			f.handle("/VersionInfo", "versioninfo.json")
			want, _ := baseCalls(t, c1)
			files, err := filepath.Glob(filepath.Join(dir, "*"))
			if err != nil || len(files) != 2 {
				t.Fatalf("cache files %v, %v", files, err)
			}
			for _, p := range files {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, corrupt(b), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			c2, err := feed.NewClient(f.base, feed.WithCacheDir(dir))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := baseCalls(t, c2)
			if s := c2.Stats(); s.Upstream != 2 || !reflect.DeepEqual(got, want) {
				t.Errorf("stats %+v; a corrupt file must be ignored", s)
			}
			// and replaced.
			c3, err := feed.NewClient(f.base, feed.WithCacheDir(dir))
			if err != nil {
				t.Fatal(err)
			}
			baseCalls(t, c3)
			if s := c3.Stats(); s.Upstream != 0 {
				t.Errorf("stats %+v; the corrupt file was not replaced", s)
			}
		})
	}
}

func TestWithoutCache(t *testing.T) {
	dir := t.TempDir()
	c, f := setup(t, feed.WithCacheDir(dir), feed.WithoutCache())
	f.handle("/stoppoint/attributes/BaseData", "stoppoint_basedata.json")
	f.handle("/VersionInfo", "versioninfo.json")
	baseCalls(t, c)
	baseCalls(t, c)
	if s := c.Stats(); s.Upstream != 4 || s.CacheHits != 0 {
		t.Errorf("stats %+v", s)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Errorf("files written without a cache: %v", files)
	}
}

func TestDiskCacheDisabled(t *testing.T) {
	c, f := setup(t, feed.WithCacheDir(""))
	f.handle("/VersionInfo", "versioninfo.json")
	for range 2 {
		if _, err := c.VersionInfo(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if s := c.Stats(); s.Upstream != 1 || s.CacheHits != 1 {
		t.Errorf("memory cache must work without a disk cache: %+v", s)
	}
}

func TestWithLiveTTLFollowsAShorterPollInterval(t *testing.T) {
	clk := newClock()
	c, f := setup(t, feed.WithClock(clk.Now), feed.WithLiveTTL(4*time.Second))
	f.handle("/stop/passage/Departures", "stop_departures_1008.json")
	ctx := context.Background()
	for range 2 {
		if _, err := c.StopDepartures(ctx, 1008, 5); err != nil {
			t.Fatal(err)
		}
		clk.Advance(5 * time.Second) // a 5 s poll must see a new answer each time
	}
	if s := c.Stats(); s.Upstream != 2 || s.CacheHits != 0 {
		t.Errorf("stats %+v, want 2 upstream and no cache hit", s)
	}
}
