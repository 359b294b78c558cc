package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/tui"
)

// newBoardCmd builds the departures (or arrivals) command.
func newBoardCmd(g *globals, arrivals bool) *cobra.Command {
	var (
		stop, stopPoint string
		limit           int
		asJSON          bool
		walkFlag        = "0s"
	)
	what := "departures"
	if arrivals {
		what = "arrivals"
	}
	cmd := &cobra.Command{
		Use:   what + " --stop N | --stoppoint CODE",
		Short: "Print the next " + what + " of a stop or a stop point",
		Example: fmt.Sprintf(`  abfahrt %[1]s --stop 1008
  abfahrt %[1]s --stoppoint 100801 --limit 5
  abfahrt %[1]s --stop 1350 --json`, what),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if (stop == "") == (stopPoint == "") {
				return usagef("%s needs exactly one of --stop N or --stoppoint CODE", what)
			}
			if limit < 1 || limit > 100 {
				return usagef("--limit must be between 1 and 100, got %d", limit)
			}
			walk, err := tui.ParseWalk(walkFlag)
			if err != nil {
				return usagef("--walk: %v", err)
			}
			number, code, err := parseSubject(stop, stopPoint)
			if err != nil {
				return err
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			var b model.Board
			switch {
			case stop != "" && arrivals:
				b, err = src.client.StopArrivals(ctx, number, limit)
			case stop != "":
				b, err = src.client.StopDepartures(ctx, number, limit)
			case arrivals:
				b, err = src.client.StopPointArrivals(ctx, code, limit)
			default:
				b, err = src.client.StopPointDepartures(ctx, code, limit)
			}
			if err != nil {
				return err
			}
			if walk > 0 && !arrivals {
				if asJSON {
					return textout.PrintWalkJSON(g.stdout, b, walk)
				}
				return textout.PrintWalkBoard(g.stdout, g.words(), b, walk)
			}
			if asJSON {
				return jsonout.Print(g.stdout, b)
			}
			return printBoard(g, b)
		},
	}
	f := cmd.Flags()
	f.StringVar(&stop, "stop", "", "stop number (4 digits), e.g. 1008")
	f.StringVar(&stopPoint, "stoppoint", "", "stop point code (6 digits or a DHID), e.g. 100801")
	f.IntVar(&limit, "limit", 10, "at most this many rows (1-100)")
	f.BoolVar(&asJSON, "json", false, "print the decoded records as JSON")
	if !arrivals {
		f.StringVar(&walkFlag, "walk", "0s", "walking time to the stop, e.g. 4m: each row gets when to leave and its band (catchable, hurry, missed)")
	}
	return cmd
}

// words are the CLI's words in its language (--lang).
func (g *globals) words() textout.Words {
	return textout.Words{German: g.s != nil && g.s.lang.Value == "de"}
}

// word is s in the CLI's language: a table word, or a format (whose
// arguments stay as given).
func (g *globals) word(s string) string { return g.words().Word(s) }

// printBoard prints a departures or arrivals board as a table.
func printBoard(g *globals, b model.Board) error { return textout.PrintBoard(g.stdout, g.words(), b) }
