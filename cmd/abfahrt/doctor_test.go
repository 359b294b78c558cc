package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"abfahrt/internal/doctor"
)

// doctorEnv gives doctor a home of its own, a UTF-8 locale and no
// configuration file.
func doctorEnv(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("ABFAHRT_CONFIG", "")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "")
	t.Setenv("LANG", "C.UTF-8")
	return home
}

// lineOf is doctor's line about what, "" if none.
func lineOf(out, what string) string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.HasPrefix(strings.TrimSpace(l[len(f[0]):]), what+" ") {
			return l
		}
	}
	return ""
}

// Issue 38 item 6: on a machine where all is well (the embedded
// simulation, a writable state directory) every line says ✓ but the
// terminal's (its output is no terminal here), and doctor exits 0; with a
// recorded history it says what that holds.
func TestDoctorAllWell(t *testing.T) {
	doctorEnv(t)
	code, out, errs := runCLI(t, "doctor")
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, what := range []string{"locale", "configuration", "data service", "version", "service clock", "state", "history"} {
		if l := lineOf(out, what); !strings.HasPrefix(l, "✓") {
			t.Errorf("%s: %q, want ✓\n%s", what, l, out)
		}
	}
	if l := lineOf(out, "terminal"); !strings.HasPrefix(l, "!") || !strings.Contains(l, "not a terminal") {
		t.Errorf("terminal: %q", l)
	}
	if code, _, errs := runCLI(t, "record", "--stop", "1008", "--for", "1s"); code != exitOK {
		t.Fatalf("record: exit %d: %s", code, errs)
	}
	_, out, _ = runCLI(t, "doctor")
	if l := lineOf(out, "history"); !regexp.MustCompile(`^✓ +history +\S+history\.db, [0-9.]+ MB, \d+ departures? from `).MatchString(l) {
		t.Errorf("history after recording: %q", l)
	}
}

// Issue 38 item 6: what blocks abfahrt is a ✗ line that says what to do,
// every other check still runs, and the exit code is 1: a broken
// configuration file, a service that does not answer, a state directory
// that cannot be made.
func TestDoctorSaysWhatBlocks(t *testing.T) {
	home := doctorEnv(t)
	bad := filepath.Join(home, "bad.toml")
	if err := os.WriteFile(bad, []byte("theme = [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "doctor", "--config", bad)
	if code != exitFailure || !strings.HasPrefix(lineOf(out, "configuration"), "✗") || !strings.Contains(lineOf(out, "configuration"), "bad.toml") {
		t.Errorf("a broken configuration: exit %d, %q\n%s", code, errs, out)
	}
	if lineOf(out, "state") == "" || lineOf(out, "history") == "" {
		t.Errorf("the checks after the configuration did not run:\n%s", out)
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	_ = l.Close() // nothing listens there now
	code, out, _ = runCLI(t, "doctor", "--api", "http://"+closed+"/mobility/v1")
	if s := lineOf(out, "data service"); code != exitFailure || !strings.HasPrefix(s, "✗") || !strings.Contains(s, "check --api") {
		t.Errorf("a service that does not answer: exit %d, %q", code, s)
	}

	file := filepath.Join(home, "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_STATE_HOME", filepath.Join(file, "state"))
	code, out, errs = runCLI(t, "doctor")
	if s := lineOf(out, "state"); code != exitFailure || !strings.HasPrefix(s, "✗") || !strings.Contains(s, "XDG_STATE_HOME") {
		t.Errorf("a state directory that cannot be made: exit %d, %q", code, s)
	}
	if !strings.Contains(errs, "abfahrt: doctor: ") {
		t.Errorf("no closing error line: %q", errs)
	}
}

// Issue 38 item 6: on a terminal doctor says its size and colours and
// shows the sample line to look at; a terminal too small for a board
// blocks.
func TestDoctorTerminal(t *testing.T) {
	doctorEnv(t)
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("NO_COLOR", "")
	t.Setenv("COLORTERM", "")
	for _, c := range []struct {
		w, h int
		mark string
		code int
	}{{100, 30, "✓", exitOK}, {20, 6, "✗", exitFailure}} {
		tty, master := openPTY(t)
		if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Col: uint16(c.w), Row: uint16(c.h)}); err != nil {
			t.Fatal(err)
		}
		got := make(chan string)
		go func() {
			var b bytes.Buffer
			buf := make([]byte, 4096)
			for {
				n, err := master.Read(buf)
				b.Write(buf[:n])
				if err != nil || strings.Contains(b.String(), "history ") {
					got <- b.String()
					return
				}
			}
		}()
		var errb bytes.Buffer
		code := run(context.Background(), []string{"doctor"}, strings.NewReader(""), tty, &errb)
		var out string
		select {
		case out = <-got:
		case <-time.After(5 * time.Second):
			t.Fatal("nothing read from the terminal")
		}
		out = strings.ReplaceAll(out, "\r\n", "\n")
		if l := lineOf(out, "terminal"); code != c.code || !strings.HasPrefix(l, c.mark) || !strings.Contains(l, strconv.Itoa(c.w)+"×"+strconv.Itoa(c.h)) {
			t.Errorf("%d×%d: exit %d, %q\n%s", c.w, c.h, code, l, out)
		}
		if l := lineOf(out, "colours"); !strings.Contains(l, "256") {
			t.Errorf("colours: %q", l)
		}
		if !strings.Contains(out, doctor.Sample) || !strings.Contains(out, "look at this line") {
			t.Errorf("no sample line to look at:\n%s", out)
		}
	}
}
