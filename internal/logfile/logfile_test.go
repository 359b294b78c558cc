package logfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// logFiles lists the log and its rotated copies in dir with their sizes.
func logFiles(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]int64{}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = fi.Size()
	}
	return files
}

// TestLogRotatesAtItsCap: a board logging for months keeps at most the
// log and logKeep old ones, none above the cap, and the newest lines are
// in the log.
func TestLogRotatesAtItsCap(t *testing.T) {
	dir := t.TempDir()
	logger, closer, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Repeat("x", 1000)
	for i := range 3 * logMaxBytes / 1000 {
		logger.Info("request", "n", i, "pad", line)
	}
	logger.Info("the last line")
	if err := closer.Close(); err != nil {
		t.Fatal(err)
	}
	files := logFiles(t, dir)
	var names []string
	for name, size := range files {
		names = append(names, name)
		if size > logMaxBytes {
			t.Errorf("%s is %d bytes, over the cap of %d", name, size, logMaxBytes)
		}
	}
	sort.Strings(names)
	want := []string{FileName, FileName + ".1", FileName + ".2"}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("log files %v, want %v", names, want)
	}
	last, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(last, []byte("the last line")) {
		t.Error("the newest line is not in the log")
	}
}

// TestLogConcurrentWriters: the goroutines of one board write at once;
// no line is torn or lost and no file passes the cap.
func TestLogConcurrentWriters(t *testing.T) {
	checkWriters(t, 1, 0)
}

// TestLogTwoProcesses: a second board on the same state directory writes
// to the same log (two writers, as two processes would have). Each
// follows the other's rotations, so the files stay within the cap, give
// or take a line written in the instant between one's size check and its
// write, and no more are kept.
func TestLogTwoProcesses(t *testing.T) {
	checkWriters(t, 2, 64)
}

// checkWriters runs 8 goroutines writing 64-byte lines through n writers
// of one log capped at 4 KiB, keeping 3 old files, and checks the files:
// at most 4, none above the cap plus slack, no torn lines, and, with one
// writer, every line kept that the files can hold.
func checkWriters(t *testing.T, n int, slack int64) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	const maxBytes, lineLen = 4096, 64
	writers := make([]*rotatingFile, n)
	for i := range writers {
		w, err := openRotating(path, maxBytes, 3)
		if err != nil {
			t.Fatal(err)
		}
		writers[i] = w
	}
	var wg sync.WaitGroup
	for g := range 8 {
		w := writers[g%n]
		wg.Go(func() {
			for i := range 200 {
				line := fmt.Sprintf("%02d %04d ", g, i)
				line += strings.Repeat("-", lineLen-1-len(line)) + "\n"
				if _, err := w.Write([]byte(line)); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	for _, w := range writers {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	files := logFiles(t, dir)
	if len(files) > 4 {
		t.Errorf("%d log files, want at most 4: %v", len(files), files)
	}
	var lines int64
	for name, size := range files {
		if size > maxBytes+slack {
			t.Errorf("%s is %d bytes, over the cap of %d", name, size, maxBytes)
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.SplitAfter(string(data), "\n") {
			if l != "" && len(l) != lineLen {
				t.Errorf("%s: torn line %q", name, l)
			}
		}
		lines += size / lineLen
	}
	if n == 1 && lines != 4*maxBytes/lineLen {
		t.Errorf("%d lines kept, want %d (4 full files)", lines, 4*maxBytes/lineLen)
	}
}
