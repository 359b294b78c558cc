package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/tui"
)

// errNothingToCatch ends `next` with exit status 1: nothing can be caught
// in the next hour.
var errNothingToCatch = errors.New("nothing to catch in the next hour")

// newNextCmd builds the next command: the one departure to leave for, as
// one line for status bars and shell prompts.
func newNextCmd(g *globals) *cobra.Command {
	var (
		stop, stopPoint, line, direction, walk string
	)
	cmd := &cobra.Command{
		Use:   "next --stop N | --stoppoint CODE [--line L] [--walk 4m]",
		Short: "Print when to leave for the next departure that can still be caught",
		Long: `Print one line: when to leave for the next departure (of a line, towards a
direction) that can still be caught with the walking time, its direction,
its expected time and its delay:

  leave in 3 min for line 2 to Science Park II, 07:42, +1

"go now" when the leave time is within the next minute. Exit status 1 (and
nothing on standard output) when nothing can be caught in the next hour;
standard error then says why (the line does not serve the stop, when it
next leaves, or that it does not before the answer's last departure).`,
		Example: `  abfahrt next --stop 1008 --line 2 --walk 4m
  abfahrt next --stoppoint 100802 --direction söflingen`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w, err := tui.ParseWalk(walk)
			if err != nil {
				return usagef("--walk: %v", err)
			}
			b, src, err := fetchDepartures(cmd, g, stop, stopPoint, tui.MaxLimit)
			if err != nil {
				return err
			}
			now := textout.BoardNow(b)
			e, ok := textout.NextToCatch(b.Events, now, w, line, direction)
			if !ok {
				ctx, cancel := withTimeout(cmd.Context())
				defer cancel()
				return fmt.Errorf("%w: %s", errNothingToCatch, textout.WhyNothing(b, now, w, line, direction, func() ([]model.Route, error) {
					return src.client.Routes(ctx, model.ScopeExtended, 0)
				}))
			}
			_, err = fmt.Fprintln(g.stdout, textout.NextLine(g.word, e, now, w))
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&stop, "stop", "", "stop number (4 digits), e.g. 1008")
	f.StringVar(&stopPoint, "stoppoint", "", "stop point code (6 digits or a DHID), e.g. 100821")
	f.StringVar(&line, "line", "", "only this line, e.g. 2")
	f.StringVar(&direction, "direction", "", "only directions containing this text (case-insensitive)")
	f.StringVar(&walk, "walk", "0s", "walking time to the stop, e.g. 4m")
	return cmd
}

// fetchDepartures asks for the departures of --stop or --stoppoint; it
// returns the source asked too.
func fetchDepartures(cmd *cobra.Command, g *globals, stop, stopPoint string, limit int) (model.Board, source, error) {
	if (stop == "") == (stopPoint == "") {
		return model.Board{}, source{}, usagef("%s needs exactly one of --stop N or --stoppoint CODE", cmd.Name())
	}
	number, code, err := parseSubject(stop, stopPoint)
	if err != nil {
		return model.Board{}, source{}, err
	}
	src, err := g.source()
	if err != nil {
		return model.Board{}, source{}, err
	}
	ctx, cancel := withTimeout(cmd.Context())
	defer cancel()
	var b model.Board
	if stop != "" {
		b, err = src.client.StopDepartures(ctx, number, limit)
	} else {
		b, err = src.client.StopPointDepartures(ctx, code, limit)
	}
	if b.StopNumber == 0 {
		b.StopNumber = number
		if n, ok := code.StopNumber(); ok && stop == "" {
			b.StopNumber = n
		}
	}
	if b.StopPointCode.IsZero() {
		b.StopPointCode = code
	}
	return b, src, err
}
