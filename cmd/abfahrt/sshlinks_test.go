package main

import (
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
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
		b, err := openBoardTerm(t, addr, key, "1350", term)
		if err != nil {
			t.Fatal(err)
		}
		if !b.waitFor(t, "Departures", 20*time.Second) {
			t.Fatalf("%s: no board: %q", term, b.out.text())
		}
		time.Sleep(time.Second)
		b.client.Close()
		return b.out.raw()
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

// Issue 26 item 5 over SSH: a session's board names itself in its
// client's window title (OSC 2, ended by ST) once it has data, and saves
// and gives back the client's own title.
func TestServeSSHWindowTitle(t *testing.T) {
	addr, key, _, stop := hubWithKey(t)
	defer stop()
	b, err := openBoardTerm(t, addr, key, "1350", "xterm-256color")
	if err != nil {
		t.Fatal(err)
	}
	if !b.waitFor(t, "Departures", 20*time.Second) {
		t.Fatalf("no board: %q", b.out.text())
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(b.out.raw(), "\x1b]2;Ehinger Tor · ") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	out := b.out.raw()
	b.client.Close()
	if !strings.Contains(out, "\x1b[22;0t") || !strings.Contains(out, "\x1b]2;Ehinger Tor · ") {
		t.Errorf("the session's title is not set (or the client's not saved): %q", out[:min(len(out), 400)])
	}
}
