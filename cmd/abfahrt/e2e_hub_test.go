//go:build e2e

package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"abfahrt/model"
)

// The hub's boards end to end: the real binary's `abfahrt sim` as the
// upstream of the real `abfahrt serve`, boards and kiosks in tmux behind
// it (issue 21, item 1; make soak runs the long form).

// soakProc is a process of the real binary with its stderr kept.
type soakProc struct {
	cmd *exec.Cmd
	mu  sync.Mutex
	log strings.Builder
}

func startProc(t *testing.T, env []string, args ...string) *soakProc {
	t.Helper()
	p := &soakProc{cmd: exec.Command(os.Getenv("ABFAHRT_BIN"), args...)}
	p.cmd.Env = append(os.Environ(), env...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.log.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() { p.stop() })
	return p
}

func (p *soakProc) text() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

func (p *soakProc) wait(t *testing.T, re *regexp.Regexp) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if m := re.FindStringSubmatch(p.text()); m != nil {
			return m[len(m)-1]
		}
	}
	t.Fatalf("no %v in the log:\n%s", re, p.text())
	return ""
}

func (p *soakProc) stop() {
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = p.cmd.Process.Kill()
		}
	}
}

// rssKB is a process's resident set in KiB.
func rssKB(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// freePort returns a loopback port free now.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// dialFrom is a dialer from loopback address ip, so that the clients
// spread over sources as a city's kiosks do (the hub caps each source).
func dialFrom(ip string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return d.DialContext
}

// A board and a kiosk started while the hub serves its last good answer
// (the upstream died 20 s before; the way to see it): within two
// intervals the board says `◷ stale since`, the kiosk shows its "data
// delayed" banner, and both show the real time. Before, the board took the
// standing CurrentTimestamp as the time ("updated < 30 s ago", the header
// and the kiosk's big clock frozen, no banner).
func TestE2EBoardStartedBehindStaleHub(t *testing.T) {
	if os.Getenv("ABFAHRT_BIN") == "" {
		t.Skip("ABFAHRT_BIN not set (make e2e builds it)")
	}
	const interval = 5 * time.Second
	env := []string{"XDG_STATE_HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir(), "ABFAHRT_API="}
	simAddr := freePort(t)
	sim := startProc(t, env, "sim", "--listen", simAddr, "--quiet")
	waitListening(t, simAddr)
	hub := startProc(t, env, "serve", "--listen", "127.0.0.1:0", "--interval", interval.String(), "--api", "http://"+simAddr+"/mobility/v1")
	base := hub.wait(t, regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`))
	// Boards behind the hub asked for the stop (the queries of screens of
	// every height: app.LimitFor's steps), then the upstream died.
	for _, limit := range []int{20, 40, 60, 80, 100} {
		resp, err := httpClient.Get(fmt.Sprintf("%s/stop/passage/Departures?Limit=%d&StopNumber=1008", base, limit))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
	}
	sim.stop()
	time.Sleep(4 * interval)

	board := newTerm(t, 120, 40)
	board.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1008\n")
	kiosk := newTerm(t, 100, 30)
	kiosk.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --kiosk --stop 1008\n")
	b := board.waitFor(regexp.MustCompile(`◷ stale since \d\d:\d\d:\d\d`), 2*interval+5*time.Second)
	if !clockShown(b) {
		t.Errorf("the board's header does not show the real time:\n%s", b)
	}
	if strings.Contains(b, "service time") {
		t.Errorf("the board takes the standing timestamp for the service's clock:\n%s", b)
	}
	k := kiosk.waitFor(regexp.MustCompile(`Data delayed since`), 2*interval+5*time.Second)
	if !bigClockShown(k) {
		t.Errorf("the kiosk's big clock does not show the real time:\n%s", k)
	}
	if !strings.Contains(k, "simulated data") {
		t.Errorf("a kiosk behind a hub on the simulation does not say so:\n%s", k)
	}
}

// waitListening waits until addr takes connections.
func waitListening(t *testing.T, addr string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s", addr)
}

// httpClient is the tests' client of the hub.
var httpClient = &http.Client{Timeout: 10 * time.Second}

// clockShown reports whether screen shows the real time (HH:MM of now,
// or of a minute ago: a frame painted just before the minute turned).
func clockShown(screen string) bool {
	now := time.Now().In(model.Berlin)
	return strings.Contains(screen, now.Format("15:04")) || strings.Contains(screen, now.Add(-time.Minute).Format("15:04"))
}

// bigClockShown is clockShown for the kiosk's big digits.
func bigClockShown(screen string) bool {
	now := time.Now().In(model.Berlin)
	for _, c := range []string{now.Format("15:04"), now.Add(-time.Minute).Format("15:04")} {
		big := bigText(c)
		if strings.Contains(screen, big[0]) && strings.Contains(screen, big[2]) {
			return true
		}
	}
	return false
}

// bigText is the kiosk clock's first and third rows for s, as the kiosk
// draws its digits (tui's bigGlyph at scale 1): enough to tell a time.
func bigText(s string) [3]string {
	glyphs := map[rune][5]string{
		'0': {"███", "█ █", "█ █", "█ █", "███"},
		'1': {" █ ", "██ ", " █ ", " █ ", "███"},
		'2': {"███", "  █", "███", "█  ", "███"},
		'3': {"███", "  █", "███", "  █", "███"},
		'4': {"█ █", "█ █", "███", "  █", "  █"},
		'5': {"███", "█  ", "███", "  █", "███"},
		'6': {"███", "█  ", "███", "█ █", "███"},
		'7': {"███", "  █", "  █", "  █", "  █"},
		'8': {"███", "█ █", "███", "█ █", "███"},
		'9': {"███", "█ █", "███", "  █", "███"},
		':': {" ", "█", " ", "█", " "},
	}
	var out [3]string
	for row := range 3 {
		var parts []string
		for _, r := range s {
			parts = append(parts, glyphs[r][row])
		}
		out[row] = strings.Join(parts, " ")
	}
	return out
}

// A board started behind a hub whose upstream is down and has nothing
// cached (issue 21, items 5 and 6): its status bar says the hub's 502 in
// the board's language, never the Go error text of the hub's body, and
// it retries at the poll interval however often it failed (before: "5
// failures, retry in 2 min", so a service that came back stayed off the
// board for minutes). When the upstream starts, the departures come
// within two intervals.
func TestE2EBoardBehindHubWithoutData(t *testing.T) {
	if os.Getenv("ABFAHRT_BIN") == "" {
		t.Skip("ABFAHRT_BIN not set (make e2e builds it)")
	}
	const interval = 5 * time.Second
	env := []string{"XDG_STATE_HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + t.TempDir(), "XDG_CACHE_HOME=" + t.TempDir(), "ABFAHRT_API="}
	simAddr := freePort(t) // nothing listens there yet
	hub := startProc(t, env, "serve", "--listen", "127.0.0.1:0", "--interval", interval.String(), "--api", "http://"+simAddr+"/mobility/v1")
	base := hub.wait(t, regexp.MustCompile(`msg="mirror: serving" url=(http://\S+)`))

	board := newTerm(t, 140, 30)
	board.typeText(os.Getenv("ABFAHRT_BIN") + " --api " + base + " --interval 5s --stop 1008\n")
	s := board.waitFor(regexp.MustCompile(`\(([5-9]|\d\d) failures\)`), 10*interval)
	if !strings.Contains(s, "502 · the service behind the hub cannot be reached") {
		t.Errorf("the status bar does not say the hub's 502 in the board's words:\n%s", s)
	}
	if strings.Contains(s, "dial tcp") || strings.Contains(s, `Get "`) {
		t.Errorf("the hub's Go error text reaches the status bar:\n%s", s)
	}
	if !strings.Contains(s, "retry in < 30 s") && !strings.Contains(s, "refreshing") {
		t.Errorf("after 5 failures and no answer yet, the board does not retry at the interval:\n%s", s)
	}
	startProc(t, env, "sim", "--listen", simAddr, "--quiet")
	board.waitFor(departureRow, 2*interval+10*time.Second)
}
