package sim

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestCachingHeaders checks Cache-Control, ETag/304, CORS, gzip and HEAD.
func TestCachingHeaders(t *testing.T) {
	s, c := newTestService(t, testStart)
	const live = "/mobility/v1/stop/passage/Departures?StopNumber=1008"
	const base = "/mobility/v1/stoppoint/attributes/BaseData"
	for target, cc := range map[string]string{live: "public, max-age=15", base: "public, max-age=86400", "/mobility/v1/VersionInfo": "public, max-age=86400"} {
		rec := serve(s, "GET", target)
		h := rec.Header()
		if h.Get("Cache-Control") != cc || h.Get("Access-Control-Allow-Origin") != "*" || h.Get("ETag") == "" ||
			h.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("%s: headers %v", target, h)
		}
		nm := serve(s, "GET", target, "If-None-Match", h.Get("ETag"))
		if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
			t.Errorf("%s: If-None-Match gave %d", target, nm.Code)
		}
		head := serve(s, "HEAD", target)
		if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != h.Get("Content-Length") {
			t.Errorf("%s: HEAD %d, %d bytes, length %q", target, head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
		}
		gz := serve(s, "GET", target, "Accept-Encoding", "gzip, deflate")
		if gz.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: no gzip", target)
		}
		zr, err := gzip.NewReader(gz.Body)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, rec.Body.Bytes()) {
			t.Errorf("%s: gzip body differs (%v)", target, err)
		}
		if serve(s, "GET", target, "Accept-Encoding", "gzip;q=0").Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: gzip;q=0 still compressed", target)
		}
	}
	// Base data keeps its validator as time passes; live data changes.
	e1, l1 := serve(s, "GET", base).Header().Get("ETag"), serve(s, "GET", live).Header().Get("ETag")
	c.add(time.Minute)
	if serve(s, "GET", base).Header().Get("ETag") != e1 {
		t.Errorf("base data ETag changed with the clock")
	}
	if serve(s, "GET", live).Header().Get("ETag") == l1 {
		t.Errorf("live ETag did not change after a minute")
	}
}

// TestDeterminism checks byte-identical bodies for the same seed and time.
func TestDeterminism(t *testing.T) {
	targets := []string{
		"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=50",
		"/mobility/v1/stoppoint/passage/Arrivals?StopPointCode=135005",
		"/mobility/v1/vehicle/trip/Trip",
		"/mobility/v1/vehicle/trip/Passage?VehicleNumber=120",
		"/mobility/v1/vehicle/trip/Pattern?VehicleNumber=41&ContentScope=Carriageway",
		"/mobility/v1/route/attributes/BaseData?ContentScope=extended",
		"/mobility/v1/passenger/alert/UnplannedAlert",
		"/mobility/v1/VersionInfo",
	}
	a, _ := newTestService(t, testStart)
	b, _ := newTestService(t, testStart)
	// Warm a's caches in another order first: results must not depend on it.
	for i := len(targets) - 1; i >= 0; i-- {
		serve(a, "GET", targets[i])
	}
	for _, target := range targets {
		x, y := serve(a, "GET", target).Body.Bytes(), serve(b, "GET", target).Body.Bytes()
		if !bytes.Equal(x, y) {
			t.Errorf("%s: bodies differ for the same seed and time", target)
		}
	}
	c := &manualClock{}
	c.set(mustTime(t, testStart))
	other := New(Options{Seed: 2, Clock: c})
	if bytes.Equal(serve(a, "GET", targets[0]).Body.Bytes(), serve(other, "GET", targets[0]).Body.Bytes()) {
		t.Errorf("seeds 1 and 2 give the same departures")
	}
}

// TestVersionInfo checks the VersionInfo object.
func TestVersionInfo(t *testing.T) {
	s, _ := newTestService(t, testStart)
	w := wrapper(t, getJSON(t, s, "/mobility/v1/VersionInfo", 200), "VersionInfo")
	for _, k := range []string{"Version", "PublicationDate", "CurrentStatus", "LastUpdate", "NextUpdate", "NextVersion", "ChangeLog", "BaseURL", "UsedCodes", "AvailableData"} {
		if _, ok := w[k]; !ok {
			t.Errorf("VersionInfo.%s missing", k)
		}
	}
	if !strings.HasPrefix(w["Version"].(string), "1.0.") || w["CurrentStatus"] != "released" || w["NextUpdate"] != nil || w["NextVersion"] != nil {
		t.Errorf("VersionInfo %v", w)
	}
	codes := w["UsedCodes"].(map[string]any)
	if codes["PassageStatus"].(map[string]any)["3"] != "Vehicle stopping" || codes["RouteCategory"].(map[string]any)["5"] != "Bus" {
		t.Errorf("UsedCodes %v", codes)
	}
	avail := w["AvailableData"].(map[string]any)
	n := 0
	for _, g := range []string{"BaseData", "LiveData"} {
		grp := avail[g].(map[string]any)
		if grp["UpdateInterval"] == nil {
			t.Errorf("%s without UpdateInterval", g)
		}
		for name, v := range grp {
			d, ok := v.(map[string]any)
			if !ok {
				continue
			}
			n++
			url, _ := d["URL"].(string)
			if !strings.HasPrefix(url, "http://example.com/mobility/v1/") {
				t.Errorf("%s: URL %q", name, url)
			}
			if d["ParametersGET"] == nil || d["ProvidedData"] == nil && d["ProvidedDataExtended"] == nil {
				t.Errorf("%s: incomplete %v", name, d)
			}
		}
	}
	if n != len(routes)-1 {
		t.Errorf("%d datasets described, want %d", n, len(routes)-1)
	}
}

// TestInProcessTransport uses the handler through an http.Client.
func TestInProcessTransport(t *testing.T) {
	s, _ := newTestService(t, testStart)
	client := &http.Client{Transport: NewTransport(s)}
	resp, err := client.Get(BaseURL + "/stop/passage/Departures?StopNumber=1008&Limit=5")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var m map[string]map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d, decode %v", resp.StatusCode, err)
	}
	if m["StopPassage"]["StopName"] != "Hauptbahnhof" || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("unexpected response %v %v", m, resp.Header)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, BaseURL+"/VersionInfo", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Do(req); err == nil {
		t.Errorf("cancelled request succeeded")
	}
	head, err := client.Head(BaseURL + "/VersionInfo")
	if err != nil {
		t.Fatal(err)
	}
	_ = head.Body.Close()
	if head.ContentLength <= 0 {
		t.Errorf("HEAD content length %d", head.ContentLength)
	}
}
