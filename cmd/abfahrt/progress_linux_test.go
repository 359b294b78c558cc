package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the program's side (a terminal) and
// the side that reads what it wrote.
func openPTY(t *testing.T) (tty, master *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(); _ = m.Close() })
	return s, m
}

// Issue 38 item 5: a wait of more than a second (stats over a large
// database) says what it waits for and the seconds gone, in one line
// on a terminal that goes when the wait ends; a quick wait says nothing.
func TestWaitProgressOnATerminal(t *testing.T) {
	tty, master := openPTY(t)
	var mu sync.Mutex
	var got bytes.Buffer
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := master.Read(b)
			mu.Lock()
			got.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	read := func() string { mu.Lock(); defer mu.Unlock(); return got.String() }
	p := newProgressLine(tty)
	if p == nil {
		t.Fatal("a terminal is not taken for one")
	}
	stop := waitProgress(p, "counting over 5,000 departures")
	time.Sleep(300 * time.Millisecond)
	stop()
	time.Sleep(100 * time.Millisecond)
	if s := read(); s != "" {
		t.Errorf("a quick wait wrote %q", s)
	}
	stop = waitProgress(p, "counting over 5,000 departures")
	time.Sleep(1700 * time.Millisecond)
	stop()
	time.Sleep(100 * time.Millisecond)
	s := read()
	if !strings.Contains(s, "\r\x1b[Kabfahrt: counting over 5,000 departures, 1s") || !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("the wait's line on the terminal: %q", s)
	}
}

// Piped or redirected, nothing is written: no progress line off a
// terminal.
func TestNoProgressOffATerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close(); _ = w.Close() }()
	for _, out := range []io.Writer{w, &bytes.Buffer{}, io.Discard} {
		if newProgressLine(out) != nil {
			t.Errorf("%T is taken for a terminal", out)
		}
	}
	code, _, errs := runCLI(t, "stats", "--db", t.TempDir()+"/h.db")
	if strings.Contains(errs, "counting") || strings.ContainsRune(errs, '\r') {
		t.Errorf("stats piped writes progress (exit %d): %q", code, errs)
	}
}
