//go:build gtfsnode

package rt

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/gtfs"
)

// Third-party consumers of the feeds, installed by the test (never
// committed): node-gtfs (npm gtfs; 4.18 is the last release for Node 20,
// later ones need Node 22) and MobilityData's JavaScript bindings.
const (
	nodeGTFS     = "gtfs@4.18.0"
	nodeBindings = "gtfs-realtime-bindings@1.1.1"
)

// nodeScript imports the static feed and the hub's trip updates with
// node-gtfs, prints the stop time updates of the given stops with their
// scheduled departure, and decodes the three feeds with the bindings.
const nodeScript = `
import { importGtfs, updateGtfsRealtime, openDb, getStopTimeUpdates, getStoptimes, closeDb } from 'gtfs';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
const [zip, db, hub, stopsJSON] = process.argv.slice(2);
const stops = JSON.parse(stopsJSON);
const config = { agencies: [{ path: zip, realtimeTripUpdates: { url: hub + '/gtfs-rt/trip-updates' } }], sqlitePath: db, logLevel: 'silent', verbose: false };
await importGtfs(config);
await updateGtfsRealtime(config);
const conn = openDb(config);
const updates = [];
for (const stop_id of stops) {
  for (const u of getStopTimeUpdates({ stop_id }, [], [], { db: conn })) {
    if (u.departure_delay == null || !u.trip_id) continue;
    const st = getStoptimes({ trip_id: u.trip_id, stop_id }, ['departure_time'], [], { db: conn });
    if (st.length === 0) continue;
    updates.push({ trip_id: u.trip_id, stop_id, departure_time: st[0].departure_time, departure_delay: u.departure_delay });
  }
}
closeDb(conn);
const decoded = {};
for (const feed of ['trip-updates', 'vehicle-positions', 'alerts']) {
  const resp = await fetch(hub + '/gtfs-rt/' + feed);
  const msg = GtfsRealtimeBindings.transit_realtime.FeedMessage.decode(new Uint8Array(await resp.arrayBuffer()));
  decoded[feed] = { version: msg.header.gtfsRealtimeVersion, entities: msg.entity.length };
}
console.log(JSON.stringify({ updates, decoded }));
`

// nodeModules installs the consumers into a folder under os.TempDir()
// kept between runs, and returns it.
func nodeModules(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing; CI must run the third-party GTFS consumers (apt-get install nodejs npm)", tool)
			}
			t.Skipf("%s is missing: the third-party GTFS consumers (node-gtfs) are not run; install nodejs and npm", tool)
		}
	}
	dir := filepath.Join(os.TempDir(), "abfahrt-gtfs-node-"+nodeGTFS+"-"+nodeBindings)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "gtfs", "package.json")); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"abfahrt-gtfs-check","private":true,"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", nodeGTFS, nodeBindings)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install %s %s: %v\n%s", nodeGTFS, nodeBindings, err, out)
	}
	return dir
}

// TestNodeGTFSReadsTheFeeds: node-gtfs imports the exported static feed
// and the hub's trip updates; its delays at ten stops at rush hour give
// the departure times abfahrt's own boards show, within 60 s.
// MobilityData's JavaScript bindings decode all three feeds.
func TestNodeGTFSReadsTheFeeds(t *testing.T) {
	modules := nodeModules(t)
	tmp := t.TempDir()
	zipPath := filepath.Join(tmp, "sim.zip")
	var buf bytes.Buffer
	if _, err := gtfs.Export(&buf, gtfs.ExportOptions{From: rush, Days: 1}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(zipPath, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	static, err := gtfs.Load(buf.Bytes(), gtfs.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, rush, false)
	m := gtfs.NewMatcher(static)
	r.hub.SetStatic(m, zipPath, "")
	r.settle(t)
	srv := httptest.NewServer(r.hub)
	defer srv.Close()

	// Ten stops' boards, the departures with a vehicle, by static trip.
	ref := time.Date(rush.Year(), rush.Month(), rush.Day(), 12, 0, 0, 0, sim.Location()).Add(-12 * time.Hour)
	type key struct{ trip, stop string }
	want := map[key]time.Time{}
	stopIDs := []string{}
	seen := map[string]bool{}
	for _, stop := range []int{1008, 1350, 1010, 1711, 1240, 1020, 1200, 1390, 1249, 1000} {
		b, err := r.client.StopDepartures(context.Background(), stop, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Events {
			if e.VehicleNumber == 0 || !e.Actual.Known() {
				continue
			}
			si := m.Stop(string(e.StopPointCode))
			if si < 0 {
				t.Fatalf("stop point %s not in the export", e.StopPointCode)
			}
			sec := int32(e.Scheduled.Sub(ref) / time.Second)
			for _, tr := range static.Trips {
				if static.Routes[tr.Route].ShortName != e.RouteName {
					continue
				}
				for _, st := range tr.StopTimes {
					if st.Stop == si && st.Dep == sec {
						want[key{tr.ID, static.Stops[si].ID}] = e.Actual.Time
					}
				}
			}
			if id := static.Stops[si].ID; !seen[id] {
				seen[id] = true
				stopIDs = append(stopIDs, id)
			}
		}
	}
	stopsJSON, _ := json.Marshal(stopIDs)
	script := filepath.Join(modules, "check.mjs")
	if err := os.WriteFile(script, []byte(nodeScript), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script, zipPath, filepath.Join(tmp, "gtfs.sqlite"), srv.URL, string(stopsJSON))
	cmd.Dir = modules
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res struct {
		Updates []struct {
			Trip  string `json:"trip_id"`
			Stop  string `json:"stop_id"`
			Time  string `json:"departure_time"`
			Delay int    `json:"departure_delay"`
		} `json:"updates"`
		Decoded map[string]struct {
			Version  string `json:"version"`
			Entities int    `json:"entities"`
		} `json:"decoded"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out[bytes.LastIndexByte(bytes.TrimSpace(out), '\n')+1:]), &res); err != nil {
		t.Fatalf("node's answer: %v\n%s", err, out)
	}
	compared := 0
	for _, u := range res.Updates {
		w, ok := want[key{u.Trip, u.Stop}]
		if !ok {
			continue
		}
		got := ref.Add(time.Duration(gtfs.ParseTime(u.Time))*time.Second + time.Duration(u.Delay)*time.Second)
		if d := got.Sub(w); d < -60*time.Second || d > 60*time.Second {
			t.Errorf("trip %s at %s: node-gtfs says %s, the board %s", u.Trip, u.Stop, got.Format("15:04:05"), w.Format("15:04:05"))
		}
		compared++
	}
	t.Logf("node-gtfs: %d stop time updates at %d stop points; %d of the boards' %d departures compared", len(res.Updates), len(stopIDs), compared, len(want))
	// The boards' departures of trips under way; a vehicle's next trip,
	// not started yet, has no trip update (its passages are not on the
	// wire before it starts): about one in six at these stops.
	if compared < len(want)*3/4 || compared < 30 {
		t.Errorf("node-gtfs gave %d of the boards' %d departures", compared, len(want))
	}
	for i, path := range []string{PathTripUpdates, PathVehicles, PathAlerts} {
		name := []string{"trip-updates", "vehicle-positions", "alerts"}[i]
		d, ok := res.Decoded[name]
		own := len(r.feed(t, path).Entity)
		if !ok || d.Version != "2.0" || d.Entities != own {
			t.Errorf("%s decoded by gtfs-realtime-bindings: %+v, want version 2.0 and %d entities", name, d, own)
		}
	}
}
