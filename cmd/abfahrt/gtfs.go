package main

import (
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed/sim"
	"abfahrt/gtfs"
	"abfahrt/internal/jsonout"
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
	cmd.AddCommand(newGTFSExportCmd(g), newGTFSCheckCmd(g))
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
			return gtfs.ExportFile(g.stderr, out, start, days)
		},
	}
	f := cmd.Flags()
	f.StringVar(&out, "out", "", "the zip file to write")
	f.StringVar(&from, "from", "", "the first service day, 2026-09-14 (default: today, Europe/Berlin)")
	f.IntVar(&days, "days", 7, "how many service days")
	return cmd
}

func newGTFSCheckCmd(g *globals) *cobra.Command {
	var (
		static string
		asJSON bool
		maxVeh int
		limits string
	)
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Compare a static GTFS with the live service: missing stops, unmatched trips, headsigns",
		Long: `check compares a static GTFS (a zip file or an http(s) URL) with the live
service of --api (default: the embedded simulation): the live stop points a
line serves that the static feed lacks, the live trips that match no static
trip or several (by the rule the hub's GTFS-Realtime feeds match with: the
same route short name and two stops at the same scheduled time), static
headsigns that differ from the live directions, and stop points without
coordinates. It asks the live service the stop points once, the vehicles'
trips once and the passages of up to --vehicles vehicles, one a second.
Of a large static feed (the national one) only the live network's stops
and the trips calling at them are kept, within --limits.`,
		Example: `  abfahrt gtfs check --static ulm-sim.zip
  abfahrt gtfs check --api https://api.swu.de/mobility/v1 --static https://example.org/swu-gtfs.zip --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if static == "" {
				return usagef("--static names the static GTFS, a zip file or an http(s) URL")
			}
			if maxVeh < 1 {
				return usagef("--vehicles must be at least 1, got %d", maxVeh)
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			lim, err := gtfsLimitsOf(g, "--limits", limits)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			f, err := gtfs.LoadForCheck(ctx, src.client, static, lim)
			if err != nil {
				return err
			}
			o := gtfs.CheckOptions{Now: src.now, MaxVehicles: maxVeh}
			if src.now == nil {
				o.Pace = time.Second // a remote service: one passage request a second
			}
			r, err := gtfs.Check(ctx, src.client, f, static, o)
			if err != nil {
				return err
			}
			if asJSON {
				return jsonout.Print(g.stdout, r)
			}
			r.Print(g.stdout)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&static, "static", "", "the static GTFS: a zip file or an http(s) URL")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	f.IntVar(&maxVeh, "vehicles", 40, "compare the trips of at most this many vehicles in service")
	f.StringVar(&limits, "limits", "", gtfsLimitsUsage)
	return cmd
}
