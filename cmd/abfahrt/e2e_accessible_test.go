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

// TestE2EAccessibleWritesOnlyLines runs the real binary's screen-reader
// mode in a real terminal (tmux) and reads back every byte it wrote to the
// terminal (pipe-pane): no alternate screen (ESC[?1049h), no cursor
// addressing, no escape sequence at all, no box drawing, block elements
// or braille; only lines, and the commands typed at it work.
func TestE2EAccessibleWritesOnlyLines(t *testing.T) {
	tm := newTerm(t, 120, 40)
	bin := os.Getenv("ABFAHRT_BIN")
	home := t.TempDir()
	raw := filepath.Join(t.TempDir(), "bytes")
	win := tm.name + ":acc"
	tm.tmux("new-window", "-t", tm.name, "-n", "acc", "env", "-i", "HOME="+home, "XDG_CACHE_HOME="+home+"/c", "XDG_CONFIG_HOME="+home+"/k",
		"XDG_STATE_HOME="+home+"/s", "TERM=xterm-256color", "LANG=C.UTF-8",
		"sh", "-c", "sleep 1; "+bin+" --accessible --stop 1008 --lang de; echo exit status $?; sleep 60")
	tm.tmux("pipe-pane", "-t", win, "-o", "cat > "+raw)
	screen := func() string { return tm.tmux("capture-pane", "-p", "-t", win) }
	wait := func(re string) string {
		t.Helper()
		rx := regexp.MustCompile(re)
		for end := time.Now().Add(15 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if s := screen(); rx.MatchString(s) {
				return s
			}
		}
		t.Fatalf("no %q on the screen:\n%s", re, screen())
		return ""
	}
	wait(`Abfahrten ab Hauptbahnhof:\n(\d+: Linie \S+ nach .*\.\n){10}`)
	tm.tmux("send-keys", "-t", win, "-l", "hilfe")
	tm.tmux("send-keys", "-t", win, "Enter")
	wait(`Befehle:\nhalt NAME oder NUMMER`)
	tm.tmux("send-keys", "-t", win, "-l", "halt ehinger tor")
	tm.tmux("send-keys", "-t", win, "Enter")
	wait(`Abfahrten ab Ehinger Tor:\n(\d+: Linie \S+ nach .*\.\n)+`)
	tm.tmux("send-keys", "-t", win, "-l", "ende")
	tm.tmux("send-keys", "-t", win, "Enter")
	wait(`Auf Wiedersehen\.`)
	time.Sleep(300 * time.Millisecond)
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("Abfahrten ab Hauptbahnhof:")) {
		t.Fatalf("pipe-pane caught none of the output: %q", b)
	}
	if i := bytes.IndexByte(b, 0x1b); i >= 0 {
		t.Errorf("the terminal got an escape sequence: %q", b[i:min(len(b), i+12)])
	}
	for _, r := range string(b) {
		if (r >= 0x2500 && r <= 0x259f) || (r >= 0x2800 && r <= 0x28ff) {
			t.Errorf("the terminal got %q (U+%04X): box drawing, a block or braille", r, r)
			break
		}
	}
	t.Logf("%d bytes, %d lines, the last: %q", len(b), bytes.Count(b, []byte("\n")), lastLine(strings.TrimSpace(string(b))))
}
