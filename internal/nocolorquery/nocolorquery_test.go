//go:build linux

package nocolorquery_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	_ "abfahrt/internal/nocolorquery"
	"abfahrt/internal/ptytest"
)

// childEnv marks the copy of this test binary that runs on the
// pseudo-terminal: by the time TestMain runs, every package init (Bubble
// Tea's colour query included) has run, so it only has to exit.
const childEnv = "ABFAHRT_NOCOLORQUERY_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		_ = tea.Quit // Bubble Tea is linked in, so its init ran
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestNoColorQuery starts a program that links Bubble Tea on a terminal
// that answers nothing, like a serial console, and reads everything the
// program wrote to it: no background colour query (OSC 11) and no cursor
// position report request, so nothing waits for an answer that never
// comes (termenv waits 5 s).
func TestNoColorQuery(t *testing.T) {
	master, slave, err := ptytest.Open(80, 24)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer func() { _ = master.Close() }()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	ptytest.Attach(cmd, slave)
	env := []string{childEnv + "=1", "TERM=xterm-256color"}
	for _, kv := range os.Environ() {
		// CI=... makes termenv skip the query; the test is about a terminal.
		if !strings.HasPrefix(kv, "CI=") && !strings.HasPrefix(kv, "TERM=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	_ = slave.Close()
	// The master reads until the child has exited and closed the slave
	// (EIO); the deadline only keeps a broken run from hanging.
	_ = master.SetReadDeadline(time.Now().Add(30 * time.Second))
	var out bytes.Buffer
	_, err = io.Copy(&out, master)
	if err != nil && !errors.Is(err, syscall.EIO) {
		t.Errorf("reading the terminal: %v", err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v; it wrote %q", err, out.String())
	}
	for _, q := range []string{"\x1b]11;?", "\x1b]10;?", "\x1b[6n"} {
		if strings.Contains(out.String(), q) {
			t.Errorf("the program asked the terminal %q; it wrote %q", q, out.String())
		}
	}
}
