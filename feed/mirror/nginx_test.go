//go:build nginx

package mirror_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"abfahrt/feed/mirror"
	"abfahrt/feed/sim"
)

// The test's update interval: the origin says max-age=2 instead of 15, so
// that a dozen intervals take seconds, not minutes.
const nginxInterval = 2 * time.Second

// maxAgeRewriter shortens the origin's Cache-Control max-age of live data.
type maxAgeRewriter struct{ http.ResponseWriter }

func (w maxAgeRewriter) WriteHeader(code int) {
	if cc := w.Header().Get("Cache-Control"); strings.Contains(cc, "max-age=15") {
		w.Header().Set("Cache-Control", strings.Replace(cc, "max-age=15", fmt.Sprintf("max-age=%d", int(nginxInterval/time.Second)), 1))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w maxAgeRewriter) Write(b []byte) (int, error) { return w.ResponseWriter.Write(b) }

// freePort returns a loopback port nobody listens on (for nginx's listen).
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startNginx runs nginx in the foreground with deploy/nginx/abfahrt.conf,
// its origin, listen address and cache directory pointed at the test's.
func startNginx(t *testing.T, origin string) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		for _, p := range []string{"/usr/sbin/nginx", "/usr/local/sbin/nginx"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		t.Fatal("nginx is not installed (.ci/run installs Debian's nginx)")
	}
	conf, err := os.ReadFile("../../deploy/nginx/abfahrt.conf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	port := freePort(t)
	site := string(conf)
	for _, r := range []struct{ re, to string }{
		{`proxy_cache_path /var/cache/nginx/abfahrt `, "proxy_cache_path " + filepath.Join(dir, "cache") + " "},
		{`server 127.0.0.1:8080;`, "server " + origin + ";"},
		{`listen 8088;`, fmt.Sprintf("listen 127.0.0.1:%d;", port)},
	} {
		if !strings.Contains(site, r.re) {
			t.Fatalf("deploy/nginx/abfahrt.conf no longer has %q", r.re)
		}
		site = strings.Replace(site, r.re, r.to, 1)
	}
	if err := os.WriteFile(filepath.Join(dir, "abfahrt.conf"), []byte(site), 0o600); err != nil {
		t.Fatal(err)
	}
	main := fmt.Sprintf(`daemon off;
master_process off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    include %[1]s/abfahrt.conf;
}
`, dir)
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(main), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if b, err := os.ReadFile(filepath.Join(dir, "error.log")); err == nil && len(b) > 0 {
			t.Logf("nginx error.log:\n%s", b)
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return "http://" + addr + mirror.BasePath
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx does not listen on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// nginx with deploy/nginx/abfahrt.conf in front of the simulation, three
// hubs behind it, 30 clients over 5 stops: the origin sees at most one
// request per distinct query per interval, and sees each query again every
// interval or so.
func TestNginxTierThreeHubs(t *testing.T) {
	svc := sim.New(sim.Options{Seed: 1})
	var mu sync.Mutex
	seen := map[string][]time.Time{}
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.RequestURI()] = append(seen[r.URL.RequestURI()], time.Now())
		mu.Unlock()
		svc.ServeHTTP(maxAgeRewriter{w}, r)
	}))
	defer origin.Close()
	cache := startNginx(t, strings.TrimPrefix(origin.URL, "http://"))

	var hubs []string
	for range 3 {
		m, err := mirror.New(mirror.Options{Upstream: cache, LiveInterval: nginxInterval})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(m.Handler())
		defer srv.Close()
		hubs = append(hubs, srv.URL+mirror.BasePath)
	}

	stops := []int{1008, 1350, 1240, 1010, 1200}
	const run = 6 * nginxInterval
	ctx, cancel := context.WithTimeout(t.Context(), run)
	defer cancel()
	var wg sync.WaitGroup
	var failed sync.Map
	start := time.Now()
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := fmt.Sprintf("%s/stop/passage/Departures?StopNumber=%d&Limit=10", hubs[i%3], stops[i%5])
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						failed.Store(u, err.Error())
					}
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					failed.Store(u, resp.Status)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	failed.Range(func(k, v any) bool {
		t.Errorf("%s: %v", k, v)
		return true
	})

	mu.Lock()
	defer mu.Unlock()
	live := regexp.MustCompile(`^/mobility/v1/stop/passage/Departures\?`)
	queries := 0
	total := 0
	for q, times := range seen {
		if !live.MatchString(q) {
			continue
		}
		queries++
		total += len(times)
		sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
		for i := 1; i < len(times); i++ {
			if gap := times[i].Sub(times[i-1]); gap < nginxInterval-100*time.Millisecond {
				t.Errorf("%s asked of the origin twice within %v (interval %v)", q, gap, nginxInterval)
			}
		}
		// nginx counts max-age in whole seconds (an answer lives 2-3 s
		// there) and a hub may take an answer just before it expires: the
		// origin sees each query at least every two intervals.
		if min := int(elapsed/(2*nginxInterval)) - 1; len(times) < min {
			t.Errorf("%s asked of the origin %d times in %v; want at least %d (the data must refresh)", q, len(times), elapsed.Round(time.Millisecond), min)
		}
	}
	if queries != len(stops) {
		t.Errorf("the origin saw %d distinct departure queries, want %d", queries, len(stops))
	}
	t.Logf("%v: 30 clients over 3 hubs and 5 stops; the origin got %d departure requests (%d queries, interval %v)",
		elapsed.Round(time.Millisecond), total, queries, nginxInterval)
}

// While the origin fails, nginx serves its last good answer with Warning
// 110 (deploy/nginx/abfahrt.conf), and a hub behind it passes the Warning
// on: boards behind the hub mark the data stale instead of taking its
// standing CurrentTimestamp for the time.
func TestNginxStaleAnswerSaysSo(t *testing.T) {
	svc := sim.New(sim.Options{Seed: 1})
	var down atomic.Bool
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		svc.ServeHTTP(maxAgeRewriter{w}, r)
	}))
	defer origin.Close()
	cache := startNginx(t, strings.TrimPrefix(origin.URL, "http://"))
	m, err := mirror.New(mirror.Options{Upstream: cache, LiveInterval: nginxInterval})
	if err != nil {
		t.Fatal(err)
	}
	hub := httptest.NewServer(m.Handler())
	defer hub.Close()
	q := "/stop/passage/Departures?Limit=5&StopNumber=1008"
	warning := func(base string) string {
		t.Helper()
		resp, err := http.Get(base + q)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s", base, resp.Status)
		}
		return resp.Header.Get("Warning")
	}
	if w := warning(cache); w != "" {
		t.Errorf("nginx's fresh answer has a Warning: %q", w)
	}
	if w := warning(hub.URL + mirror.BasePath); w != "" {
		t.Errorf("the hub's fresh answer has a Warning: %q", w)
	}
	down.Store(true)
	time.Sleep(3 * nginxInterval) // past the answers' lifetime in nginx and the hub
	if w := warning(cache); !strings.HasPrefix(w, "110 ") {
		t.Errorf("nginx's stale answer without Warning 110: %q", w)
	}
	// The first request after nginx's answer expired may get it as
	// UPDATING (served while the refresh runs, no Warning); the hub keeps
	// that for an interval, and its next request gets the Warning.
	for end := time.Now().Add(3 * nginxInterval); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if strings.HasPrefix(warning(hub.URL+mirror.BasePath), "110 ") {
			break
		}
	}
	if w := warning(hub.URL + mirror.BasePath); !strings.HasPrefix(w, "110 ") {
		t.Errorf("the hub does not pass nginx's Warning 110 on: %q", w)
	}
}
