package main

import (
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"abfahrt/internal/sshhub/sshtest"
)

// Issue 26 item 6 over SSH: a session's own terminal decides --hyperlinks
// auto (the TERM its client sends), not the hub's; the hub's
// --hyperlinks never forces them off.
func TestServeSSHHyperlinks(t *testing.T) {
	cfg := writeConfig(t, "[links]\nstop = \"https://example.org/stop/{stop}\"\nvehicle = \"https://example.org/vehicle/{vehicle}\"\n")
	t.Setenv("ABFAHRT_CONFIG", cfg)
	t.Setenv("TMUX", "") // the hub's own terminal is not the sessions'
	const link = "\x1b]8;;https://example.org/stop/1350\x1b\\"
	session := func(addr string, key gossh.Signer, term string) string {
		t.Helper()
		b, err := sshtest.OpenTerm(t, addr, key, "1350", term)
		if err != nil {
			t.Fatal(err)
		}
		if !b.WaitFor(t, "Departures", 20*time.Second) {
			t.Fatalf("%s: no board: %q", term, b.Out.Text())
		}
		time.Sleep(time.Second)
		b.Client.Close()
		return b.Out.Raw()
	}
	addr, key, _, stop := hubWithKey(t)
	if out := session(addr, key, "xterm-kitty"); !strings.Contains(out, link) {
		t.Errorf("a kitty client: the stop is not linked: %q", out[:min(len(out), 600)])
	}
	if out := session(addr, key, "tmux-256color"); strings.Contains(out, "\x1b]8;") {
		t.Errorf("a client inside tmux got links")
	}
	stop()
	addr, key, _, stop = hubWithKey(t, "--hyperlinks", "never")
	if out := session(addr, key, "xterm-kitty"); strings.Contains(out, "\x1b]8;") || !strings.Contains(out, "Departures") {
		t.Errorf("serve --hyperlinks never: a kitty client got links")
	}
	stop()
}
