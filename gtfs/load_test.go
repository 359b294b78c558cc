package gtfs

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// tinyFeed is a minimal valid feed's files.
func tinyFeed() map[string]string {
	return map[string]string{
		"agency.txt":         "agency_id,agency_name,agency_url,agency_timezone\nx,X,https://example.org,Europe/Berlin\n",
		"stops.txt":          "stop_id,stop_code,stop_name,stop_lat,stop_lon\nde:08421:1008:1:1,100801,Hauptbahnhof,48.39,9.98\nde:08421:1010:1:1,101001,Theater,48.40,9.99\n",
		"routes.txt":         "route_id,route_short_name,route_type\n2,2,0\n",
		"trips.txt":          "route_id,service_id,trip_id,trip_headsign,direction_id\n2,all,t1,Science Park II,0\n",
		"stop_times.txt":     "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,08:00:00,08:00:00,de:08421:1008:1:1,6\nt1,08:01:00,08:01:00,de:08421:1010:1:1,7\n",
		"calendar_dates.txt": "service_id,date,exception_type\nall,20260914,1\n",
	}
}

type entry struct {
	name string
	body io.Reader
	// store: not compressed
	store bool
}

func zipOf(t *testing.T, files map[string]string, extra ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(w, body)
	}
	for _, e := range extra {
		m := zip.Deflate
		if e.store {
			m = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: m})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(w, e.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// repeat is a reader of n bytes of a pattern, without holding them.
type repeat struct {
	pat  []byte
	left int64
	off  int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.pat[r.off:])
		n += c
		r.off = (r.off + c) % len(r.pat)
	}
	r.left -= int64(n)
	return n, nil
}

func TestLoadReadsATinyFeed(t *testing.T) {
	f, err := Load(zipOf(t, tinyFeed()), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Trips) != 1 || len(f.Trips[0].StopTimes) != 2 || f.Location.String() != "Europe/Berlin" || !f.Runs("all", 20260914, 1) {
		t.Fatalf("feed %+v", f)
	}
}

// TestLoadAcceptsAByteOrderMark: a BOM before the header (written by some
// spreadsheet tools) is skipped, the first column keeps its name.
func TestLoadAcceptsAByteOrderMark(t *testing.T) {
	files := tinyFeed()
	for k, v := range files {
		files[k] = "\uFEFF" + v
	}
	f, err := Load(zipOf(t, files), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if f.StopIndex("de:08421:1008:1:1") < 0 || len(f.Trips) != 1 || len(f.Trips[0].StopTimes) != 2 {
		t.Fatalf("with a BOM: stops %+v trips %+v", f.Stops, f.Trips)
	}
}

// TestLoadRefusesHostileZips: each is refused with one clear line, as a
// LoadError, within bounded memory.
func TestLoadRefusesHostileZips(t *testing.T) {
	lim := DefaultLimits
	lim.MaxFileBytes = 16 << 20
	files := tinyFeed()
	noStopTimes := tinyFeed()
	delete(noStopTimes, "stop_times.txt")
	valid := zipOf(t, files)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"not a zip", []byte("<html>502 Bad Gateway</html>"), "not a readable zip"},
		{"truncated", valid[:len(valid)/2], "not a readable zip"},
		{"path traversal", zipOf(t, files, entry{name: "../../etc/passwd", body: strings.NewReader("x")}), "unsafe name"},
		{"absolute path", zipOf(t, files, entry{name: "/etc/passwd", body: strings.NewReader("x")}), "unsafe name"},
		{"backslash traversal", zipOf(t, files, entry{name: `..\..\evil.txt`, body: strings.NewReader("x")}), "unsafe name"},
		{"no stop_times", zipOf(t, noStopTimes), "no stop_times.txt"},
		// A zip bomb: 64 MiB of one byte, compressed to about 64 KiB (the
		// bound of a file is 16 MiB here: the ratio is told first).
		{"zip bomb", zipOf(t, noStopTimes, entry{name: "stop_times.txt", body: &repeat{pat: []byte("0"), left: 64 << 20}}), "zip bomb"},
		// A stop_times.txt beyond the bound of a file (5 GB against the
		// default 4 GiB; here 24 MiB against 16 MiB, the same rule).
		{"huge stop_times", zipOf(t, noStopTimes, entry{name: "stop_times.txt", store: true, body: &repeat{pat: []byte("t1,08:00:00,08:00:00,de:08421:1008:1:1,6\n"), left: 24 << 20}}), "more than the 16 MiB"},
		// A file larger than the zip header says.
		{"lying size", lyingZip(t, noStopTimes), "damaged or larger than its size in the zip says"},
		// A 10 MB line.
		{"10 MB line", zipOf(t, noStopTimes, entry{name: "stop_times.txt", store: true, body: io.MultiReader(strings.NewReader("trip_id,stop_id\n"), &repeat{pat: []byte("abcdefghij"), left: 10 << 20})}), "line longer than 64 KiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Load(c.data, lim)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("err %v, want one line saying %q", err, c.want)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
				t.Errorf("refusing it allocated %d MiB", grew>>20)
			}
			t.Log(err)
		})
	}
}

// lyingZip has a stop_times.txt whose header says 100 bytes while its
// data inflate to 4 MiB.
func lyingZip(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(fw, &repeat{pat: []byte("t1,08:00:00,08:00:00,de:08421:1008:1:1,6\n"), left: 4 << 20})
	_ = fw.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, _ := zw.Create(name)
		_, _ = io.WriteString(w, body)
	}
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "stop_times.txt", Method: zip.Deflate, CompressedSize64: uint64(comp.Len()), UncompressedSize64: 100})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(comp.Bytes())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLoadRefusesTooManyRows: stop times beyond the bound are refused
// rather than kept.
func TestLoadRefusesTooManyRows(t *testing.T) {
	lim := DefaultLimits
	lim.MaxStopTimes = 1
	_, err := Load(zipOf(t, tinyFeed()), lim)
	if err == nil || !strings.Contains(err.Error(), "more than 1 rows") {
		t.Fatalf("err %v", err)
	}
}

// TestParseLimits: the limits of --gtfs-limits and gtfs.limits, each part
// optional over the defaults, which admit the national feed's sizes (a
// zip of some 300 MiB, stop_times.txt of some 2 GiB); mistakes are said.
func TestParseLimits(t *testing.T) {
	def, err := ParseLimits("")
	if err != nil || def != DefaultLimits {
		t.Fatalf("\"\": %+v %v", def, err)
	}
	if DefaultLimits.MaxZipBytes < 600<<20 || DefaultLimits.MaxFileBytes < 3<<30 {
		t.Errorf("the defaults %s do not admit the national feed", DefaultLimits)
	}
	lim, err := ParseLimits("zip=2GiB, file=8GiB,ratio=100,line=1MiB,stop-times=20_000_000")
	if err != nil || lim.MaxZipBytes != 2<<30 || lim.MaxFileBytes != 8<<30 || lim.MaxRatio != 100 || lim.MaxLine != 1<<20 || lim.MaxStopTimes != 20_000_000 {
		t.Fatalf("%+v %v", lim, err)
	}
	if back, err := ParseLimits(lim.String()); err != nil || back != lim {
		t.Errorf("%s read back as %+v %v", lim, back, err)
	}
	for _, bad := range []string{"zip", "zip=", "zip=lots", "ratio=1", "stop-times=0", "bombs=1", "line=2GiB", "file=-1"} {
		if _, err := ParseLimits(bad); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line", bad, err)
		}
	}
}
