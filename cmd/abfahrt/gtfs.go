package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	xterm "github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"abfahrt/feed/sim"
	"abfahrt/gtfs"
)

// newGTFSCmd is abfahrt gtfs: the network as GTFS (docs/gtfs.md).
func newGTFSCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gtfs",
		Short: "The network as GTFS: export the simulated timetable, check a static feed",
		Long: `gtfs speaks GTFS, the format journey planners read: export writes the
simulated network as a static GTFS zip (what SWU's published GTFS is to the
real service), check compares a static GTFS with the live service. The hub
(abfahrt serve) publishes GTFS-Realtime under /gtfs-rt/; see docs/gtfs.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newGTFSExportCmd(g))
	return cmd
}

func newGTFSExportCmd(g *globals) *cobra.Command {
	var (
		out  string
		from string
		days int
	)
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write the simulated network as a static GTFS zip",
		Long: `export writes the simulated network (its stops, stop points, lines and
timetable) as a static GTFS zip for its service days: agency, stops (stop
points with their DHID as stop_id, the service's StopPointCode as stop_code,
platforms, parent stations), routes (tram and bus), trips (headsigns,
directions), stop_times, calendar_dates, shapes from the route patterns and
feed_info. The trips' times are the simulation's scheduled times, so the
hub's GTFS-Realtime feed matches them. Progress is shown on a terminal.`,
		Example: `  abfahrt gtfs export --out ulm-sim.zip
  abfahrt gtfs export --out ulm-sim.zip --from 2026-09-14 --days 14`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			if out == "" {
				return usagef("--out names the zip to write, such as --out ulm-sim.zip")
			}
			if days < 1 || days > 366 {
				return usagef("--days must be 1 to 366, got %d", days)
			}
			start := time.Now().In(sim.Location())
			if from != "" {
				t, err := time.ParseInLocation("2006-01-02", from, sim.Location())
				if err != nil {
					return usagef("--from must be a date such as 2026-09-14, got %q", from)
				}
				start = t
			}
			return exportGTFS(g.stderr, out, start, days)
		},
	}
	f := cmd.Flags()
	f.StringVar(&out, "out", "", "the zip file to write")
	f.StringVar(&from, "from", "", "the first service day, 2026-09-14 (default: today, Europe/Berlin)")
	f.IntVar(&days, "days", 7, "how many service days")
	return cmd
}

// exportGTFS writes the export to a temporary file beside out and renames
// it, so that out is either the old file or the whole new one.
func exportGTFS(stderr io.Writer, out string, start time.Time, days int) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".gtfs-export-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after the rename
	o := gtfs.ExportOptions{From: start, Days: days}
	tty := false
	if f, ok := stderr.(*os.File); ok && xterm.IsTerminal(f.Fd()) {
		tty = true
		o.Progress = func(done, total int) {
			_, _ = fmt.Fprintf(stderr, "\rexporting GTFS: %3d %%", done*100/total)
		}
	}
	st, err := gtfs.Export(tmp, o)
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
