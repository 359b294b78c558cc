package progress

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"abfahrt/internal/ptytest"
)

// Issue 38 item 5: a wait of more than a second (stats over a large
// database) says what it waits for and the seconds gone, in one line
// on a terminal that goes when the wait ends; a quick wait says nothing.
func TestWaitProgressOnATerminal(t *testing.T) {
	master, tty, err := ptytest.Open(80, 24)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { _ = tty.Close(); _ = master.Close() })
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
	p := NewLine(tty)
	if p == nil {
		t.Fatal("a terminal is not taken for one")
	}
	stop := Wait(p, "counting over 5,000 departures")
	time.Sleep(300 * time.Millisecond)
	stop()
	time.Sleep(100 * time.Millisecond)
	if s := read(); s != "" {
		t.Errorf("a quick wait wrote %q", s)
	}
	stop = Wait(p, "counting over 5,000 departures")
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
		if NewLine(out) != nil {
			t.Errorf("%T is taken for a terminal", out)
		}
	}
}
