//go:build e2e

package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The real binary's hub on loopback with the simulation upstream: 50
// clients over 5 stops for four intervals of 5 s cost the upstream 5 × 4
// departure requests (read from the hub's /metrics); SIGTERM ends it with
// exit code 0 after its stop lines.
func TestE2EServeFiftyClients(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (make e2e builds it)")
	}
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0", "--interval", "5s")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "ABFAHRT_API=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill() }()
	var logMu sync.Mutex
	var log strings.Builder
	urlc := make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		re := regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logMu.Lock()
			log.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				urlc <- m[1]
			}
		}
	}()
	var base string
	select {
	case base = <-urlc:
	case <-time.After(30 * time.Second):
		t.Fatal("abfahrt serve did not start")
	}

	const interval = 5 * time.Second
	const intervals = 4
	stops := []int{1008, 1350, 1240, 1010, 1200}
	end := time.Now().Add(intervals*interval - time.Second)
	var wg sync.WaitGroup
	var bad atomic.Int64
	var answers atomic.Int64
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := fmt.Sprintf("%s/stop/passage/Departures?StopNumber=%d&Limit=10", base, stops[i%5])
			for time.Now().Before(end) {
				resp, err := hc.Get(u)
				if err != nil {
					bad.Add(1)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					bad.Add(1)
				}
				answers.Add(1)
				time.Sleep(250 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.Errorf("%d client requests failed", bad.Load())
	}
	resp, err := hc.Get(strings.TrimSuffix(base, "/mobility/v1") + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	m := regexp.MustCompile(`abfahrt_upstream_requests_total\{endpoint="/stop/passage/Departures",status="200"\} (\d+)`).FindSubmatch(metrics)
	if m == nil {
		t.Fatalf("no upstream count in /metrics:\n%s", metrics)
	}
	if n, _ := strconv.Atoi(string(m[1])); n != len(stops)*intervals {
		t.Errorf("upstream got %d departure requests for %d answers; want %d (5 stops × %d intervals)", n, answers.Load(), len(stops)*intervals, intervals)
	} else {
		t.Logf("%d answers to 50 clients cost the upstream %d requests", answers.Load(), n)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-done
	err = cmd.Wait()
	logMu.Lock()
	defer logMu.Unlock()
	if err != nil {
		t.Errorf("exit after SIGTERM: %v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "msg=stopped") {
		t.Errorf("no stop line:\n%s", log.String())
	}
}
