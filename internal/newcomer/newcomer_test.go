// Package newcomer tests what someone new to abfahrt meets first: the
// Makefile's two commands on a machine that has never built it.
package newcomer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// makeBuild runs `make build` in the repository with env added and
// returns its output. Its go is the real one but for `go build`, which
// does nothing here: what is tested is the line before the build, not
// minutes of compiling into an empty cache.
func makeBuild(t *testing.T, env ...string) string {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	wrap := filepath.Join(t.TempDir(), "go")
	script := "#!/bin/sh\ncase \"$1\" in build) echo go build; exit 0;; esac\nexec " + goBin + " \"$@\"\n"
	if err := os.WriteFile(wrap, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "-s", "build", "BIN="+t.TempDir(), "GO="+wrap)
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// Issue 38 item 5: on a cold module cache `make run` (its build) says
// first, in one line, that it fetches modules and compiles, and about
// how long; with an empty build cache that it compiles.
func TestColdBuildSaysWhatItDoes(t *testing.T) {
	out := makeBuild(t, "GOMODCACHE="+t.TempDir(), "GOCACHE="+t.TempDir(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	first, _, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(first, "make: first build on this machine: fetching the Go modules") || !strings.Contains(first, "minutes") {
		t.Errorf("a cold module cache: the first line is %q, want what it fetches and how long", first)
	}
	gomod, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	out = makeBuild(t, "GOMODCACHE="+strings.TrimSpace(string(gomod)), "GOCACHE="+t.TempDir(), "GOPROXY=off")
	if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, "make: compiling abfahrt and its modules for the first time") {
		t.Errorf("a cold build cache: the first line is %q", first)
	}
}

// A warm machine builds without the line.
func TestWarmBuildSaysNothingMore(t *testing.T) {
	if out := makeBuild(t); out != "go build\n" {
		t.Errorf("a warm build says %q", out)
	}
}
