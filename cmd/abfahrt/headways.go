package main

import (
	"errors"

	"github.com/spf13/cobra"

	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/ladder"
)

// newHeadwaysCmd is `abfahrt headways`: a line's ladder (package ladder)
// once, as a table or JSON for scripts.
func newHeadwaysCmd(g *globals) *cobra.Command {
	var (
		line   string
		dir    int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "headways --line L",
		Short: "Print a line's vehicles in order with their headways, bunching, gaps and ghosts",
		Long: `Print the ladder of one line: per direction its vehicles in order along the
line (the one nearest the end first), each with its stop, delay and the
headway to its leader (the vehicle whose trip the timetable runs before its
own; BEHIND) at the last stop it reached, against the timetable's, flagged
bunched (at most half the planned headway, or it overtook its leader: then
HEADWAY says "overtook 51", never a negative headway), gap
(at least 1.5 times), stale (position older than two poll intervals) or
ghost (a trip under way by the timetable, 2 minutes or more after its start,
that no vehicle runs).`,
		Example: `  abfahrt headways --line 2
  abfahrt headways --line 4 --direction 1 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if line == "" {
				return usagef("headways needs a line, e.g. abfahrt headways --line 2")
			}
			if dir < 0 {
				return usagef("--direction must be a direction number (1 or 2), got %d", dir)
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			in, err := ladder.Gather(ctx, src.client, line, g.s.interval)
			if errors.Is(err, ladder.ErrUnknownLine) {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			l := ladder.Build(in)
			if dir != 0 && !textout.HasRail(&l, dir) {
				return usagef("line %s has no direction %d", line, dir)
			}
			rows := l.Rows(dir)
			if asJSON {
				return jsonout.Print(g.stdout, rows)
			}
			return textout.PrintHeadways(g.stdout, &l, rows)
		},
	}
	cmd.Flags().StringVar(&line, "line", "", "the line, as shown (e.g. 2, N1)")
	cmd.Flags().IntVar(&dir, "direction", 0, "only this direction (1 or 2; default both)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the vehicles as a JSON list (vehicle, stop, delay_s, headway_s, scheduled_headway_s, flag, …)")
	return cmd
}
