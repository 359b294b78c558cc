package mirror_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestMeasureHubUpstreamPerStop measures what BENCHMARKS.md's section
// "Hub: upstream requests per stop and interval" reports (run with
// ABFAHRT_MEASURE=1 go test -count=1 -run TestMeasureHub -v ./feed/mirror/):
// 50 clients of different board sizes over 5 stops for two simulated
// minutes; 2,000 requests with distinct Limits; 2,000 with distinct
// StopNumbers, half of them invalid. It uses only the mirror's public API,
// so it runs on older versions of the hub as well.
func TestMeasureHubUpstreamPerStop(t *testing.T) {
	if os.Getenv("ABFAHRT_MEASURE") == "" {
		t.Skip("a measurement; ABFAHRT_MEASURE=1 runs it")
	}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer hc.CloseIdleConnections()
	fetch := func(u string) int {
		resp, err := hc.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}

	// 1. The mix: 50 clients, 5 stops, Limits of kiosks, boards and maps.
	{
		c := &clock{t: t0}
		up := newUpstream(t, c)
		h := newHub(t, c, up.base())
		stops := []int{1008, 1350, 1240, 1010, 1200}
		limits := []string{"&Limit=5", "&Limit=8", "", "&Limit=12", "&Limit=20", "&Limit=40", "&Limit=100", "&Limit=16", "&Limit=30", "&Limit=10"}
		const intervals = 8
		for sec := 0; sec < intervals*15; sec += 3 {
			var wg sync.WaitGroup
			for i := range 50 {
				wg.Go(func() {
					fetch(fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=%d%s", h.srv.URL, stops[i%5], limits[(i/5)%len(limits)]))
				})
			}
			wg.Wait()
			c.advance(3 * time.Second)
		}
		n := up.total.Load()
		t.Logf("mix: 50 clients (10 Limits per stop) × 5 stops × %d intervals: %d upstream requests = %.2f per stop and interval",
			intervals, n, float64(n)/float64(5*intervals))
	}

	// 2. 2,000 distinct Limits on one stop, within one interval.
	{
		c := &clock{t: t0}
		up := newUpstream(t, c)
		h := newHub(t, c, up.base())
		before := heap()
		ok := 0
		for i := 1; i <= 2000; i++ {
			if fetch(fmt.Sprintf("%s/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=%d", h.srv.URL, i)) == http.StatusOK {
				ok++
			}
		}
		after := heap()
		t.Logf("2,000 distinct Limits: %d answered 200, %d upstream requests, heap +%.1f MB", ok, up.total.Load(), float64(after-before)/1e6)
		runtime.KeepAlive(h)
	}

	// 3. 2,000 distinct StopNumbers, half invalid.
	{
		c := &clock{t: t0}
		up := newUpstream(t, c)
		h := newHub(t, c, up.base())
		before := heap()
		bad := []string{"abc", "1008'%20OR%201=1", "12345678901234567890123", "10%2008", "-100", "1e3"}
		codes := map[int]int{}
		for i := range 2000 {
			sn := fmt.Sprintf("%04d", 1000+i/2)
			if i%2 == 1 {
				sn = bad[i%len(bad)] + fmt.Sprint(i)
			}
			codes[fetch(h.srv.URL+"/mobility/v1/stop/passage/Departures?StopNumber="+sn+"&Limit=10")]++
		}
		after := heap()
		t.Logf("2,000 StopNumbers (1,000 valid and distinct, 1,000 invalid): answers %v, %d upstream requests, heap +%.1f MB",
			codes, up.total.Load(), float64(after-before)/1e6)
		runtime.KeepAlive(h)
	}
}
