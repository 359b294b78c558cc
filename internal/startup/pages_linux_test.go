//go:build linux

package startup

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// filePagesKB reads the process's resident file pages (Rss less
// Anonymous) from /proc/self/smaps_rollup.
func filePagesKB(t *testing.T) int64 {
	t.Helper()
	raw, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup here: %v", err)
	}
	var rss, anon int64
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "Rss:":
			rss = n
		case "Anonymous:":
			anon = n
		}
	}
	return rss - anon
}

// A long-running abfahrt lets go of the executable's pages its start
// touched: the process's resident file pages shrink, and it goes on
// running (code and read-only data come back as they are used; the
// written data is kept: a value set before is still there after).
func TestDropStartPagesShrinksTheResidentSetAndKeepsRunning(t *testing.T) {
	kept := map[string]int{"Hauptbahnhof": 1008}
	before := filePagesKB(t)
	dropped := DropStartPages()
	after := filePagesKB(t)
	if dropped <= 0 {
		t.Fatalf("DropStartPages let go of %d bytes; the test binary's code is resident", dropped)
	}
	if after >= before {
		t.Errorf("resident file pages %d kB before, %d kB after; want fewer", before, after)
	}
	runtime.GC()
	if kept["Hauptbahnhof"] != 1008 || strings.Repeat("ab", 3) != "ababab" {
		t.Fatal("data or code wrong after the pages were let go")
	}
}

// Mappings are read with their bounds, write permission, path and
// resident and anonymous sizes; a written mapping of the executable is
// never one DropStartPages lets go of.
func TestParseSmaps(t *testing.T) {
	raw := []byte(`00400000-010f1000 r-xp 00000000 fe:00 10256533                           /usr/bin/abfahrt
Size:              13252 kB
Rss:                4224 kB
Anonymous:             0 kB
01f15000-02021000 rw-p 01b15000 fe:00 10256533                           /usr/bin/abfahrt
Rss:                 816 kB
Anonymous:           700 kB
7f0b47600000-7f0b47a00000 rw-p 00000000 00:00 0 
Rss:                1560 kB
Anonymous:          1560 kB
VmFlags: rd wr mr mw me ac sd
`)
	got := parseSmaps(raw)
	if len(got) != 3 {
		t.Fatalf("%d mappings, want 3: %+v", len(got), got)
	}
	text := got[0]
	if text.start != 0x400000 || text.end != 0x10f1000 || text.writable || text.path != "/usr/bin/abfahrt" || text.rss != 4224<<10 || text.anonymous != 0 {
		t.Errorf("code mapping read as %+v", text)
	}
	if !got[1].writable || got[1].anonymous != 700<<10 {
		t.Errorf("data mapping read as %+v", got[1])
	}
	if got[2].path != "" || got[2].rss != 1560<<10 {
		t.Errorf("anonymous mapping read as %+v", got[2])
	}
}
