//go:build linux

package startup

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// DropStartPages lets go of the pages of abfahrt's own executable that
// its start touched and that are not written: code and read-only data.
//
// Why: one abfahrt binary carries the hub's libraries (SQLite, PostgreSQL,
// SSH, Prometheus, MQTT, GTFS), and Go runs every linked package's
// initialisation before main, so a board that never runs them still
// touches a window of pages in each of about 200 packages (the kernel maps
// 64 kB around every page fault in a file mapping). Measured before this
// (make mem, /proc/PID/smaps_rollup): of a board's 26.7 MB resident on
// --api, about 20 MB were such file pages, 16.7 MB of them touched before
// main ran. The pages stay in the kernel's page cache (shared, dropped
// first under memory pressure); what the process maps again afterwards is
// what it runs: its working set.
//
// Only mappings of the executable itself with no anonymous (written,
// copied-on-write) pages are let go: advising those away would lose the
// writes (a position-independent build's relocated read-only data). It
// returns the bytes that were resident in the mappings it let go, and
// does nothing where /proc is not there.
//
// main calls it once, GCFor after the start, when the first frames are
// drawn. What a board then runs comes back on its first use (a minor
// fault, from the page cache, 64 kB at a time); measured with make mem 40 s
// after the first row, two polls later: a board on --api 27.0 MB resident
// before (19.2 MB of it file pages), 20.4 MB after (11.9 MB).
func DropStartPages() int64 {
	exe, err := os.Readlink("/proc/self/exe")
	if err != nil {
		return 0
	}
	raw, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0
	}
	var dropped int64
	for _, m := range parseSmaps(raw) {
		if m.path != exe || m.writable || m.anonymous != 0 || m.rss == 0 {
			continue
		}
		// The mapping's own bounds, as /proc/self/smaps gives them.
		if _, _, errno := unix.Syscall(unix.SYS_MADVISE, m.start, m.end-m.start, unix.MADV_DONTNEED); errno == 0 {
			dropped += m.rss
		}
	}
	return dropped
}

// mapping is one mapping of /proc/self/smaps: its bounds, whether it may be
// written, its file and its resident and anonymous bytes.
type mapping struct {
	start, end     uintptr
	writable       bool
	path           string
	rss, anonymous int64
}

// parseSmaps reads the mappings of a /proc/PID/smaps text.
func parseSmaps(raw []byte) []mapping {
	var out []mapping
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(f[0], "-"); ok && len(f) >= 5 && !strings.HasSuffix(f[0], ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 != nil || err2 != nil || b <= a {
				continue
			}
			m := mapping{start: uintptr(a), end: uintptr(b), writable: strings.Contains(f[1], "w")}
			if len(f) >= 6 {
				m.path = strings.Join(f[5:], " ")
			}
			out = append(out, m)
			continue
		}
		if len(out) == 0 || len(f) < 2 {
			continue
		}
		kb, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		switch f[0] {
		case "Rss:":
			out[len(out)-1].rss = kb << 10
		case "Anonymous:":
			out[len(out)-1].anonymous = kb << 10
		}
	}
	return out
}
