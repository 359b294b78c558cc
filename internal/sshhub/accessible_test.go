package sshhub_test

import (
	"io"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/internal/sshhub/sshtest"
)

// openAccessible logs in, sends ABFAHRT_ACCESSIBLE=1 (and env) as a client
// with SetEnv does, with or without a terminal, and asks for stop.
func openAccessible(t *testing.T, addr string, key gossh.Signer, stop string, pty bool, env map[string]string) (*sshtest.Board, io.Writer) {
	t.Helper()
	c, s := sshtest.Session(t, addr, key, "reader")
	if err := s.Setenv("ABFAHRT_ACCESSIBLE", "1"); err != nil {
		t.Fatal(err)
	}
	for k, v := range env {
		if err := s.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if pty {
		if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
	}
	in, err := s.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &sshtest.Board{Client: c, Sess: s, Out: &sshtest.Screen{}, ErrOut: &sshtest.Screen{}, Done: make(chan error, 1)}
	s.Stdout, s.Stderr = b.Out, b.ErrOut
	if err := s.Start(stop); err != nil {
		t.Fatal(err)
	}
	go func() { b.Done <- s.Wait() }()
	return b, in
}

// abfahrt serve --ssh: a client that sends ABFAHRT_ACCESSIBLE=1 gets the
// screen-reader mode, with a terminal (raw: echo, CR LF, backspace) and
// without one (ssh -T: lines as typed), in the client's language.
func TestServeSSHAccessible(t *testing.T) {
	h := sshtest.Start(t, nil)
	addr, key, stop := h.Addr, h.Key, h.Stop
	defer stop()

	b, in := openAccessible(t, addr, key, "1350", true, nil)
	if !b.WaitFor(t, "Departures from Ehinger Tor:\r\n1: Line ", 20*time.Second) {
		t.Fatalf("no departures said:\n%q", b.Out.Raw())
	}
	// Typed with a mistake, corrected by backspace; echoed as typed.
	if _, err := io.WriteString(in, "hepl\x7f\x7flp\r"); err != nil {
		t.Fatal(err)
	}
	if !b.WaitFor(t, "hepl\b \b\b \blp\r\nCommands:\r\nstop NAME or NUMBER", 10*time.Second) {
		t.Fatalf("help not echoed and said:\n%q", b.Out.Raw())
	}
	if _, err := io.WriteString(in, "quit\r"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-b.Done:
		if err != nil {
			t.Errorf("session ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("quit did not end the session")
	}
	sshtest.NoScreenControl(t, strings.NewReplacer("\r\n", "\n", "\b \b", "").Replace(b.Out.Raw()))

	// ssh -T: no terminal; the client's own terminal edits the line.
	b, in = openAccessible(t, addr, key, "1008", false, map[string]string{"ABFAHRT_LANG": "de"})
	if !b.WaitFor(t, "Abfahrten ab Hauptbahnhof:\n1: Linie ", 20*time.Second) {
		t.Fatalf("no departures said:\n%q", b.Out.Raw())
	}
	if _, err := io.WriteString(in, "ende\n"); err != nil {
		t.Fatal(err)
	}
	if !b.WaitFor(t, "Auf Wiedersehen.\n", 10*time.Second) {
		t.Fatalf("no goodbye:\n%q", b.Out.Raw())
	}
	<-b.Done
	sshtest.NoScreenControl(t, b.Out.Raw())
}
