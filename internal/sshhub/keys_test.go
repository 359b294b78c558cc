package sshhub_test

import (
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/hub"
	"abfahrt/internal/sshhub/sshtest"
)

// Over SSH the keys of one read reach the board as one message (a fast
// typist, a held key, a client that sends what it has): "qq" written at
// once ends the session, as one q does (issue 33 item 1). Before, no
// binding matched "qq" and the session stayed.
func TestServeSSHKeysReadTogether(t *testing.T) {
	h := sshtest.Start(t, func(o *hub.Options) { o.SSH.MaxSessions = 2 })
	addr, key, stop := h.Addr, h.Key, h.Stop
	defer stop()
	cfg := &gossh.ClientConfig{User: "station", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second} //nolint:gosec // a test's own server
	c, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	in, err := s.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := &sshtest.Screen{}
	s.Stdout, s.Stderr = out, &sshtest.Screen{}
	if err := s.Start("1008"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Wait() }()
	b := &sshtest.Board{Out: out}
	if !b.WaitFor(t, "Hauptbahnhof", 60*time.Second) {
		t.Fatalf("no board:\n%s", out.Text())
	}
	time.Sleep(500 * time.Millisecond)
	if _, err := in.Write([]byte("jjjqq")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatalf("jjjqq written at once did not end the session:\n%s", sshtest.FinalLine(out.Text()))
	}
}
