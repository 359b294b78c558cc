package search

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The fzf benchmarks run `fzf --filter QUERY` (Debian package fzf) over the
// same names and the same 39 keystroke queries as BenchmarkSearch*, every
// keystroke in every iteration, so `make bench-search` puts the two side by
// side in one run (compare ns/keystroke). Each fzf query is a process start
// plus a full scan of the list read from a file; BenchmarkFzfEmpty measures
// the process start alone, to subtract.

func benchFzf(b *testing.B, names []string) {
	fzf, err := exec.LookPath("fzf")
	if err != nil {
		b.Skip("fzf not installed (apt-get install fzf)")
	}
	list := filepath.Join(b.TempDir(), "names.txt")
	if err := os.WriteFile(list, []byte(strings.Join(names, "\n")+"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	qs := benchQueries()
	per := make([]time.Duration, len(qs))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for j, q := range qs {
			t0 := time.Now()
			runFzf(b, fzf, list, q)
			per[j] += time.Since(t0)
		}
	}
	reportKeystrokes(b, per)
}

// runFzf filters the list file with one query.
func runFzf(b *testing.B, fzf, list, q string) {
	in, err := os.Open(list)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = in.Close() }()
	cmd := exec.Command(fzf, "--filter", q)
	cmd.Stdin = in
	// fzf exits 1 when nothing matches: that is a result, not a failure.
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			b.Fatal(err)
		}
	}
}

func entryTitles(es []Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Title
	}
	return out
}

func BenchmarkFzfEmpty(b *testing.B) { benchFzf(b, nil) }
func BenchmarkFzf1k(b *testing.B)    { benchFzf(b, entryTitles(syntheticEntries(1_000))) }
func BenchmarkFzf10k(b *testing.B)   { benchFzf(b, entryTitles(syntheticEntries(10_000))) }
func BenchmarkFzf100k(b *testing.B)  { benchFzf(b, entryTitles(syntheticEntries(100_000))) }
