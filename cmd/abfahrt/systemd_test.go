package main

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"
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
	stop := notifySystemd(context.Background())
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
