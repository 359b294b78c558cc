package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLogUnwritableStateDirWarns: --log with a state directory that
// cannot be created (its parent is a file; chmod would not stop root)
// says so once on stderr and the command still runs.
func TestLogUnwritableStateDirWarns(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_STATE_HOME", file)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"--log", "stops", "ehinger"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit code %d, want 0; stderr: %s", code, stderr.String())
	}
	if n := strings.Count(stderr.String(), "warning: --log"); n != 1 {
		t.Errorf("%d warnings about the log, want 1; stderr: %q", n, stderr.String())
	}
	if stdout.Len() == 0 {
		t.Error("the command printed nothing")
	}
}
