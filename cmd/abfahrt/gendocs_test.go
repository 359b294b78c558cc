package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"abfahrt/internal/refdocs"
)

// genInto writes what `abfahrt gen-docs DIR` (a build with the tag
// gendocs) writes into a new directory.
func genInto(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := refdocs.Write(newRootCmd(strings.NewReader(""), io.Discard, io.Discard), dir); err != nil {
		t.Fatalf("gen-docs: %v", err)
	}
	return dir
}

// Issue 38 item 3: every command of `abfahrt --help` has its page in the
// reference and its man page, and every flag it takes is on both.
func TestGenDocsEveryCommandAndFlag(t *testing.T) {
	dir := genInto(t)
	root := newRootCmd(strings.NewReader(""), io.Discard, io.Discard)
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c != root {
			return
		}
		n++
		md, err := os.ReadFile(filepath.Join(dir, "reference", strings.ReplaceAll(c.CommandPath(), " ", "_")+".md"))
		if err != nil {
			t.Errorf("%s: no reference page: %v", c.CommandPath(), err)
			return
		}
		man, err := os.ReadFile(filepath.Join(dir, "man", strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"))
		if err != nil {
			t.Errorf("%s: no man page: %v", c.CommandPath(), err)
			return
		}
		// Every flag the help lists (hidden ones are not listed).
		for _, m := range regexp.MustCompile(`--([a-z0-9][a-z0-9-]*)`).FindAllStringSubmatch(c.Flags().FlagUsages(), -1) {
			name := m[1]
			if !bytes.Contains(md, []byte("--"+name)) {
				t.Errorf("%s: the reference lacks --%s", c.CommandPath(), name)
			}
			if !bytes.Contains(man, []byte(`\-\-`+name)) && !bytes.Contains(man, []byte("--"+name)) {
				t.Errorf("%s: the man page lacks --%s", c.CommandPath(), name)
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	if n < 17 {
		t.Errorf("only %d commands documented", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "reference", "abfahrt_gen-docs.md")); err == nil {
		t.Error("the hidden gen-docs command has a reference page")
	}
}

// Issue 38 item 3: docs/reference and docs/man are what gen-docs writes
// from today's commands (make docs writes them; CI fails when it would
// change them).
func TestReferenceIsCurrent(t *testing.T) {
	dir := genInto(t)
	for _, sub := range []string{"reference", "man"} {
		want, _ := filepath.Glob(filepath.Join(dir, sub, "*"))
		have, _ := filepath.Glob(filepath.Join("../../docs", sub, "*"))
		if len(want) != len(have) {
			t.Errorf("docs/%s has %d files, gen-docs writes %d: run make docs", sub, len(have), len(want))
		}
		for _, w := range want {
			a, _ := os.ReadFile(w)
			b, err := os.ReadFile(filepath.Join("../../docs", sub, filepath.Base(w)))
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("docs/%s/%s is not what the commands say today: run make docs", sub, filepath.Base(w))
			}
		}
	}
}

// Issue 38 item 3: the man pages render without a warning (man -l).
func TestManPagesRender(t *testing.T) {
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("man is not installed (apt-get install man-db)")
	}
	dir := genInto(t)
	pages, _ := filepath.Glob(filepath.Join(dir, "man", "*.1"))
	for _, p := range pages {
		cmd := exec.Command("man", "--warnings", "-l", p)
		cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil || errs.Len() > 0 {
			t.Errorf("man -l %s: %v %s", filepath.Base(p), err, errs.String())
			continue
		}
		if name := strings.TrimSuffix(filepath.Base(p), ".1"); !strings.Contains(out.String(), "NAME") || !strings.Contains(out.String(), strings.ReplaceAll(name, "-", " ")) {
			t.Errorf("man -l %s does not name the command:\n%.300s", filepath.Base(p), out.String())
		}
	}
}
