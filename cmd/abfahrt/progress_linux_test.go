package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

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

// Piped, stats writes no progress line.
func TestNoProgressOffATerminal(t *testing.T) {
	code, _, errs := runCLI(t, "stats", "--db", t.TempDir()+"/h.db")
	if strings.Contains(errs, "counting") || strings.ContainsRune(errs, '\r') {
		t.Errorf("stats piped writes progress (exit %d): %q", code, errs)
	}
}
