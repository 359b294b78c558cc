//go:build unix

package tui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// A pin made just before q is in pins.json when abfahrt has ended, even
// when its write could not finish before the end: here another abfahrt
// holds the file's lock for a moment, so the write in the background
// waits, and the end writes it and waits for the lock (before, the pin was
// lost with the write the end cut short).
func TestQuitRightAfterAPinKeepsIt(t *testing.T) {
	dir := t.TempDir()
	lock, err := os.OpenFile(filepath.Join(dir, "pins.json.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	fd := int(lock.Fd()) //nolint:gosec // a file descriptor fits an int
	if err := syscall.Flock(fd, syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	in, keys := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(t.Context(), app.Options{Source: testkit.NewFakeSource(), StateDir: dir,
			Now: func() time.Time { return testkit.T0 }}, in, io.Discard)
	}()
	time.Sleep(500 * time.Millisecond) // the board is up
	if _, err := keys.Write([]byte("p")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := keys.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(400*time.Millisecond, func() { _ = syscall.Flock(fd, syscall.LOCK_UN) })
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("abfahrt did not end after q")
	}
	data, err := os.ReadFile(filepath.Join(dir, "pins.json"))
	if err != nil || !strings.Contains(string(data), `"stop": 1008`) {
		t.Fatalf("pins.json right after the end: %s, %v; want the pin of 1008", data, err)
	}
}
