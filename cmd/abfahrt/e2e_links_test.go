//go:build e2e

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestE2EHyperlinks runs the real binary in a real terminal (tmux) with
// [links] templates and reads back every byte it wrote (pipe-pane): with
// --hyperlinks always the stop's name and the vehicles' numbers come as
// OSC 8 links to the templates' URLs, each ended by ST and closed before
// the cursor moves; by default, inside tmux (TMUX set by tmux itself, even
// with a terminal known to show links named outside it), not one.
func TestE2EHyperlinks(t *testing.T) {
	tm := newTerm(t, 120, 40)
	bin := os.Getenv("ABFAHRT_BIN")
	home := t.TempDir()
	cfg := filepath.Join(home, "config.toml")
	if err := os.WriteFile(cfg, []byte("[links]\nstop = \"https://example.org/stop/{stop}?n={name}\"\nvehicle = \"https://example.org/vehicle/{vehicle}\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(name string, env []string, args ...string) []byte {
		t.Helper()
		raw := filepath.Join(home, name+".bytes")
		win := tm.name + ":" + name
		nw := []string{"new-window", "-d", "-t", tm.name, "-n", name}
		for _, e := range append(env, "HOME="+home, "XDG_CACHE_HOME="+home+"/c", "XDG_CONFIG_HOME="+home+"/k", "XDG_STATE_HOME="+home+"/s", "LANG=C.UTF-8") {
			nw = append(nw, "-e", e)
		}
		// Not env -i: the window keeps what tmux gives it (TMUX, its TERM).
		nw = append(nw, "sh", "-c", "sleep 1; "+bin+" --config "+cfg+" "+strings.Join(args, " ")+"; sleep 60")
		tm.tmux(nw...)
		tm.tmux("pipe-pane", "-t", win, "-o", "cat > "+raw)
		screen := func() string { return tm.tmux("capture-pane", "-p", "-t", win) }
		for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if s := screen(); regexp.MustCompile(`Hauptbahnhof · Departures[^\n]*\n(.*\n){2,}.*\d+\s*\n`).MatchString(s) {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("%s: no board on the screen:\n%s", name, screen())
			}
		}
		time.Sleep(2 * time.Second) // the base data: the stop's name for {name}
		tm.tmux("send-keys", "-t", win, "q")
		time.Sleep(500 * time.Millisecond)
		tm.tmux("pipe-pane", "-t", win) // the capture ends
		time.Sleep(300 * time.Millisecond)
		b, err := os.ReadFile(raw)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte("Hauptbahnhof")) {
			t.Fatalf("%s: pipe-pane caught none of the board: %q", name, b)
		}
		return b
	}

	on := run("always", nil, "--hyperlinks", "always")
	if !bytes.Contains(on, []byte("\x1b]8;;https://example.org/stop/1008?n=Hauptbahnhof\x1b\\")) {
		t.Errorf("--hyperlinks always: the stop is not linked:\n%q", cutBytes(on, 800))
	}
	veh := regexp.MustCompile("\x1b\\]8;;https://example\\.org/vehicle/([0-9]+)\x1b\\\\(?:\x1b\\[[0-9;]*m)*([0-9]+)\x1b\\]8;;\x1b\\\\")
	ms := veh.FindAllSubmatch(on, -1)
	if len(ms) < 5 {
		t.Errorf("--hyperlinks always: %d vehicle numbers linked, want the VEH column's", len(ms))
	}
	for _, m := range ms {
		if !bytes.Equal(m[1], m[2]) {
			t.Errorf("vehicle %s linked to the URL of %s", m[2], m[1])
		}
	}
	// Every link ends with ST, and none is open when the cursor moves or
	// a line ends.
	open := false
	for i := 0; i < len(on); i++ {
		switch {
		case bytes.HasPrefix(on[i:], []byte("\x1b]8;;")):
			end := bytes.Index(on[i:], []byte("\x1b\\"))
			bel := bytes.IndexByte(on[i:], '\a')
			if end < 0 || bel >= 0 && bel < end {
				t.Fatalf("an OSC 8 not ended by ST: %q", cutBytes(on[i:], 80))
			}
			open = end > len("\x1b]8;;")
			i += end + 1
		case open && (on[i] == '\r' || on[i] == '\n'):
			t.Fatalf("a line end with a link open: %q", cutBytes(on[max(0, i-60):], 120))
		case open && on[i] == 0x1b && !regexp.MustCompile(`^\x1b\[[0-9;]*m`).Match(on[i:]):
			t.Fatalf("%q with a link open", cutBytes(on[i:], 12))
		}
	}
	if open {
		t.Error("a link is left open at the end")
	}
	t.Logf("always: %d bytes, %d links opened", len(on), bytes.Count(on, []byte("\x1b]8;;h")))

	off := run("auto", []string{"TERM_PROGRAM=WezTerm", "KITTY_WINDOW_ID=1"})
	if i := bytes.Index(off, []byte("\x1b]8")); i >= 0 {
		t.Errorf("default inside tmux: an OSC 8 written: %q", cutBytes(off[i:], 80))
	}
	never := run("never", []string{"TERM=xterm-kitty"}, "--hyperlinks", "never")
	if bytes.Contains(never, []byte("\x1b]8")) {
		t.Error("--hyperlinks never: an OSC 8 written")
	}
}

func cutBytes(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}
