package gtfs

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/model"
)

// largeMiB is the size of the generated stop_times.txt of the large feed
// test: 48 MiB by default (6 MiB under the race detector, which slows
// CSV tenfold);
// ABFAHRT_GTFS_LARGE_MIB=2048 makes it the national feed's size.
func largeMiB(t *testing.T) int64 {
	if v := os.Getenv("ABFAHRT_GTFS_LARGE_MIB"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			t.Fatalf("ABFAHRT_GTFS_LARGE_MIB=%q: want a number of MiB", v)
		}
		return n
	}
	if raceOn {
		return 6
	}
	return 48
}

// writeLargeFeed writes a national-shaped static GTFS zip to path: the
// simulated network's export of day, and besides it trips of other
// regions of Germany at stops of their own, with a stop_times.txt of
// about stopTimesMiB MiB. It returns the other regions' trip count.
func writeLargeFeed(t *testing.T, path string, day time.Time, stopTimesMiB int64) int {
	t.Helper()
	var exp bytes.Buffer
	if _, err := Export(&exp, ExportOptions{From: day, Days: 1}); err != nil {
		t.Fatal(err)
	}
	er, err := zip.NewReader(bytes.NewReader(exp.Bytes()), int64(exp.Len()))
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = out.Close() }()
	bw := bufio.NewWriterSize(out, 1<<20)
	zw := zip.NewWriter(bw)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	const otherStops = 200_000
	// rng is a small deterministic generator (xorshift), enough for ids
	// and times that compress like a real timetable's.
	x := uint64(0x9e3779b97f4a7c15)
	rng := func(n int) int {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int(x % uint64(n))
	}
	trips := 0
	for _, ef := range er.File {
		w, err := zw.Create(ef.Name)
		if err != nil {
			t.Fatal(err)
		}
		rc, err := ef.Open()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(w, rc); err != nil {
			t.Fatal(err)
		}
		_ = rc.Close()
		bw := bufio.NewWriter(w)
		switch ef.Name {
		case "stops.txt":
			// Stops outside the network's area: Germany north of 49°N,
			// with ids of other municipalities (and stop numbers the
			// network has too).
			for i := range otherStops {
				lat := 49.0 + float64(rng(550_000))/100_000
				lon := 6.0 + float64(rng(900_000))/100_000
				fmt.Fprintf(bw, "%s,,Haltestelle %d,%.6f,%.6f,0,,\n", otherStop(nil, i), i, lat, lon)
			}
		case "routes.txt":
			for i := range 2000 {
				fmt.Fprintf(bw, "R%d,swu,%d,,3,,\n", i, i)
			}
		case "trips.txt":
			// written below, as many as the stop times need
		case "calendar_dates.txt":
			fmt.Fprintf(bw, "other,%s,1\n", day.Format("20060102"))
		}
		if ef.Name == "stop_times.txt" {
			// Other trips of 20 to 40 stops until the file has its size.
			left := stopTimesMiB << 20
			var line []byte
			for left > 0 {
				trips++
				n := 20 + rng(21)
				sec := 4*3600 + rng(20*3600)
				for s := range n {
					line = append(line[:0], 'O')
					line = strconv.AppendInt(line, int64(trips), 10)
					line = append(line, ',')
					line = appendTime(line, sec)
					line = append(line, ',')
					line = appendTime(line, sec)
					line = append(line, ',')
					line = otherStop(line, rng(otherStops))
					line = append(line, ',')
					line = strconv.AppendInt(line, int64(s), 10)
					line = append(line, '\n')
					_, _ = bw.Write(line)
					left -= int64(len(line))
					sec += 60 + rng(180)
				}
			}
		}
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	// trips.txt of the other trips: a second file would be a duplicate
	// name, so the export's trips.txt is rewritten with them at the end.
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	return trips
}

// otherStop appends the stop_id of other region's stop i: a DHID of a
// municipality no network stop has.
func otherStop(b []byte, i int) []byte {
	b = append(b, "de:1"...)
	m := i % 9000
	for d := 1000; d >= 1; d /= 10 {
		b = append(b, byte('0'+m/d%10))
	}
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(1000+i/9000), 10)
	return append(b, ":1:1"...)
}

// appendTime appends a GTFS time HH:MM:SS of sec.
func appendTime(b []byte, sec int) []byte {
	h, m, s := sec/3600, sec/60%60, sec%60
	return append(b, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
}

// withOtherTrips rewrites the zip at path with trips.txt holding the
// other regions' trips O1..On too.
func withOtherTrips(t *testing.T, path string, n int) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = zr.Close() }()
	dst := path + ".new"
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(out)
	for _, f := range zr.File {
		if f.Name != "trips.txt" {
			if err := zw.Copy(f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(w, rc)
		_ = rc.Close()
		bw := bufio.NewWriterSize(w, 1<<20)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(bw, "R%d,other,O%d,Ziel %d,%d,\n", i%2000, i, i%97, i%2)
		}
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dst, path); err != nil {
		t.Fatal(err)
	}
}

// liveNetwork is the simulation's stop points as a live service sends
// them.
func liveNetwork(t *testing.T, at time.Time) *Network {
	t.Helper()
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(at, 0)})
	c, err := feed.NewClient(sim.BaseURL, feed.WithHTTPClient(&http.Client{Transport: sim.NewTransport(svc)}), feed.WithoutCache(), feed.WithCacheDir(""))
	if err != nil {
		t.Fatal(err)
	}
	points, err := c.StopPoints(context.Background(), model.ScopeExtended, "")
	if err != nil {
		t.Fatal(err)
	}
	return NetworkOf(points)
}

// peakHeap runs f while sampling the heap in use; it returns the most
// the heap grew beyond what it was before.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > base && m.HeapInuse-base > peak.Load() {
				peak.Store(m.HeapInuse - base)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// TestLoadLargeFeedForTheNetwork: a national-shaped feed (the simulated
// network's timetable among other regions' trips, stop_times.txt of
// 48 MiB here, 2 GiB with ABFAHRT_GTFS_LARGE_MIB=2048) is admitted by the
// default limits and loaded for the live network: only the network's
// trips are kept, and the heap grows by a bounded amount, not with the
// file.
func TestLoadLargeFeedForTheNetwork(t *testing.T) {
	day := time.Date(2026, 10, 20, 0, 0, 0, 0, sim.Location())
	size := largeMiB(t)
	path := filepath.Join(t.TempDir(), "national.zip")
	start := time.Now()
	others := writeLargeFeed(t, path, day, size)
	withOtherTrips(t, path, others)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("generated %d other trips, stop_times.txt %d MiB, zip %d MiB, in %s", others, size, fi.Size()>>20, time.Since(start).Round(time.Millisecond))
	var exp bytes.Buffer
	if _, err := Export(&exp, ExportOptions{From: day, Days: 1}); err != nil {
		t.Fatal(err)
	}
	own, err := Load(exp.Bytes(), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	n := liveNetwork(t, day.Add(8*time.Hour))
	var f *Feed
	start = time.Now()
	grew := peakHeap(func() { f, err = LoadFile(path, DefaultLimits, n) })
	took := time.Since(start)
	if err != nil {
		t.Fatalf("the default limits refuse a national-shaped feed: %v", err)
	}
	t.Logf("loaded for the network in %s: %d trips, %d stops kept; heap grew by at most %d MiB", took.Round(time.Millisecond), len(f.Trips), len(f.Stops), grew>>20)
	if len(f.Trips) != len(own.Trips) {
		t.Errorf("%d trips kept, want the network's %d", len(f.Trips), len(own.Trips))
	}
	for _, tr := range f.Trips {
		if tr.ID[0] == 'O' {
			t.Fatalf("trip %s of another region kept", tr.ID)
		}
	}
	rows, ownRows := 0, 0
	for i := range f.Trips {
		rows += len(f.Trips[i].StopTimes)
	}
	for i := range own.Trips {
		ownRows += len(own.Trips[i].StopTimes)
	}
	if rows != ownRows {
		t.Errorf("%d stop times kept, the network has %d", rows, ownRows)
	}
	if limit := uint64(64 << 20); grew > limit {
		t.Errorf("loading grew the heap by %d MiB, want at most %d MiB whatever the file's size", grew>>20, limit>>20)
	}
	// Without the network the same feed is refused, in one line, rather
	// than held: its stop times are beyond what abfahrt keeps.
	lim := DefaultLimits
	lim.MaxStopTimes = ownRows * 2
	if _, err := LoadFile(path, lim, nil); err == nil {
		t.Error("without the network, a feed beyond MaxStopTimes loaded")
	} else {
		t.Log(err)
	}
}
