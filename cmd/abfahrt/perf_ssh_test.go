//go:build perf

package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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
// (each showing a board, nobody typing): resident memory and CPU over
// 20 s for 0, 1, 10 and 100 sessions. Run with
//
//	make build && ABFAHRT_BIN=$PWD/bin/abfahrt go test -tags perf -run TestPerfSSHSessions -v ./cmd/abfahrt/
func TestPerfSSHSessions(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set")
	}
	const window = 20 * time.Second
	for _, n := range []int{0, 1, 10, 100} {
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
		addr := <-addrc
		key := sshKey(t)
		var boards []*board
		for i := range n {
			b, err := openBoard(t, addr, key, []string{"1008", "1350", "1240", "1010", "1200"}[i%5])
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, b)
		}
		for _, b := range boards {
			if !b.waitFor(t, "Departures", time.Minute) {
				t.Fatalf("a session showed no board")
			}
		}
		time.Sleep(5 * time.Second)
		cpu0, _ := procStat(t, cmd.Process.Pid)
		time.Sleep(window)
		cpu1, rss := procStat(t, cmd.Process.Pid)
		share := float64(cpu1-cpu0) / float64(window) * 100
		t.Logf("%3d idle sessions: RSS %.1f MB, CPU %.2f %% of a core", n, float64(rss)/1e6, share)
		for _, b := range boards {
			b.client.Close()
		}
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}
}
