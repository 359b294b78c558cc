//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// TestEndSignals: SIGHUP ends abfahrt like SIGINT and SIGTERM (the board
// restores the terminal), unless abfahrt was started with SIGHUP ignored
// (nohup), which it then respects.
func TestEndSignals(t *testing.T) {
	if signal.Ignored(syscall.SIGHUP) {
		t.Skip("the test itself runs with SIGHUP ignored")
	}
	ends := func(sig os.Signal) bool {
		for _, s := range endSignals() {
			if s == sig {
				return true
			}
		}
		return false
	}
	for _, s := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !ends(s) {
			t.Errorf("%v does not end abfahrt", s)
		}
	}
	signal.Ignore(syscall.SIGHUP)
	defer signal.Reset(syscall.SIGHUP)
	if ends(syscall.SIGHUP) {
		t.Error("SIGHUP ignored at start, yet it ends abfahrt")
	}
}
