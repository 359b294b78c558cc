package watchdog

import (
	"context"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"abfahrt/internal/sdnotify"
)

// Under systemd (Type=notify) a kiosk says READY=1 when it starts and
// STOPPING=1 when it ends.
func TestKioskNotifiesSystemd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notify")
	sock, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Close()
	t.Setenv("NOTIFY_SOCKET", path)
	t.Setenv("WATCHDOG_USEC", "")
	_, stop := Notify(context.Background(), true)
	stop()
	buf := make([]byte, 64)
	for _, want := range []string{"READY=1", "STOPPING=1"} {
		_ = sock.SetReadDeadline(time.Now().Add(10 * time.Second))
		n, err := sock.Read(buf)
		if err != nil || string(buf[:n]) != want {
			t.Errorf("got %q (%v), want %s", buf[:n], err, want)
		}
	}
}

// A kiosk's watchdog pings come from its loop: while the TUI calls alive
// (its Update runs) every tick pings; when the calls stop (a wedged
// Update), the ticks stop pinging and systemd's WatchdogSec restarts it.
// A board without the loop's calls pings on every tick, as before.
func TestKioskWatchdogFollowsTheLoop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notify")
	sock, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Close()
	t.Setenv("NOTIFY_SOCKET", path)
	sd := sdnotify.FromEnv()
	read := func() string {
		t.Helper()
		buf := make([]byte, 64)
		_ = sock.SetReadDeadline(time.Now().Add(10 * time.Second))
		n, err := sock.Read(buf)
		if err != nil {
			t.Fatalf("no datagram: %v", err)
		}
		return string(buf[:n])
	}

	for _, loop := range []bool{true, false} {
		var mu sync.Mutex
		now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
		const period = 15 * time.Second
		tick := make(chan time.Time) // unbuffered: a send returns when the watchdog took the tick
		alive, stop := notifyWith(context.Background(), sd, loop, tick, period, clock)
		if got := read(); got != "READY=1" {
			t.Fatalf("got %q, want READY=1", got)
		}

		// The loop runs: a message a second for a minute, a tick every 15 s.
		for s := 1; s <= 60; s++ {
			advance(time.Second)
			alive()
			if s%15 == 0 {
				tick <- clock()
				if got := read(); got != "WATCHDOG=1" {
					t.Fatalf("loop %v running, second %d: got %q, want WATCHDOG=1", loop, s, got)
				}
			}
		}
		// Update wedges: no more alive. The ticks go on.
		for range 4 {
			advance(period + time.Second) // each tick beyond the window, however late the watchdog looks
			tick <- clock()
			if !loop {
				if got := read(); got != "WATCHDOG=1" {
					t.Fatalf("a board pings while the process lives: got %q", got)
				}
			}
		}
		stop()
		if got := read(); got != "STOPPING=1" {
			t.Fatalf("loop %v: after the loop stopped: got %q, want no WATCHDOG=1 before STOPPING=1", loop, got)
		}
	}
}
