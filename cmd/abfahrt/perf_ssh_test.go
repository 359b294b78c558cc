//go:build perf

package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/internal/sshhub/sshtest"
)

// procStat reads a process's CPU time (user+system) and resident memory.
func procStat(t *testing.T, pid int) (time.Duration, int64) {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	cpu := time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ is 100 on Linux
	s, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	var rss int64
	for _, line := range strings.Split(string(s), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rss, _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return cpu, rss * 1024
}

// TestPerfSSHSessions measures the real hub's cost of idle SSH sessions
// (each showing a board at 120x40, nobody typing): resident memory and
// CPU over 20 s for 0, 1, 10 and 100 sessions (PERF_SSH_SESSIONS, a
// comma-separated list, for others). With PERF_SSH_MAX_MB it fails when
// the hub with the most sessions holds more (make mem guards 100
// sessions so). Run with
//
//	make build && ABFAHRT_BIN=$PWD/bin/abfahrt go test -tags perf -run TestPerfSSHSessions -v ./cmd/abfahrt/
func TestPerfSSHSessions(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set")
	}
	counts := []int{0, 1, 10, 100}
	if v := os.Getenv("PERF_SSH_SESSIONS"); v != "" {
		counts = nil
		for f := range strings.SplitSeq(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 || n > 200 {
				t.Fatalf("PERF_SSH_SESSIONS=%q: want counts of 0 to 200, comma-separated", v)
			}
			counts = append(counts, n)
		}
	}
	maxMB := 0.0
	if v := os.Getenv("PERF_SSH_MAX_MB"); v != "" {
		var err error
		if maxMB, err = strconv.ParseFloat(v, 64); err != nil {
			t.Fatalf("PERF_SSH_MAX_MB=%q: want a number", v)
		}
	}
	const window = 20 * time.Second
	for k, n := range counts {
		cmd, addr := perfHub(t, bin)
		key := sshtest.Key(t)
		var boards []*sshtest.Board
		for i := range n {
			b, err := sshtest.OpenSized(t, addr, key, []string{"1008", "1350", "1240", "1010", "1200"}[i%5], "xterm-256color", 120, 40)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, b)
		}
		for _, b := range boards {
			if !b.WaitFor(t, "Departures", time.Minute) {
				t.Fatalf("a session showed no board")
			}
		}
		time.Sleep(5 * time.Second)
		cpu0, _ := procStat(t, cmd.Process.Pid)
		time.Sleep(window)
		cpu1, rss := procStat(t, cmd.Process.Pid)
		share := float64(cpu1-cpu0) / float64(window) * 100
		t.Logf("%3d idle sessions: RSS %.1f MB, CPU %.2f %% of a core", n, float64(rss)/1e6, share)
		if maxMB > 0 && k == len(counts)-1 && float64(rss)/1e6 > maxMB {
			t.Errorf("the hub with %d idle SSH sessions holds %.1f MB, more than %.0f MB", n, float64(rss)/1e6, maxMB)
		}
		for _, b := range boards {
			b.Client.Close()
		}
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}
}

// perfHub starts the hub bin with SSH (anonymous, 200 sessions) and
// returns it and its SSH address.
func perfHub(t *testing.T, bin string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0", "--ssh", "127.0.0.1:0", "--ssh-anonymous", "--ssh-max-sessions", "200")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "ABFAHRT_API=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addrc := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`msg="ssh: serving" addr=(\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrc <- m[1]
			}
		}
	}()
	select {
	case addr := <-addrc:
		return cmd, addr
	case <-time.After(30 * time.Second):
		t.Fatal("the hub did not start")
		return nil, ""
	}
}

// openFDs is the number of open file descriptors of process pid.
func openFDs(pid int) int {
	es, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(es)
}

type perfRow struct {
	rss int64
	cpu float64 // percent of a core
	fds int
}

// perfScenario runs one scenario against a fresh hub of bin: n idle
// sessions (each showing a board, read by the client, nobody typing), or
// with raw set n TCP connections that never send a byte; then it
// measures the hub's RSS, CPU over window and open descriptors.
func perfScenario(t *testing.T, bin string, n int, raw bool, window time.Duration) perfRow {
	t.Helper()
	cmd, addr := perfHub(t, bin)
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	key := sshtest.Key(t)
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for i := range n {
		// Spread over loopback addresses: a control room's screens come
		// from many, and an attack from one is capped at once.
		local := fmt.Sprintf("127.0.%d.%d", 2+i/250, 1+i%250)
		if raw {
			d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
			c, err := d.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			closers = append(closers, func() { _ = c.Close() })
			continue
		}
		c, err := sshtest.Dial(t, addr, key, local)
		if err != nil {
			t.Fatal(err)
		}
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		out := &sshtest.Screen{}
		s.Stdout = out
		if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if err := s.Start([]string{"1008", "1350", "1240", "1010", "1200"}[i%5]); err != nil {
			t.Fatal(err)
		}
		closers = append(closers, func() { _ = c.Close() })
		deadline := time.Now().Add(time.Minute)
		for !strings.Contains(out.Text(), "Departures") {
			if time.Now().After(deadline) {
				t.Fatalf("session %d showed no board", i)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	time.Sleep(3 * time.Second)
	cpu0, _ := procStat(t, cmd.Process.Pid)
	time.Sleep(window)
	cpu1, rss := procStat(t, cmd.Process.Pid)
	return perfRow{rss: rss, cpu: float64(cpu1-cpu0) / float64(window) * 100, fds: openFDs(cmd.Process.Pid)}
}

// TestPerfSSHBeforeAfter measures the hub's cost of idle SSH sessions
// (1, 10, 100) and of 1,000 unauthenticated TCP connections for two
// binaries in the same run, and the ratios. Each connection comes from a
// loopback address of its own (as a control room's screens would), so
// for the unauthenticated ones only the overall cap applies, not the one
// per address. Run with
//
//	go build -o /tmp/abf-after ./cmd/abfahrt
//	ABFAHRT_BIN_BEFORE=/work/abfahrt-before ABFAHRT_BIN=/tmp/abf-after \
//	  go test -tags perf -run TestPerfSSHBeforeAfter -v -timeout 30m ./cmd/abfahrt/
func TestPerfSSHBeforeAfter(t *testing.T) {
	before, after := os.Getenv("ABFAHRT_BIN_BEFORE"), os.Getenv("ABFAHRT_BIN")
	if before == "" || after == "" {
		t.Skip("ABFAHRT_BIN_BEFORE and ABFAHRT_BIN not set")
	}
	const window = 10 * time.Second
	type scenario struct {
		name string
		n    int
		raw  bool
	}
	var lines []string
	for _, sc := range []scenario{{"0 sessions", 0, false}, {"1 idle session", 1, false}, {"10 idle sessions", 10, false},
		{"100 idle sessions", 100, false}, {"1,000 unauthenticated conns", 1000, true}} {
		b := perfScenario(t, before, sc.n, sc.raw, window)
		a := perfScenario(t, after, sc.n, sc.raw, window)
		line := fmt.Sprintf("| %s | %.1f MB | %.1f MB | %.2f | %.2f %% | %.2f %% | %d | %d |", sc.name,
			float64(b.rss)/1e6, float64(a.rss)/1e6, float64(a.rss)/float64(b.rss), b.cpu, a.cpu, b.fds, a.fds)
		t.Log(line)
		lines = append(lines, line)
	}
	t.Log("| scenario | RSS before | RSS after | RSS after/before | CPU before | CPU after | fds before | fds after |\n" +
		strings.Join(lines, "\n"))
}
