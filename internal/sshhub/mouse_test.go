package sshhub_test

import (
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/hub"
	"abfahrt/internal/sshhub/sshtest"
)

// Issue 26 item 9 over SSH: the hub's --mouse gives each session's board
// mouse reporting (on at start, off when the session's board ends), and
// without it the client's terminal is never asked. A client that floods
// the session with thousands of wheel events on loopback does not make
// the hub spin: the events beyond the rate are dropped before the board,
// which still ends at once on q.
func TestServeSSHMouse(t *testing.T) {
	for _, on := range []bool{true, false} {
		h := sshtest.Start(t, func(o *hub.Options) { o.SSH.Idle, o.SSH.Mouse = 0, on })
		addr, key := h.Addr, h.Key
		_, out, in, done := boardSession(t, addr, key, "xterm-256color")
		if got := strings.Contains(out.Raw(), "\x1b[?1000h\x1b[?1006h"); got != on {
			t.Errorf("hub --mouse %v: mouse reporting asked for: %v", on, got)
		}
		if strings.Contains(out.Raw(), "\x1b[?1003h") || strings.Contains(out.Raw(), "\x1b[?1002h") {
			t.Error("motion tracking asked for")
		}
		if on {
			before := sshtest.CPUTime(t)
			wheel := []byte(strings.Repeat("\x1b[<65;20;10M\x1b[<64;20;10M", 250))
			start := time.Now()
			for range 20 { // 10 000 events in about a second
				if _, err := in.Write(wheel); err != nil {
					t.Fatal(err)
				}
				time.Sleep(50 * time.Millisecond)
			}
			t.Logf("10 000 wheel events in %v cost the process %v of CPU", time.Since(start).Round(time.Millisecond), (sshtest.CPUTime(t) - before).Round(time.Millisecond))
		}
		quit := time.Now()
		if _, err := in.Write([]byte("q")); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			// Each event let through costs an Update and a View (50 ms
			// under the race detector): without the bound, the backlog
			// of 10 000 would take minutes.
			t.Fatalf("mouse %v: the board did not end on q within 10 s (behind a backlog of mouse events?)", on)
		}
		if on && !strings.Contains(out.Raw(), "\x1b[?1006l\x1b[?1000l") {
			t.Error("mouse reporting not turned off at the end")
		}
		t.Logf("mouse %v: q ended the session in %v", on, time.Since(quit).Round(time.Millisecond))
	}
}

// Issue 26 item 4 over SSH, attacked: a session whose client's terminal
// gets desktop notifications (kitty: OSC 99) is asked for focus reports;
// a client that floods it with 10 000 focus-in and focus-out reports, or
// 10 000 arrow keys, on loopback does not make the hub spin, and the
// board still ends at once on q. (Found by this test: in a read of many,
// Bubble Tea hands each report on as an unknown sequence, each an Update
// and a View; the board took more than 10 s under the race detector to
// get to q. A session's input is now cut to termio.InputRate a second,
// keys apart, the quit keys always let through.)
func TestServeSSHInputFlood(t *testing.T) {
	for _, flood := range []struct{ name, unit string }{
		{"focus reports", "\x1b[I\x1b[O"},
		{"arrow keys", "\x1b[B\x1b[A"},
	} {
		h := sshtest.Start(t, func(o *hub.Options) { o.SSH.Idle = 0 })
		addr, key, stop := h.Addr, h.Key, h.Stop
		c, out, in, done := boardSession(t, addr, key, "xterm-kitty")
		if !strings.Contains(out.Raw(), "\x1b[?1004h") {
			t.Fatalf("a kitty client's session does not ask for focus reports")
		}
		before := sshtest.CPUTime(t)
		burst := []byte(strings.Repeat(flood.unit, 250))
		for range 20 { // 10 000 in about a second
			if _, err := in.Write(burst); err != nil {
				t.Fatal(err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("10 000 %s cost the process %v of CPU", flood.name, (sshtest.CPUTime(t) - before).Round(time.Millisecond))
		quit := time.Now()
		if _, err := in.Write([]byte("q")); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the board did not end on q within 10 s (behind a backlog?)", flood.name)
		}
		t.Logf("%s: q ended the session in %v", flood.name, time.Since(quit).Round(time.Millisecond))
		c.Close()
		stop()
	}
}

// boardSession opens an SSH session of the hub at addr with key, its
// terminal named term at 100x30, and waits until its board of stop 1008
// shows Hauptbahnhof: the client, what the board wrote, its input and
// the end of the session.
func boardSession(t *testing.T, addr string, key gossh.Signer, term string) (*gossh.Client, *sshtest.Screen, io.Writer, <-chan error) {
	t.Helper()
	c, s := sshtest.Session(t, addr, key, "station")
	if err := s.RequestPty(term, 30, 100, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	out := &sshtest.Screen{}
	s.Stdout, s.Stderr = out, io.Discard
	in, err := s.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("1008"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Wait() }()
	for end := time.Now().Add(20 * time.Second); !strings.Contains(out.Raw(), "Hauptbahnhof"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: no board: %q", term, out.Raw())
		}
	}
	return c, out, in, done
}
