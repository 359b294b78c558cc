package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/internal/sshhub"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// sshKey returns a new client key.
func sshKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// waitLog waits for re in the hub's log and returns its first group.
func waitLog(t *testing.T, errb *lockedBuffer, re *regexp.Regexp) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(errb.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no %v in the log:\n%s", re, errb.String())
	return ""
}

// screen is the output of one session, read as it comes.
type screen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.buf.String())
}

type board struct {
	client *gossh.Client
	sess   *gossh.Session
	out    *screen
	errOut *screen
	done   chan error
}

// openBoard logs in with key and asks for the board of stop.
func openBoard(t *testing.T, addr string, key gossh.Signer, stop string) (*board, error) {
	t.Helper()
	return openBoardTerm(t, addr, key, stop, "xterm-256color")
}

// openBoardTerm is openBoard from a terminal of type term.
func openBoardTerm(t *testing.T, addr string, key gossh.Signer, stop, term string) (*board, error) {
	t.Helper()
	cfg := &gossh.ClientConfig{User: "station", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second} //nolint:gosec // a test's own server
	c, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, err
	}
	s, err := c.NewSession()
	if err != nil {
		c.Close()
		return nil, err
	}
	if err := s.RequestPty(term, 30, 100, gossh.TerminalModes{}); err != nil {
		c.Close()
		return nil, err
	}
	b := &board{client: c, sess: s, out: &screen{}, errOut: &screen{}, done: make(chan error, 1)}
	s.Stdout, s.Stderr = b.out, b.errOut
	if err := s.Start(stop); err != nil {
		c.Close()
		return nil, err
	}
	go func() { b.done <- s.Wait() }()
	t.Cleanup(func() { c.Close() })
	return b, nil
}

func (b *board) waitFor(t *testing.T, want string, d time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if strings.Contains(b.out.text(), want) {
			return true
		}
	}
	return false
}

// hubWithKey starts abfahrt serve --ssh with one authorized key and
// returns the SSH address, the key, the log and the stop.
func hubWithKey(t *testing.T, args ...string) (string, gossh.Signer, *lockedBuffer, func() int) {
	t.Helper()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	key := sshKey(t)
	keys := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(keys, gossh.MarshalAuthorizedKey(key.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errb, stop, code := startServe(t, append([]string{"--ssh", "127.0.0.1:0", "--ssh-authorized-keys", keys}, args...)...)
	addr := waitLog(t, errb, regexp.MustCompile(`msg="ssh: serving" addr=(\S+)`))
	if _, err := os.Stat(filepath.Join(state, "abfahrt", sshhub.HostKeyName)); err != nil {
		t.Errorf("no host key in the state directory: %v", err)
	}
	return addr, key, errb, func() int { stop(); return <-code }
}

// openUntil retries a session until the hub has a place for it.
func openUntil(t *testing.T, addr string, key gossh.Signer, stop, want string) *board {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		b, err := openBoard(t, addr, key, stop)
		if err != nil {
			t.Fatal(err)
		}
		for end := time.Now().Add(20 * time.Second); time.Now().Before(end) && len(b.done) == 0; time.Sleep(50 * time.Millisecond) {
			if strings.Contains(b.out.text(), want) {
				return b
			}
		}
		b.client.Close()
	}
	t.Fatalf("no session showed %q", want)
	return nil
}

// abfahrt serve --ssh: 20 sessions each see the board they asked for, a
// 21st is refused at the cap, an unknown key is refused, the places of
// sessions that left are free again, and a session open at shutdown is
// told; the host key is kept in the state directory.
func TestServeSSHBoards(t *testing.T) {
	// All 20 log in at once from one address: over the default of 10
	// logins in progress from one address.
	addr, key, errb, stop := hubWithKey(t, "--ssh-max-sessions", "20", "--ssh-max-startups-per-ip", "20")
	stops := map[string]string{"1008": "Hauptbahnhof", "1350": "Ehinger Tor", "1240": "Universität Süd", "1010": "Theater", "1200": "Eselsberg Hasenkopf"}
	order := []string{"1008", "1350", "1240", "1010", "1200"}
	boards := make([]*board, 20)
	var wg sync.WaitGroup
	for i := range boards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := openBoard(t, addr, key, order[i%5])
			if err != nil {
				t.Errorf("session %d: %v", i, err)
				return
			}
			boards[i] = b
			if name := stops[order[i%5]]; !b.waitFor(t, name, 60*time.Second) {
				t.Errorf("session %d (stop %s) never showed %q:\n%s", i, order[i%5], name, b.out.text())
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	// The cap: a 21st session is told and refused.
	extra, err := openBoard(t, addr, key, "1008")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-extra.done:
		var ee *gossh.ExitError
		if !errors.As(err, &ee) || ee.ExitStatus() != 1 || !strings.Contains(extra.errOut.text(), "all 20 sessions are in use") {
			t.Errorf("21st session: %v, stderr %q", err, extra.errOut.text())
		}
	case <-time.After(30 * time.Second):
		t.Error("the 21st session was not refused")
	}

	// An unknown key is refused at login.
	if b, err := openBoard(t, addr, sshKey(t), "1008"); err == nil || !strings.Contains(err.Error(), "unable to authenticate") {
		t.Errorf("unknown key: %v (session %v)", err, b != nil)
	}

	// The places of sessions that left are free again.
	for _, b := range boards {
		b.client.Close()
	}
	again := openUntil(t, addr, key, "1350", "Ehinger Tor")

	if c := stop(); c != exitOK {
		t.Errorf("exit %d:\n%s", c, errb.String())
	}
	select {
	case <-again.done:
		if !strings.Contains(again.out.text(), "shutting down") {
			t.Errorf("a session at shutdown was not told: %q", finalLine(again.out.text()))
		}
	case <-time.After(20 * time.Second):
		t.Error("the session outlived the hub")
	}
}

// A board is watched, not typed at: a session where nobody presses a key
// keeps its board well past --ssh-idle, and the board goes on updating.
func TestServeSSHIdleKeepsWatchedBoard(t *testing.T) {
	addr, key, errb, stop := hubWithKey(t, "--ssh-max-sessions", "1", "--ssh-idle", "1s")
	b := openUntil(t, addr, key, "1008", "Hauptbahnhof")
	select {
	case err := <-b.done:
		t.Fatalf("a watched session ended after the idle time: %v, %q\n%s", err, finalLine(b.out.text()), errb.String())
	case <-time.After(4 * time.Second):
	}
	// Still drawn: a resize is answered with a new frame.
	n := len(b.out.text())
	if err := b.sess.WindowChange(32, 110); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); len(b.out.text()) == n; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the board did not redraw after 4 s without a key")
		}
	}
	if c := stop(); c != exitOK {
		t.Errorf("exit %d", c)
	}
}

// --ssh-idle 0 means never; a negative one is refused.
func TestServeSSHIdleZero(t *testing.T) {
	addr, key, _, stop := hubWithKey(t, "--ssh-idle", "0")
	openUntil(t, addr, key, "1008", "Hauptbahnhof")
	stop()
	if c, _, errs := runCLI(t, "serve", "--ssh", "127.0.0.1:0", "--ssh-idle", "-1s"); c != exitUsage || !strings.Contains(errs, "--ssh-idle") {
		t.Errorf("--ssh-idle -1s: exit %d %s", c, errs)
	}
}

// finalLine is the last non-empty line of s.
func finalLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\r\n "), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
