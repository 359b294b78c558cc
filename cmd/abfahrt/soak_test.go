//go:build e2e && soak

package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// The hub as a city runs it, in CI's size (issue 21): the real binary's
// `abfahrt serve` with SSH in front of the real `abfahrt sim` as its
// upstream over HTTP; 200 mirror clients, 50 SSH sessions that resize,
// a board and a kiosk in tmux behind the hub; the upstream killed and
// started again twice. Asserted: the hub's resident memory stays flat
// within 20 % after the warm-up, no SSH session slot is leaked, the
// boards are marked stale during each outage and show the real time, and
// within a minute of each recovery they are live again with the real
// time in their header; the hub never refuses or drops a client of its
// own accord.
//
// SOAK_PHASE (default 60s) is the length of each of the five phases:
// up, down, up, down, up. SOAK_HOG=N keeps N busy processes running for
// the soak's length (make soak-loaded: one per core), the loaded machine
// on which a board started during an outage once showed a clock four
// minutes slow after the upstream returned.
//
// Throughout, every 5 s, each board's clock must show the service's time
// (the simulation runs on the wall clock) within a minute; a third board
// (80x24, a Limit nobody else asks) starts 20 s into the first outage and
// must show the stop's departures marked stale, then live again within a
// minute of the recovery.

func TestSoakHub(t *testing.T) {
	if os.Getenv("ABFAHRT_BIN") == "" {
		t.Skip("ABFAHRT_BIN not set (make soak builds it)")
	}
	phase := time.Minute
	if v := os.Getenv("SOAK_PHASE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		phase = d
	}
	const interval = 5 * time.Second
	if v := os.Getenv("SOAK_HOG"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 64 {
			t.Fatalf("SOAK_HOG must be a number of busy processes (0-64), got %q", v)
		}
		for range n {
			hog := exec.Command("sh", "-c", "while :; do :; done")
			if err := hog.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = hog.Process.Kill(); _ = hog.Wait() })
		}
		t.Logf("%d busy processes keep the cores loaded", n)
	}
	state := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + state, "XDG_CONFIG_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir(), "ABFAHRT_API="}

	// The upstream: the simulation over HTTP, on a port it gets back.
	simAddr := freePort(t)
	startSim := func() *soakProc {
		p := startProc(t, env, "sim", "--listen", simAddr)
		waitListening(t, simAddr)
		return p
	}
	simProc := startSim()

	hub := startProc(t, env, "serve", "--listen", "127.0.0.1:0", "--interval", interval.String(),
		"--upstream", "http://"+simAddr+"/mobility/v1", "--ssh", "127.0.0.1:0", "--ssh-anonymous", "--ssh-max-sessions", "60")
	base := hub.wait(t, regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`))
	sshAddr := hub.wait(t, regexp.MustCompile(`msg="ssh: serving" addr=(\S+)`))
	root := strings.TrimSuffix(base, "/mobility/v1")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()

	// 200 mirror clients over 8 source addresses and 12 stops.
	var answers, gateway, failed atomic.Int64
	stops := []int{1008, 1350, 1240, 1010, 1200, 1100, 1050, 1020, 1160, 1330, 1400, 1500}
	transports := make([]*http.Transport, 8)
	for i := range transports {
		transports[i] = &http.Transport{DialContext: dialFrom(fmt.Sprintf("127.0.0.%d", 10+i)), MaxIdleConnsPerHost: 32}
		defer transports[i].CloseIdleConnections()
	}
	var lastFail atomic.Value
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hc := &http.Client{Transport: transports[i%len(transports)], Timeout: 15 * time.Second}
			u := fmt.Sprintf("%s/stop/passage/Departures?StopNumber=%d&Limit=10", base, stops[i%len(stops)])
			rnd := rand.New(rand.NewPCG(uint64(i), 7))
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				resp, err := hc.Do(req)
				switch {
				case ctx.Err() != nil:
					return
				case err != nil:
					failed.Add(1)
					lastFail.Store(err.Error())
				default:
					_, _ = io.Copy(io.Discard, resp.Body)
					_ = resp.Body.Close()
					switch resp.StatusCode {
					case http.StatusOK:
						answers.Add(1)
					case http.StatusBadGateway, http.StatusGatewayTimeout:
						gateway.Add(1) // the upstream is down and the answer older than --stale-for
					default:
						failed.Add(1)
						lastFail.Store(resp.Status)
					}
				}
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second + time.Duration(rnd.IntN(2000))*time.Millisecond):
				}
			}
		}()
	}

	// 50 SSH sessions over 10 source addresses, each resizing now and
	// then (now and again to an absurd size), reading everything.
	var sshOpen atomic.Int64
	var sessions []*gossh.Client
	for i := range 50 {
		cfg := &gossh.ClientConfig{User: "wall", Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second} //nolint:gosec // the test's own hub
		conn, err := dialFrom(fmt.Sprintf("127.0.1.%d", 10+i%10))(ctx, "tcp", sshAddr)
		if err != nil {
			t.Fatal(err)
		}
		c, chans, reqs, err := gossh.NewClientConn(conn, sshAddr, cfg)
		if err != nil {
			t.Fatalf("ssh session %d: %v", i, err)
		}
		client := gossh.NewClient(c, chans, reqs)
		sessions = append(sessions, client)
		s, err := client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RequestPty("xterm-256color", 40, 120, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		s.Stdout, s.Stderr = io.Discard, io.Discard
		if err := s.Start(strconv.Itoa(stops[i%len(stops)])); err != nil {
			t.Fatal(err)
		}
		sshOpen.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Sizes a wall board goes through, in turn, and once in the
			// warm-up's first half a hostile 65535×65535: after the
			// warm-up every session has had its largest screen, so the
			// hub's memory is judged on what it keeps, not on the sizes
			// it had not seen yet.
			rnd := rand.New(rand.NewPCG(uint64(i), 11))
			sizes := [][2]int{{80, 24}, {120, 40}, {200, 60}, {160, 48}}
			absurd := time.Now().Add(time.Duration(rnd.IntN(int(phase/2/time.Second))+1) * time.Second)
			for n := 0; ; n++ {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Duration(2+rnd.IntN(4)) * time.Second):
				}
				w, h := sizes[n%len(sizes)][0], sizes[n%len(sizes)][1]
				if !absurd.IsZero() && time.Now().After(absurd) {
					w, h, absurd = 65535, 65535, time.Time{}
				}
				if err := s.WindowChange(h, w); err != nil {
					return
				}
			}
		}()
	}

	// A board and a kiosk in tmux behind the hub.
	board := newTerm(t, 120, 40)
	board.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1008\n")
	kiosk := newTerm(t, 100, 30)
	kiosk.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --kiosk --stop 1350\n")
	board.waitFor(departureRow, 30*time.Second)

	clockOK, bigClockOK := clockShown, bigClockShown
	staleRe := regexp.MustCompile(`◷ stale`)
	delayedRe := regexp.MustCompile(`Data delayed`)

	// The clocks, every 5 s throughout: a screen caught in a repaint may
	// miss once; two misses in a row are a clock that is wrong.
	var late *term // the board started during the first outage
	var lateMu sync.Mutex
	var clockMisses, clockChecks atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		miss := map[string]int{}
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(5 * time.Second):
			}
			lateMu.Lock()
			l := late
			lateMu.Unlock()
			screens := map[string]string{"board": board.screen(), "kiosk": kiosk.screen()}
			if l != nil {
				screens["late board"] = l.screen()
			}
			for name, sc := range screens {
				if ctx.Err() != nil {
					return
				}
				ok := clockOK(sc)
				if name == "kiosk" {
					ok = bigClockOK(sc)
				}
				clockChecks.Add(1)
				if ok {
					miss[name] = 0
					continue
				}
				clockMisses.Add(1)
				if miss[name]++; miss[name] == 2 {
					t.Errorf("the %s's clock is not the service's time (±1 min) twice in a row at %s:\n%s", name, time.Now().Format("15:04:05"), sc)
				}
			}
		}
	}()

	var rss []int
	sample := func() { rss = append(rss, rssKB(hub.cmd.Process.Pid)) }
	checkUp := func(name string) {
		t.Helper()
		// Within a minute of the recovery: live, no stale mark, the real
		// time in the header.
		deadline := time.Now().Add(time.Minute)
		for {
			b, k := board.screen(), kiosk.screen()
			lb := ""
			lateMu.Lock()
			if late != nil {
				lb = late.screen()
			}
			lateMu.Unlock()
			lateOK := lb == "" || (!staleRe.MatchString(lb) && clockOK(lb) && departureRow.MatchString(lb))
			if !staleRe.MatchString(b) && !delayedRe.MatchString(k) && clockOK(b) && bigClockOK(k) && departureRow.MatchString(b) && lateOK {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: not live with the real time a minute after the upstream returned;\nboard:\n%s\nkiosk:\n%s\nboard started in the outage:\n%s", name, b, k, lb)
				break
			}
			time.Sleep(time.Second)
		}
	}
	checkDown := func(name string) {
		t.Helper()
		deadline := time.Now().Add(4*interval + 10*time.Second)
		for {
			b, k := board.screen(), kiosk.screen()
			if staleRe.MatchString(b) && delayedRe.MatchString(k) && clockOK(b) && bigClockOK(k) {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: the boards do not say the data is stale, or lost the real time;\nboard:\n%s\nkiosk:\n%s", name, b, k)
				break
			}
			time.Sleep(time.Second)
		}
	}
	waitSampling := func(d time.Duration) {
		end := time.Now().Add(d)
		for time.Now().Before(end) {
			time.Sleep(min(10*time.Second, time.Until(end)))
			sample()
		}
	}

	waitSampling(phase) // up; the warm-up
	warm := len(rss)
	settled := 0 // the samples by the end of the first outage
	for round := 1; round <= 2; round++ {
		simProc.stop()
		t.Logf("round %d: upstream killed", round)
		checkDown(fmt.Sprintf("outage %d", round))
		if round == 1 {
			// A board started during the outage, of a size nobody asked
			// for: the hub's last good departures of the stop, stale.
			l := newTerm(t, 80, 24)
			l.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1350\n")
			if sc, ok := l.tryWait(staleRe, 4*interval); !ok || !departureRow.MatchString(stripStatus(sc)) {
				t.Errorf("a board started during the outage shows no stale departures:\n%s", sc)
			}
			lateMu.Lock()
			late = l
			lateMu.Unlock()
		}
		waitSampling(phase - 4*interval)
		if round == 1 {
			settled = len(rss)
		}
		simProc = startSim()
		t.Logf("round %d: upstream back", round)
		checkUp(fmt.Sprintf("recovery %d", round))
		waitSampling(phase)
	}

	// Resident memory: flat within 20 % from the end of the first outage
	// to the end, judged on the median of three samples (30 s) at either
	// end. Not from the end of the warm-up: the live heap is flat from
	// then on (GODEBUG=gctrace=1: 364, 363, 364 MB after each collection
	// with phase 60 s), but the heap still grows to the collector's goal
	// (twice the live heap) for the first cycle, and RSS with it.
	after := rss[warm:]
	lo, hi := after[0], after[0]
	for _, v := range after {
		lo, hi = min(lo, v), max(hi, v)
	}
	first, last := median3(rss[settled-3:settled]), median3(rss[len(rss)-3:])
	t.Logf("clocks: %d of %d samples missed the service's time by a minute or more (one in a repaint may)", clockMisses.Load(), clockChecks.Load())
	t.Logf("hub RSS (KiB) at the warm-up %d, after it min %d max %d; at the end of the first outage %d, at the end %d (every 10 s: %v); %d answers, %d gateway errors, %d failures",
		rss[warm-1], lo, hi, first, last, rss, answers.Load(), gateway.Load(), failed.Load())
	if float64(last) > 1.2*float64(first) {
		t.Errorf("hub RSS grew from %d to %d KiB (> 20 %%): %v", first, last, rss)
	}
	if n := failed.Load(); n > 0 {
		t.Errorf("%d client requests failed at the hub itself (last: %v)", n, lastFail.Load())
	}

	// Every SSH slot comes back.
	cancel()
	for _, c := range sessions {
		c.Close()
	}
	sessionsRe := regexp.MustCompile(`(?m)^abfahrt_ssh_sessions (\d+)`)
	var metrics string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(root + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		metrics = string(b)
		if m := sessionsRe.FindStringSubmatch(metrics); m != nil && m[1] == "0" {
			metrics = ""
			break
		}
	}
	if metrics != "" {
		m := sessionsRe.FindStringSubmatch(metrics)
		t.Errorf("SSH session slots leaked: abfahrt_ssh_sessions %v after every client left", m)
	}
}

// median3 is the median of three samples.
func median3(v []int) int {
	a, b, c := v[0], v[1], v[2]
	return max(min(a, b), min(max(a, b), c))
}
