package search

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The fzf benchmarks run `fzf --filter QUERY` (Debian package fzf) over the
// same names and the same keystroke queries as BenchmarkSearch*, so `make
// bench-search` puts the two side by side in one run. Each fzf query is a
// process start plus a full scan of the list read from a file;
// BenchmarkFzfEmpty measures the process start alone, to subtract.

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
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		in, err := os.Open(list)
		if err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(fzf, "--filter", qs[i%len(qs)])
		cmd.Stdin = in
		// fzf exits 1 when nothing matches: that is a result, not a failure.
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				b.Fatal(err)
			}
		}
		_ = in.Close()
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
