package tui

import (
	"context"
	"testing"
	"time"

	"abfahrt/internal/ptytest"
)

// TestWatchTerminalNoticesHangup: the terminal emulator closes (the pty's
// master end) while the board runs with SIGHUP ignored; the watcher says
// the terminal is gone. While it is open, it says nothing.
func TestWatchTerminalNoticesHangup(t *testing.T) {
	master, slave, err := ptytest.Open(80, 24)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer func() { _ = slave.Close() }()
	if ttyGone(slave.Fd()) {
		t.Fatal("an open terminal reads as gone")
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	gone := make(chan struct{})
	watchTerminal(ctx, []uintptr{slave.Fd()}, func() { close(gone) })
	_ = master.Close()
	select {
	case <-gone:
	case <-time.After(30 * time.Second): // a failsafe, not a speed bound
		t.Fatal("the watcher never noticed that the terminal was gone")
	}
	if !ttyGone(slave.Fd()) {
		t.Error("a hung-up terminal does not read as gone")
	}
}
