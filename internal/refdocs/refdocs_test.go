package refdocs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"abfahrt/internal/config"
	"abfahrt/internal/refdocs"
)

// tree is a small command tree: abfahrt with stops --limit.
func tree() *cobra.Command {
	root := &cobra.Command{Use: "abfahrt", Short: "a departure board", Run: func(*cobra.Command, []string) {}}
	stops := &cobra.Command{Use: "stops", Short: "list the stops", Run: func(*cobra.Command, []string) {}}
	stops.Flags().Int("limit", 10, "at most this many stops")
	root.AddCommand(stops)
	return root
}

// read is the file at path.
func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Write gives every command a reference page and a man page with its
// flags, and the configuration reference a row for every key; a second
// run writes the same bytes (no date of today: make docs leaves the tree
// as it was) and removes the pages of commands that are gone.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := refdocs.Write(tree(), dir); err != nil {
		t.Fatal(err)
	}
	md := read(t, filepath.Join(dir, "reference", "abfahrt_stops.md"))
	if !bytes.Contains(md, []byte("--limit")) || !bytes.Contains(md, []byte("do not edit")) || bytes.Contains(md, []byte("Auto generated")) {
		t.Errorf("abfahrt_stops.md:\n%s", md)
	}
	man := read(t, filepath.Join(dir, "man", "abfahrt-stops.1"))
	if !bytes.Contains(man, []byte("--limit")) || !bytes.Contains(man, []byte("Sep 2026")) {
		t.Errorf("abfahrt-stops.1:\n%s", man)
	}
	cfg := string(read(t, filepath.Join(dir, "reference", "config.md")))
	for _, k := range config.Keys() {
		if !strings.Contains(cfg, "| `"+k.Key+"` |") {
			t.Errorf("config.md lacks the key %s", k.Key)
		}
	}

	// A stale page of a command that no longer exists.
	stale := filepath.Join(dir, "man", "abfahrt-gone.1")
	if err := os.WriteFile(stale, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := refdocs.Write(tree(), dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the page of a command that is gone is still there: %v", err)
	}
	if again := read(t, filepath.Join(dir, "man", "abfahrt-stops.1")); !bytes.Equal(again, man) {
		t.Error("a second run wrote another man page")
	}
	if again := read(t, filepath.Join(dir, "reference", "abfahrt_stops.md")); !bytes.Equal(again, md) {
		t.Error("a second run wrote another reference page")
	}
}

// A directory that cannot be made is one clear error, not a panic.
func TestWriteError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := refdocs.Write(tree(), file)
	if err == nil || !strings.HasPrefix(err.Error(), "gen-docs: ") || strings.Contains(err.Error(), "\n") {
		t.Errorf("Write under a file: %v", err)
	}
}
