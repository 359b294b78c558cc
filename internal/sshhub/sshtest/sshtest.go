// Package sshtest is the rig of the tests that log in to a real hub over
// SSH on loopback: a hub (abfahrt serve --ssh as hub.Run runs it, on the
// embedded simulation) with one authorized key, and clients of
// golang.org/x/crypto/ssh that open boards and read what they draw. It is
// imported by tests only (of internal/sshhub and of cmd/abfahrt, which
// starts its hub through its own flags).
package sshtest

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"abfahrt/hub"
	"abfahrt/internal/hubtest"
	"abfahrt/internal/sshhub"
)

// Key returns a new client key.
func Key(t testing.TB) gossh.Signer {
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

// AuthorizedKeys writes an authorized_keys file of key and returns its
// path.
func AuthorizedKeys(t testing.TB, key gossh.Signer) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(p, gossh.MarshalAuthorizedKey(key.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// WaitLog waits up to 30 s for re in log and returns its first group.
func WaitLog(t testing.TB, log fmt.Stringer, re *regexp.Regexp) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(log.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no %v in the log:\n%s", re, log.String())
	return ""
}

// Screen is the output of one session, kept as it comes.
type Screen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

// Text is the output so far without its escape sequences.
func (s *Screen) Text() string { return ansi.Strip(s.Raw()) }

// Raw is the output so far as the client got it.
func (s *Screen) Raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// Board is one session showing a board.
type Board struct {
	Client *gossh.Client
	Sess   *gossh.Session
	Out    *Screen
	ErrOut *Screen
	// Done gets the session's end.
	Done chan error
}

// Open logs in with key as user station from an xterm-256color terminal
// of 100×30 and asks for the board of stop.
func Open(t testing.TB, addr string, key gossh.Signer, stop string) (*Board, error) {
	t.Helper()
	return OpenTerm(t, addr, key, stop, "xterm-256color")
}

// OpenTerm is Open from a terminal of type term.
func OpenTerm(t testing.TB, addr string, key gossh.Signer, stop, term string) (*Board, error) {
	t.Helper()
	return OpenSized(t, addr, key, stop, term, 100, 30)
}

// OpenSized is Open from a terminal of type term and of cols×rows.
func OpenSized(t testing.TB, addr string, key gossh.Signer, stop, term string, cols, rows int) (*Board, error) {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, clientConfig("station", key))
	if err != nil {
		return nil, err
	}
	s, err := c.NewSession()
	if err != nil {
		_ = c.Close()
		return nil, err
	}
	if err := s.RequestPty(term, rows, cols, gossh.TerminalModes{}); err != nil {
		_ = c.Close()
		return nil, err
	}
	b := &Board{Client: c, Sess: s, Out: &Screen{}, ErrOut: &Screen{}, Done: make(chan error, 1)}
	s.Stdout, s.Stderr = b.Out, b.ErrOut
	if err := s.Start(stop); err != nil {
		_ = c.Close()
		return nil, err
	}
	go func() { b.Done <- s.Wait() }()
	t.Cleanup(func() { _ = c.Close() })
	return b, nil
}

// Session logs in with key as user and opens a session (no terminal
// yet): the client and the session. The client closes when the test
// ends; errors end the test.
func Session(t testing.TB, addr string, key gossh.Signer, user string) (*gossh.Client, *gossh.Session) {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, clientConfig(user, key))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	return c, s
}

// clientConfig logs in as user with key, trusting the test's own host key.
func clientConfig(user string, key gossh.Signer) *gossh.ClientConfig {
	return &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second} //nolint:gosec // a test's own server
}

// WaitFor reports whether the board shows want within d.
func (b *Board) WaitFor(t testing.TB, want string, d time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if strings.Contains(b.Out.Text(), want) {
			return true
		}
	}
	return false
}

// OpenUntil retries a session for up to 30 s until the hub has a place
// for it and its board shows want.
func OpenUntil(t testing.TB, addr string, key gossh.Signer, stop, want string) *Board {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		b, err := Open(t, addr, key, stop)
		if err != nil {
			t.Fatal(err)
		}
		for end := time.Now().Add(20 * time.Second); time.Now().Before(end) && len(b.Done) == 0; time.Sleep(50 * time.Millisecond) {
			if strings.Contains(b.Out.Text(), want) {
				return b
			}
		}
		_ = b.Client.Close()
	}
	t.Fatalf("no session showed %q", want)
	return nil
}

// FinalLine is the last non-empty line of s.
func FinalLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\r\n "), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// Dial logs in with key from the loopback address local ("" for any),
// without a session.
func Dial(t testing.TB, addr string, key gossh.Signer, local string) (*gossh.Client, error) {
	t.Helper()
	d := net.Dialer{Timeout: 10 * time.Second}
	if local != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(local)}
	}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	_ = nc.SetDeadline(time.Now().Add(10 * time.Second))
	cc, chans, reqs, err := gossh.NewClientConn(nc, addr, clientConfig("station", key))
	if err != nil {
		_ = nc.Close()
		return nil, err
	}
	_ = nc.SetDeadline(time.Time{})
	c := gossh.NewClient(cc, chans, reqs)
	t.Cleanup(func() { _ = c.Close() })
	return c, nil
}

// RawSession opens a session channel whose output nobody reads unless
// the caller does: its window fills as the board draws.
func RawSession(t testing.TB, c *gossh.Client) gossh.Channel {
	t.Helper()
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	return ch
}

// PtyReq is the payload of a pty request for a terminal of cols×rows.
func PtyReq(cols, rows uint32) []byte {
	return gossh.Marshal(&struct {
		Term                      string
		Columns, Rows, PixW, PixH uint32
		Modes                     string
	}{Term: "xterm-256color", Columns: cols, Rows: rows, Modes: "\x00"})
}

// WinReq is the payload of a window-change to cols×rows.
func WinReq(cols, rows uint32) []byte {
	return gossh.Marshal(&struct{ Columns, Rows, PixW, PixH uint32 }{Columns: cols, Rows: rows})
}

// StartBoard asks ch for a pty of cols×rows and the board of stop.
func StartBoard(t testing.TB, ch gossh.Channel, cols, rows uint32, stop string) {
	t.Helper()
	if ok, err := ch.SendRequest("pty-req", true, PtyReq(cols, rows)); err != nil || !ok {
		t.Fatalf("pty-req %dx%d: %v %v", cols, rows, ok, err)
	}
	if ok, err := ch.SendRequest("exec", true, gossh.Marshal(&struct{ Cmd string }{stop})); err != nil || !ok {
		t.Fatalf("exec: %v %v", ok, err)
	}
}

// CPUTime is this process's user and system CPU time so far (the hub of
// Start runs in it).
func CPUTime(t testing.TB) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Hub is a hub serving boards over SSH on loopback, in this process.
type Hub struct {
	*hubtest.Running
	// Addr is the SSH address.
	Addr string
	// Key is the one authorized key.
	Key gossh.Signer
	// StateDir holds the host key.
	StateDir string
}

// Start runs a hub as abfahrt serve --ssh 127.0.0.1:0 does with its
// default flags (hubtest.Start), on the embedded simulation, with one
// authorized key; set changes the options first. The hub stops at the
// test's end unless Stop stopped it.
func Start(t testing.TB, set func(*hub.Options)) *Hub {
	t.Helper()
	h := &Hub{Key: Key(t), StateDir: t.TempDir()}
	keys := AuthorizedKeys(t, h.Key)
	h.Running = hubtest.Start(t, func(o *hub.Options) {
		o.SSH = sshhub.Options{
			Addr: "127.0.0.1:0", AuthorizedKeys: keys, MaxSessions: 100,
			Idle: sshhub.DefaultIdle, LoginGrace: sshhub.DefaultLoginGrace, MaxStartups: sshhub.DefaultMaxStartups,
			MaxStartupsPerIP: sshhub.DefaultMaxStartupsPerIP, Hyperlinks: "auto", StateDir: h.StateDir, Version: "test",
		}
		if set != nil {
			set(o)
		}
		if err := o.SSH.Check(h.StateDir); err != nil {
			t.Fatal(err)
		}
	})
	h.Addr = WaitLog(t, h.Log, sshServing)
	return h
}

var sshServing = regexp.MustCompile(`msg="ssh: serving" addr=(\S+)`)

// Get is the status and body of an HTTP GET of u.
func Get(t testing.TB, u string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(u) //nolint:gosec,noctx // a test's own loopback server
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// Metric is the value of the sample name (with its labels, as the text
// format writes them) on /metrics of the hub at root, 0 if absent.
func Metric(t testing.TB, root, name string) float64 {
	t.Helper()
	_, body := Get(t, root+"/metrics")
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	return 0
}

// WaitMetric waits up to d for the sample name to be want.
func WaitMetric(t testing.TB, root, name string, want float64, d time.Duration) {
	t.Helper()
	var got float64
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = Metric(t, root, name); got == want {
			return
		}
	}
	t.Fatalf("%s is %v after %v, want %v", name, got, d, want)
}

// Healthy asserts that the hub's /healthz answers 200.
func Healthy(t testing.TB, root string) {
	t.Helper()
	if status, body := Get(t, root+"/healthz"); status != http.StatusOK {
		t.Errorf("healthz: %d %s", status, body)
	}
}

// NoScreenControl fails t when out holds anything but plain lines, as the
// screen-reader mode writes them: an escape sequence (the alternate
// screen ESC[?1049h, a cursor position), box drawing, block elements
// (sparklines), braille or a control character other than newline.
func NoScreenControl(t testing.TB, out string) {
	t.Helper()
	if strings.ContainsRune(out, 0x1b) {
		i := strings.IndexRune(out, 0x1b)
		t.Errorf("output has an escape sequence at %d: %q", i, out[i:min(len(out), i+12)])
	}
	for _, r := range out {
		switch {
		case r >= 0x2500 && r <= 0x259f:
			t.Errorf("output draws box or block %q (U+%04X)", r, r)
			return
		case r >= 0x2800 && r <= 0x28ff:
			t.Errorf("output draws braille %q (U+%04X)", r, r)
			return
		case r == '\r' || (r < ' ' && r != '\n'):
			t.Errorf("output has control character %q", r)
			return
		}
	}
}
