package mirror_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// benchMirror is a mirror of the in-process simulation with its cache warm
// for five stops.
func benchMirror(b *testing.B) (*mirror.Mirror, []string) {
	b.Helper()
	c := &clock{t: t0}
	svc := sim.New(sim.Options{Seed: 1, Clock: c})
	m, err := mirror.New(mirror.Options{Upstream: sim.BaseURL, Transport: sim.NewTransport(svc), Now: c.Now})
	if err != nil {
		b.Fatal(err)
	}
	var paths []string
	for _, stop := range []string{"1008", "1350", "1240", "1010", "1200"} {
		paths = append(paths, "/mobility/v1/stop/passage/Departures?Limit=20&StopNumber="+stop)
	}
	return m, paths
}

// BenchmarkMirrorHandler: answers from the warm cache, the handler called
// directly (no sockets); req/s is over all cores.
func BenchmarkMirrorHandler(b *testing.B) {
	m, paths := benchMirror(b)
	h := m.Handler()
	b.ReportAllocs()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, paths[i%len(paths)], nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Errorf("status %d", rec.Code)
				return
			}
			i++
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
}

// BenchmarkMirrorLoopback: HTTP/1.1 clients with keep-alive over loopback,
// answers from the warm cache, with and without gzip.
func BenchmarkMirrorLoopback(b *testing.B) {
	for _, gz := range []bool{false, true} {
		name := "identity"
		if gz {
			name = "gzip"
		}
		b.Run(name, func(b *testing.B) {
			m, paths := benchMirror(b)
			srv := httptest.NewServer(m.Handler())
			defer srv.Close()
			tr := &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}
			defer tr.CloseIdleConnections()
			hc := &http.Client{Transport: tr}
			b.SetParallelism(8)
			b.ReportAllocs()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					req, _ := http.NewRequest(http.MethodGet, srv.URL+paths[i%len(paths)], nil)
					if gz {
						req.Header.Set("Accept-Encoding", "gzip")
					}
					resp, err := hc.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					i++
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}
