package sshhub_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/hub"
	"abfahrt/internal/sshhub"
	"abfahrt/internal/sshhub/sshtest"
	"abfahrt/internal/usage"
)

// abfahrt serve --ssh: 20 sessions each see the board they asked for, a
// 21st is refused at the cap, an unknown key is refused, the places of
// sessions that left are free again, and a session open at shutdown is
// told; the host key is kept in the state directory.
func TestServeSSHBoards(t *testing.T) {
	// All 20 log in at once from one address: over the default of 10
	// logins in progress from one address.
	h := sshtest.Start(t, func(o *hub.Options) { o.SSH.MaxSessions = 20; o.SSH.MaxStartupsPerIP = 20 })
	addr, key, errb, stop := h.Addr, h.Key, h.Log, h.Stop
	if _, err := os.Stat(filepath.Join(h.StateDir, sshhub.HostKeyName)); err != nil {
		t.Errorf("no host key in the state directory: %v", err)
	}
	stops := map[string]string{"1008": "Hauptbahnhof", "1350": "Ehinger Tor", "1240": "Universität Süd", "1010": "Theater", "1200": "Eselsberg Hasenkopf"}
	order := []string{"1008", "1350", "1240", "1010", "1200"}
	boards := make([]*sshtest.Board, 20)
	var wg sync.WaitGroup
	for i := range boards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := sshtest.Open(t, addr, key, order[i%5])
			if err != nil {
				t.Errorf("session %d: %v", i, err)
				return
			}
			boards[i] = b
			if name := stops[order[i%5]]; !b.WaitFor(t, name, 60*time.Second) {
				t.Errorf("session %d (stop %s) never showed %q:\n%s", i, order[i%5], name, b.Out.Text())
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	// The cap: a 21st session is told and refused.
	extra, err := sshtest.Open(t, addr, key, "1008")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-extra.Done:
		var ee *gossh.ExitError
		if !errors.As(err, &ee) || ee.ExitStatus() != 1 || !strings.Contains(extra.ErrOut.Text(), "all 20 sessions are in use") {
			t.Errorf("21st session: %v, stderr %q", err, extra.ErrOut.Text())
		}
	case <-time.After(30 * time.Second):
		t.Error("the 21st session was not refused")
	}

	// An unknown key is refused at login.
	if b, err := sshtest.Open(t, addr, sshtest.Key(t), "1008"); err == nil || !strings.Contains(err.Error(), "unable to authenticate") {
		t.Errorf("unknown key: %v (session %v)", err, b != nil)
	}

	// The places of sessions that left are free again.
	for _, b := range boards {
		b.Client.Close()
	}
	again := sshtest.OpenUntil(t, addr, key, "1350", "Ehinger Tor")

	if c := stop(); c != nil {
		t.Errorf("stop: %v\n%s", c, errb.String())
	}
	select {
	case <-again.Done:
		if !strings.Contains(again.Out.Text(), "shutting down") {
			t.Errorf("a session at shutdown was not told: %q", sshtest.FinalLine(again.Out.Text()))
		}
	case <-time.After(20 * time.Second):
		t.Error("the session outlived the hub")
	}
}

// A board is watched, not typed at: a session where nobody presses a key
// keeps its board well past --ssh-idle, and the board goes on updating.
func TestServeSSHIdleKeepsWatchedBoard(t *testing.T) {
	h := sshtest.Start(t, func(o *hub.Options) { o.SSH.MaxSessions = 1; o.SSH.Idle = 1 * time.Second })
	addr, key, errb, stop := h.Addr, h.Key, h.Log, h.Stop
	b := sshtest.OpenUntil(t, addr, key, "1008", "Hauptbahnhof")
	select {
	case err := <-b.Done:
		t.Fatalf("a watched session ended after the idle time: %v, %q\n%s", err, sshtest.FinalLine(b.Out.Text()), errb.String())
	case <-time.After(4 * time.Second):
	}
	// Still drawn: a resize is answered with a new frame.
	n := len(b.Out.Text())
	if err := b.Sess.WindowChange(32, 110); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); len(b.Out.Text()) == n; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the board did not redraw after 4 s without a key")
		}
	}
	if c := stop(); c != nil {
		t.Errorf("stop: %v", c)
	}
}

// --ssh-idle 0 means never; a negative one is refused.
func TestServeSSHIdleZero(t *testing.T) {
	h := sshtest.Start(t, func(o *hub.Options) { o.SSH.Idle = 0 })
	addr, key, stop := h.Addr, h.Key, h.Stop
	sshtest.OpenUntil(t, addr, key, "1008", "Hauptbahnhof")
	stop()
	o := sshhub.Options{Addr: "127.0.0.1:0", MaxSessions: 1, Idle: -time.Second, LoginGrace: time.Second, MaxStartups: 1, MaxStartupsPerIP: 1}
	if err := o.Check(t.TempDir()); !usage.Is(err) || !strings.Contains(err.Error(), "--ssh-idle") {
		t.Errorf("--ssh-idle -1s: %v, want a usage error naming --ssh-idle", err)
	}
}
