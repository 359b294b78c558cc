package main

import (
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"abfahrt/feed/sim"
)

func newSimCmd(g *globals) *cobra.Command {
	var (
		listen string
		start  string
		speed  float64
		faults string
		quiet  bool
	)
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Serve the simulated Ulm network as a mobility/v1 service over HTTP",
		Long: `sim serves the embedded simulation of the Ulm network (real stops and stop
points, simulated lines, fleet and timetable) under /mobility/v1, with the
real service's wire format, so other clients (or another abfahrt with
--api http://127.0.0.1:8080/mobility/v1) can use it.

--faults injects failures for resilience tests, as a comma-separated list:
  latency=200ms      add this much latency to every answer
  500=0.1 503=0.05   answer this share of requests with HTTP 500 / 503
  429=0.05           answer this share with 429 and Retry-After (retry-after=5s)
  truncate=0.05      cut this share of bodies short
  nonjson=0.05       answer this share with an HTML page
  reset=0.02         reset this share of connections
  stall=0.01         hold this share of answers for stall-for (default 30s)`,
		Example: `  abfahrt sim
  abfahrt sim --listen 127.0.0.1:9090 --seed 7 --start 2026-09-11T07:30:00+02:00 --speed 10
  abfahrt sim --faults latency=300ms,503=0.2,429=0.05,retry-after=10s`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, _, err := net.SplitHostPort(listen); err != nil {
				return usagef("--listen must be host:port such as 127.0.0.1:8080, got %q", listen)
			}
			if err := checkSpeed(speed); err != nil {
				return err
			}
			var t0 time.Time
			if start != "" {
				var err error
				if t0, err = time.Parse(time.RFC3339, start); err != nil {
					return usagef("--start must be a time such as 2026-09-11T12:45:00+02:00, got %q", start)
				}
			}
			f, err := sim.ParseFaults(faults)
			if err != nil {
				// The parser names the faults itself ("faults: item …"):
				// the flag is named once.
				return usageError{fmt.Errorf("--faults: %s", strings.TrimPrefix(err.Error(), "faults: "))}
			}
			var logger *slog.Logger
			if !quiet {
				logger = slog.New(slog.NewTextHandler(g.stderr, nil))
			}
			svc := sim.New(sim.Options{Seed: g.seed, Clock: sim.NewClock(t0, speed), Faults: f, Logger: logger})
			if quiet {
				// Without the request log, still say once where it serves.
				_, _ = fmt.Fprintf(g.stderr, "abfahrt sim: serving the %s on http://%s/mobility/v1 (Ctrl-C stops)\n", simName, listen)
			}
			return sim.ListenAndServe(cmd.Context(), listen, svc)
		},
	}
	f := cmd.Flags()
	f.StringVar(&listen, "listen", "127.0.0.1:8080", "address to listen on")
	f.StringVar(&start, "start", "", "start of the simulated clock (RFC 3339; default now)")
	f.Float64Var(&speed, "speed", 1, "speed of the simulated clock relative to real time")
	f.StringVar(&faults, "faults", "", "inject failures, e.g. latency=200ms,503=0.1 (see above)")
	f.BoolVar(&quiet, "quiet", false, "do not log requests")
	return cmd
}
