package depfloor

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

var update = flag.Bool("update", false, "raise floor.txt to the versions go.mod names (never lowers one)")

const floorFile = "floor.txt"

// direct reads the direct requirements of the module's go.mod.
func direct(t *testing.T) map[string]string {
	t.Helper()
	path := filepath.Join("..", "..", "go.mod")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	out := map[string]string{}
	for _, r := range f.Require {
		if !r.Indirect {
			out[r.Mod.Path] = r.Mod.Version
		}
	}
	return out
}

// readFloor reads floor.txt: "module version" a line, # comments.
func readFloor(t *testing.T) map[string]string {
	t.Helper()
	fh, err := os.Open(floorFile)
	if err != nil {
		t.Fatalf("open %s: %v", floorFile, err)
	}
	defer func() { _ = fh.Close() }()
	out := map[string]string{}
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || !semver.IsValid(f[1]) {
			t.Fatalf("%s:%d: want \"module version\", got %q", floorFile, n, line)
		}
		out[f[0]] = f[1]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeFloor(t *testing.T, floor map[string]string) {
	t.Helper()
	paths := make([]string, 0, len(floor))
	for p := range floor {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	b.WriteString("# The lowest version of each direct dependency abfahrt accepts: go.mod may\n")
	b.WriteString("# name these or newer, never older (see doc.go). Raise with:\n")
	b.WriteString("#   go test ./internal/depfloor -run TestFloor -update\n")
	for _, p := range paths {
		fmt.Fprintf(&b, "%s %s\n", p, floor[p])
	}
	if err := os.WriteFile(floorFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFloor fails when an upgrade lowered a direct dependency, or when a
// direct dependency has no recorded floor.
func TestFloor(t *testing.T) {
	req := direct(t)
	floor := readFloor(t)
	if *update {
		for p, v := range req {
			if old, ok := floor[p]; !ok || semver.Compare(v, old) > 0 {
				floor[p] = v
			}
		}
		for p := range floor {
			if _, ok := req[p]; !ok {
				delete(floor, p)
			}
		}
		writeFloor(t, floor)
		floor = readFloor(t)
	}
	for p, v := range req {
		min, ok := floor[p]
		switch {
		case !ok:
			t.Errorf("%s %s is a direct dependency without a floor in %s: run go test ./internal/depfloor -run TestFloor -update", p, v, floorFile)
		case semver.Compare(v, min) < 0:
			t.Errorf("%s went DOWN: go.mod names %s, older than its floor %s; an upgrade must never lower a dependency (a module list can be partial: ask the proxy for the exact version)", p, v, min)
		}
	}
	for p := range floor {
		if _, ok := req[p]; !ok {
			t.Errorf("%s has a floor in %s but is no direct dependency: run with -update to drop it", p, floorFile)
		}
	}
}

// TestSemverOrdersPseudoVersions pins what the floor relies on: a
// pseudo-version of a later commit compares as newer.
func TestSemverOrdersPseudoVersions(t *testing.T) {
	older := "v0.0.0-20221117183211-483d43d97103"
	newer := "v0.0.0-20250128164007-98fd5ae11894"
	if semver.Compare(newer, older) <= 0 || semver.Compare("v1.1.1", "v1.4.7") >= 0 {
		t.Fatal("semver does not order these versions as the floor expects")
	}
}
