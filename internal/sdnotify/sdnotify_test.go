package sdnotify

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"
)

// fakeSystemd is a notify socket as systemd opens one.
func fakeSystemd(t *testing.T) (string, *net.UnixConn) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "notify")
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return path, c
}

func read(t *testing.T, c *net.UnixConn) string {
	t.Helper()
	buf := make([]byte, 256)
	if err := c.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	n, err := c.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf[:n])
}

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// systemd hears READY=1, WATCHDOG=1 on every tick while the service is
// alive (none when it is not), and STOPPING=1.
func TestNotifySequence(t *testing.T) {
	path, sock := fakeSystemd(t)
	n := fromLookup(env(map[string]string{"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}), 42)
	if got := n.WatchdogPeriod(); got != 15*time.Second {
		t.Errorf("watchdog period %v, want 15s (half of WatchdogSec=30)", got)
	}
	if err := n.Ready(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, sock); got != "READY=1" {
		t.Errorf("got %q, want READY=1", got)
	}
	tick := make(chan time.Time)
	alive := make(chan bool, 1)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		n.Watchdog(ctx, tick, func() bool { return <-alive })
		close(done)
	}()
	alive <- true
	tick <- time.Time{}
	if got := read(t, sock); got != "WATCHDOG=1" {
		t.Errorf("got %q, want WATCHDOG=1", got)
	}
	alive <- false // a hung service: no ping
	tick <- time.Time{}
	alive <- true
	tick <- time.Time{}
	cancel()
	<-done
	if err := n.Stopping(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, sock); got != "WATCHDOG=1" {
		t.Errorf("got %q, want the one WATCHDOG=1 of the live tick", got)
	}
	if got := read(t, sock); got != "STOPPING=1" {
		t.Errorf("got %q, want STOPPING=1", got)
	}
}

// Without systemd nothing is sent and nothing fails; a watchdog meant for
// another process is not ours.
func TestWithoutSystemd(t *testing.T) {
	n := fromLookup(env(nil), 1)
	if n.Enabled() || n.Ready() != nil || n.WatchdogPeriod() != 0 {
		t.Errorf("without NOTIFY_SOCKET: enabled=%v period=%v", n.Enabled(), n.WatchdogPeriod())
	}
	var nilN *Notifier
	if nilN.Ready() != nil || nilN.Stopping() != nil {
		t.Error("a nil notifier failed")
	}
	n = fromLookup(env(map[string]string{"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "7"}), 8)
	if n.WatchdogPeriod() != 0 {
		t.Errorf("watchdog of pid 7 taken by pid 8: %v", n.WatchdogPeriod())
	}
	n = fromLookup(env(map[string]string{"NOTIFY_SOCKET": "@abstract"}), 8)
	if n.addr != "\x00abstract" {
		t.Errorf("abstract socket address %q", n.addr)
	}
}
