package main

import (
	"archive/zip"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gtfsrt "github.com/MobilityData/gtfs-realtime-bindings/golang/gtfs"
	"google.golang.org/protobuf/proto"

	"abfahrt/feed/sim"
)

// TestGTFSExportWritesAZipQuietlyWhenPiped: abfahrt gtfs export writes
// the static feed with the files a GTFS consumer needs and, its output not
// a terminal, says nothing.
func TestGTFSExportWritesAZipQuietlyWhenPiped(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sim.zip")
	code, stdout, stderr := runCLI(t, "gtfs", "export", "--out", out, "--from", "2026-09-14", "--days", "2")
	if code != exitOK || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and silence", code, stdout, stderr)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = zr.Close() }()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	for _, want := range []string{"agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar_dates.txt", "shapes.txt", "feed_info.txt"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("%s missing: %v", want, names)
		}
	}
}

// TestGTFSExportRefusesBadFlags: a usage error in one line, exit 2.
func TestGTFSExportRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"gtfs", "export"},
		{"gtfs", "export", "--out", filepath.Join(t.TempDir(), "x.zip"), "--days", "0"},
		{"gtfs", "export", "--out", filepath.Join(t.TempDir(), "x.zip"), "--from", "14.09.2026"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}

// TestServeGTFSRTWithTheExport: the hub with --gtfs-static of the export
// publishes trip updates matched to it; /healthz says the feeds' age and
// match share, /metrics the counts.
func TestServeGTFSRTWithTheExport(t *testing.T) {
	zipPath := filepath.Join(t.TempDir(), "sim.zip")
	if code, _, stderr := runCLI(t, "gtfs", "export", "--out", zipPath, "--days", "2", "--from", time.Now().In(sim.Location()).AddDate(0, 0, -1).Format("2006-01-02")); code != exitOK {
		t.Fatalf("export: %d %s", code, stderr)
	}
	base, errb, stop, _ := startServe(t, "--gtfs-static", zipPath)
	defer stop()
	root := strings.TrimSuffix(base, "/mobility/v1")
	var h struct {
		GTFSRT struct {
			Built      bool    `json:"built"`
			Matched    int     `json:"matched"`
			MatchShare float64 `json:"match_share"`
			Static     string  `json:"static"`
			Problem    string  `json:"problem"`
		} `json:"gtfs_rt"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		_, body := httpGet(t, root+"/healthz")
		if err := json.Unmarshal(body, &h); err != nil {
			t.Fatal(err)
		}
		if h.GTFSRT.Built && strings.Contains(errb.String(), "static GTFS loaded") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !h.GTFSRT.Built || h.GTFSRT.Static != zipPath || h.GTFSRT.Problem != "" {
		t.Fatalf("healthz gtfs_rt %+v; log:\n%s", h.GTFSRT, errb.String())
	}
	status, body := httpGet(t, root+"/gtfs-rt/trip-updates")
	var msg gtfsrt.FeedMessage
	if err := proto.Unmarshal(body, &msg); status != http.StatusOK || err != nil {
		t.Fatalf("trip updates: %d %v", status, err)
	}
	_, metrics := httpGet(t, root+"/metrics")
	for _, want := range []string{`abfahrt_gtfsrt_trips{match="matched"}`, `abfahrt_gtfsrt_trips{match="ambiguous"} 0`, "abfahrt_gtfsrt_feed_age_seconds", "abfahrt_gtfsrt_build_seconds"} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// TestServeGTFSRTSaysAStaticFeedOfAnotherCity: a static GTFS whose trips
// none of the network's match (another city's) is said in the log and in
// /healthz; the feeds go on, stop-based.
func TestServeGTFSRTSaysAStaticFeedOfAnotherCity(t *testing.T) {
	zipPath := filepath.Join(t.TempDir(), "elsewhere.zip")
	writeZip(t, zipPath, map[string]string{
		"agency.txt":         "agency_id,agency_name,agency_url,agency_timezone\nx,Elsewhere,https://example.org,Europe/Berlin\n",
		"stops.txt":          "stop_id,stop_name,stop_lat,stop_lon\nde:11000:1:1:1,A,52.5,13.4\nde:11000:2:1:1,B,52.51,13.41\n",
		"routes.txt":         "route_id,route_short_name,route_type\nr1,1,3\nr2,2,3\nr4,4,3\n",
		"trips.txt":          "route_id,service_id,trip_id\nr1,all,t1\n",
		"stop_times.txt":     "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,08:00:00,08:00:00,de:11000:1:1:1,1\nt1,08:05:00,08:05:00,de:11000:2:1:1,2\n",
		"calendar_dates.txt": "service_id,date,exception_type\nall,20260914,1\n",
	})
	base, errb, stop, _ := startServe(t, "--gtfs-static", zipPath)
	defer stop()
	root := strings.TrimSuffix(base, "/mobility/v1")
	deadline := time.Now().Add(20 * time.Second)
	var body []byte
	for time.Now().Before(deadline) {
		_, body = httpGet(t, root+"/healthz")
		if strings.Contains(string(body), "fits none") && strings.Contains(errb.String(), "fits none") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no word of a static feed that fits none: healthz %s\nlog:\n%s", body, errb.String())
}

// TestServeGTFSRTRefusesAHostileStaticFeed: a zip with a path traversal
// name is refused with one clear line; the hub serves the mirror and the
// stop-based feeds.
func TestServeGTFSRTRefusesAHostileStaticFeed(t *testing.T) {
	zipPath := filepath.Join(t.TempDir(), "evil.zip")
	writeZip(t, zipPath, map[string]string{"../../etc/agency.txt": "x\n"})
	base, errb, stop, _ := startServe(t, "--gtfs-static", zipPath)
	defer stop()
	root := strings.TrimSuffix(base, "/mobility/v1")
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && !strings.Contains(errb.String(), "unsafe name") {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(errb.String(), `unsafe name \"../../etc/agency.txt\"`) {
		t.Fatalf("log:\n%s", errb.String())
	}
	for time.Now().Before(deadline) {
		if status, _ := httpGet(t, root+"/gtfs-rt/trip-updates"); status == http.StatusOK {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if status, _ := httpGet(t, root+"/gtfs-rt/trip-updates"); status != http.StatusOK {
		t.Errorf("trip updates: %d", status)
	}
	if status, _ := httpGet(t, base+"/stop/passage/Departures?StopNumber=1008"); status != http.StatusOK {
		t.Errorf("mirror: %d", status)
	}
	_, body := httpGet(t, root+"/healthz")
	if !strings.Contains(string(body), "unsafe name") {
		t.Errorf("healthz does not say why: %s", body)
	}
}

func writeZip(t *testing.T, path string, files map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestGTFSCheckTableAndJSON: abfahrt gtfs check of the export against the
// simulation says what it compared, as a table and as JSON.
func TestGTFSCheckTableAndJSON(t *testing.T) {
	zipPath := filepath.Join(t.TempDir(), "sim.zip")
	if code, _, stderr := runCLI(t, "gtfs", "export", "--out", zipPath, "--days", "3", "--from", time.Now().In(sim.Location()).AddDate(0, 0, -1).Format("2006-01-02")); code != exitOK {
		t.Fatalf("export: %d %s", code, stderr)
	}
	code, out, stderr := runCLI(t, "gtfs", "check", "--static", zipPath, "--vehicles", "10")
	if code != exitOK || !strings.Contains(out, "live stop points missing from the static feed: 0 of ") || !strings.Contains(out, "match several") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = runCLI(t, "gtfs", "check", "--static", zipPath, "--vehicles", "10", "--json")
	var r struct {
		LiveStopPoints int `json:"live_stop_points"`
		VehiclesAsked  int `json:"vehicles_asked"`
	}
	if err := json.Unmarshal([]byte(out), &r); code != exitOK || err != nil || r.LiveStopPoints < 500 {
		t.Fatalf("--json: exit %d, %v\n%s%s", code, err, out, stderr)
	}
	code, _, stderr = runCLI(t, "gtfs", "check", "--static", filepath.Join(t.TempDir(), "none.zip"))
	if code == exitOK || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("a missing static feed: exit %d, stderr %q; want one line", code, stderr)
	}
}

// TestGTFSLimitsRefusedInOneLine: a --gtfs-limits (serve), --limits (gtfs
// check) or gtfs.limits (configuration) that does not parse is a usage
// error in one line, exit 2.
func TestGTFSLimitsRefusedInOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--listen", "127.0.0.1:0", "--gtfs-limits", "zip=lots"}, "--gtfs-limits: GTFS limit zip=lots"},
		{[]string{"gtfs", "check", "--static", "x.zip", "--limits", "bombs=0"}, "--limits: unknown GTFS limit \"bombs\""},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q; want a usage error saying %q", c.args, code, stderr, c.want)
		}
	}
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte("[gtfs]\nlimits = \"ratio=1\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "--config", cfg, "serve", "--listen", "127.0.0.1:0")
	if code == exitOK || !strings.Contains(stderr, "gtfs.limits") || !strings.Contains(stderr, "ratio=1") {
		t.Errorf("config gtfs.limits = \"ratio=1\": exit %d, stderr %q; want it refused", code, stderr)
	}
}
