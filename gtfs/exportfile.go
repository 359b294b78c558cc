package gtfs

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	xterm "github.com/charmbracelet/x/term"
)

// ExportFile writes the export of days service days from start to a temporary file beside out and renames
// it, so that out is either the old file or the whole new one; on a
// terminal (stderr) it shows its progress and what it wrote.
func ExportFile(stderr io.Writer, out string, start time.Time, days int) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".gtfs-export-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after the rename
	o := ExportOptions{From: start, Days: days}
	tty := false
	if f, ok := stderr.(*os.File); ok && xterm.IsTerminal(f.Fd()) {
		tty = true
		o.Progress = func(done, total int) {
			_, _ = fmt.Fprintf(stderr, "\rexporting GTFS: %3d %%", done*100/total)
		}
	}
	st, err := Export(tmp, o)
	if tty {
		_, _ = fmt.Fprint(stderr, "\r\033[K")
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	_ = os.Chmod(tmp.Name(), 0o644) //nolint:gosec // a feed is published: others read it, as a file written plainly
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	if tty {
		_, _ = fmt.Fprintf(stderr, "wrote %s: %d service days from %s, %d routes, %d trips, %d stop times, %d stops\n",
			out, days, start.Format("2006-01-02"), st.Routes, st.Trips, st.StopTimes, st.Stops)
	}
	return nil
}
