package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/internal/sshhub"
	"abfahrt/internal/sshhub/sshtest"
)

// The SSH hub's behaviour is tested in internal/sshhub; here what the
// flags, the environment and the configuration of abfahrt serve give it.

// hubWithKey starts abfahrt serve --ssh (and args) with one authorized
// key and returns the SSH address, the key, the log and the stop.
func hubWithKey(t *testing.T, args ...string) (string, gossh.Signer, *lockedBuffer, func() int) {
	t.Helper()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	key := sshtest.Key(t)
	keys := sshtest.AuthorizedKeys(t, key)
	_, errb, stop, code := startServe(t, append([]string{"--ssh", "127.0.0.1:0", "--ssh-authorized-keys", keys}, args...)...)
	addr := sshtest.WaitLog(t, errb, regexp.MustCompile(`msg="ssh: serving" addr=(\S+)`))
	if _, err := os.Stat(filepath.Join(state, "abfahrt", sshhub.HostKeyName)); err != nil {
		t.Errorf("no host key in the state directory: %v", err)
	}
	return addr, key, errb, func() int { stop(); return <-code }
}

// abfahrt serve's --ssh flags reach the hub: the host key is kept in
// $XDG_STATE_HOME/abfahrt, --ssh-max-sessions caps the sessions (a second
// one is told and refused), a session open at SIGTERM is told, and a
// negative --ssh-idle is a usage error (exit 2).
func TestServeSSHFlags(t *testing.T) {
	addr, key, errb, stop := hubWithKey(t, "--ssh-max-sessions", "1", "--ssh-idle", "0")
	first := sshtest.OpenUntil(t, addr, key, "1008", "Hauptbahnhof")
	second, err := sshtest.Open(t, addr, key, "1350")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-second.Done:
		var ee *gossh.ExitError
		if !errors.As(err, &ee) || ee.ExitStatus() != 1 || !strings.Contains(second.ErrOut.Text(), "the only session is in use") {
			t.Errorf("second session: %v, stderr %q", err, second.ErrOut.Text())
		}
	case <-time.After(30 * time.Second):
		t.Error("the second session was not refused at --ssh-max-sessions 1")
	}
	if c := stop(); c != exitOK {
		t.Errorf("exit %d:\n%s", c, errb.String())
	}
	select {
	case <-first.Done:
		if !strings.Contains(first.Out.Text(), "shutting down") {
			t.Errorf("a session at shutdown was not told: %q", sshtest.FinalLine(first.Out.Text()))
		}
	case <-time.After(20 * time.Second):
		t.Error("the session outlived the hub")
	}
	if c, _, errs := runCLI(t, "serve", "--ssh", "127.0.0.1:0", "--ssh-idle", "-1s"); c != exitUsage || !strings.Contains(errs, "--ssh-idle") {
		t.Errorf("--ssh-idle -1s: exit %d %s", c, errs)
	}
}
