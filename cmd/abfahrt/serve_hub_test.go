package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Issue 32 items 1 and 4 on the real serve: 150 requests at once from one
// address (a map page, ten kiosks behind one NAT address), each with a
// board size (Limit) of its own, over the default cap of 64 connections
// per address, are all answered, from one upstream request for the stop.
func TestServeBurstOfBoardsFromOneAddress(t *testing.T) {
	isolateConfig(t)
	sim, hits := countingSim(t)
	base, _, stop, code := startServe(t, "--upstream", sim)
	defer func() {
		stop()
		<-code
	}()
	before := hits.Load() // the start-up probe
	const burst = 150
	tr := &http.Transport{MaxIdleConnsPerHost: burst}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 20 * time.Second}
	var ok atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	startc := make(chan struct{})
	for i := range burst {
		wg.Go(func() {
			<-startc
			resp, err := hc.Get(fmt.Sprintf("%s/stop/passage/Departures?StopNumber=1008&Limit=%d", base, 1+i%100))
			if err != nil {
				firstErr.CompareAndSwap(nil, err.Error())
				return
			}
			b, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			var p struct{ StopPassage struct{ Limit int } }
			if resp.StatusCode == http.StatusOK && json.Unmarshal(b, &p) == nil && p.StopPassage.Limit == 1+i%100 {
				ok.Add(1)
			} else {
				firstErr.CompareAndSwap(nil, fmt.Sprintf("%d %.100s", resp.StatusCode, b))
			}
		})
	}
	close(startc)
	wg.Wait()
	if ok.Load() != burst {
		t.Errorf("%d requests at once from one address: %d answered with their Limit (first failure: %v)", burst, ok.Load(), firstErr.Load())
	}
	if n := hits.Load() - before; n != 1 {
		t.Errorf("%d boards of 100 sizes cost the upstream %d requests, want 1", burst, n)
	}
}

// Issue 32 item 3 on the real serve: VersionInfo's BaseURL is
// --public-url (the hub behind nginx), or else the hub's own address.
func TestServeVersionInfoNamesTheHub(t *testing.T) {
	isolateConfig(t)
	sim, _ := countingSim(t)
	for _, public := range []string{"", "https://hub.example/mobility/v1"} {
		args := []string{"--upstream", sim}
		if public != "" {
			args = append(args, "--public-url", public)
		}
		base, _, stop, code := startServe(t, args...)
		status, body := httpGet(t, base+"/VersionInfo")
		stop()
		<-code
		var vi struct{ VersionInfo struct{ BaseURL string } }
		if err := json.Unmarshal(body, &vi); err != nil || status != http.StatusOK {
			t.Fatalf("%d %s (%v)", status, body, err)
		}
		want := public
		if want == "" {
			want = base
		}
		if vi.VersionInfo.BaseURL != want || strings.Contains(string(body), strings.TrimSuffix(sim, "/mobility/v1")) {
			t.Errorf("--public-url %q: BaseURL %q, want %q; the upstream named: %v", public, vi.VersionInfo.BaseURL, want,
				strings.Contains(string(body), strings.TrimSuffix(sim, "/mobility/v1")))
		}
	}
	if code, out := runCLIBounded(t, "serve", "--public-url", "hub.example"); code != 2 || !strings.Contains(out, "--public-url must be") {
		t.Errorf("--public-url without a scheme: %d %s", code, out)
	}
}
