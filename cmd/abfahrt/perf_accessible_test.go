//go:build perf

package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPerfAccessibleIdle measures, in the same run, the idle CPU of the
// board and of the screen-reader mode of the same stop, both in tmux at
// 120×40 on the embedded simulation, started together and measured over
// the same window; the screen-reader mode must cost no more (issue 26
// item 1). Run with
//
//	make build && ABFAHRT_BIN=$PWD/bin/abfahrt go test -tags perf -run TestPerfAccessibleIdle -v ./cmd/abfahrt/
//
// SECONDS_IDLE sets the window (default 60).
func TestPerfAccessibleIdle(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set")
	}
	window := 60 * time.Second
	if s, err := strconv.Atoi(os.Getenv("SECONDS_IDLE")); err == nil && s > 0 {
		window = time.Duration(s) * time.Second
	}
	sock := "abfahrt-perf-acc-" + strconv.Itoa(os.Getpid())
	home := t.TempDir()
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-L", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", sock, "kill-server").Run() })
	env := "env HOME=" + home + " XDG_CONFIG_HOME=" + home + "/c XDG_CACHE_HOME=" + home + "/k XDG_STATE_HOME=" + home + "/s TERM=xterm-256color "
	tmux("new-session", "-d", "-s", "board", "-x", "120", "-y", "40", env+bin+" --stop 1008")
	tmux("new-session", "-d", "-s", "acc", "-x", "120", "-y", "40", env+bin+" --accessible --stop 1008")
	pid := func(s string) int {
		n, err := strconv.Atoi(tmux("list-panes", "-t", s, "-F", "#{pane_pid}"))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	board, acc := pid("board"), pid("acc")
	time.Sleep(10 * time.Second) // start-up, base data, first polls
	b0, _ := procStat(t, board)
	a0, _ := procStat(t, acc)
	time.Sleep(window)
	b1, brss := procStat(t, board)
	a1, arss := procStat(t, acc)
	if !strings.Contains(tmux("capture-pane", "-p", "-t", "acc"), "Departures from Hauptbahnhof:") {
		t.Fatalf("the screen-reader mode did not say the departures:\n%s", tmux("capture-pane", "-p", "-t", "acc"))
	}
	share := func(d time.Duration) float64 { return 100 * d.Seconds() / window.Seconds() }
	bc, ac := b1-b0, a1-a0
	ratio := float64(ac) / float64(max(bc, 10*time.Millisecond))
	t.Logf("idle CPU over %s: board %.3f%% of a core (%s, RSS %.1f MB), screen-reader mode %.3f%% (%s, RSS %.1f MB); ratio ×%.2f",
		window, share(bc), bc, float64(brss)/1e6, share(ac), ac, float64(arss)/1e6, ratio)
	if ac > bc {
		t.Errorf("the screen-reader mode costs more than the board at idle: %s against %s", ac, bc)
	}
}
