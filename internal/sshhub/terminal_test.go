package sshhub_test

import (
	"strings"
	"testing"
	"time"

	"abfahrt/internal/sshhub/sshtest"
	"abfahrt/tui"
)

// Issue 26 item 5 over SSH: a session's board names itself in its
// client's window title (OSC 2, ended by ST) once it has data, and saves
// and gives back the client's own title.
func TestServeSSHWindowTitle(t *testing.T) {
	h := sshtest.Start(t, nil)
	addr, key, stop := h.Addr, h.Key, h.Stop
	defer stop()
	b, err := sshtest.OpenTerm(t, addr, key, "1350", "xterm-256color")
	if err != nil {
		t.Fatal(err)
	}
	if !b.WaitFor(t, "Departures", 20*time.Second) {
		t.Fatalf("no board: %q", b.Out.Text())
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(b.Out.Raw(), "\x1b]2;Ehinger Tor · ") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	out := b.Out.Raw()
	b.Client.Close()
	if !strings.Contains(out, "\x1b[22;0t") || !strings.Contains(out, "\x1b]2;Ehinger Tor · ") {
		t.Errorf("the session's title is not set (or the client's not saved): %q", out[:min(len(out), 400)])
	}
}

// A dispatcher on a Linux console who logs in to the hub over SSH gets a
// board in the console's glyphs: the bus mark is • there, ● on an xterm.
func TestServeSSHLinuxConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a hub")
	}
	h := sshtest.Start(t, nil)
	addr, key, stop := h.Addr, h.Key, h.Stop
	defer stop()
	xterm, err := sshtest.OpenTerm(t, addr, key, "1008", "xterm-256color")
	if err != nil {
		t.Fatal(err)
	}
	console, err := sshtest.OpenTerm(t, addr, key, "1008", "linux")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []*sshtest.Board{xterm, console} {
		if !b.WaitFor(t, "min", 30*time.Second) {
			t.Fatalf("no departures:\n%s", b.Out.Text())
		}
	}
	if out := xterm.Out.Text(); !strings.Contains(out, "●") {
		t.Errorf("xterm session without the bus mark ●:\n%s", out)
	}
	out := console.Out.Text()
	if !strings.Contains(out, "•") {
		t.Errorf("console session without the bus mark •:\n%s", out)
	}
	for _, r := range out {
		if !tui.ConsoleSafe(r) {
			t.Errorf("console session shows %q, which the console font lacks:\n%s", r, out)
			break
		}
	}
}
