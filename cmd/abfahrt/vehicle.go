package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/model"
)

func newVehicleCmd(g *globals) *cobra.Command {
	var (
		asJSON bool
		all    bool
	)
	cmd := &cobra.Command{
		Use:   "vehicle N",
		Short: "Print a vehicle's trip and its passages",
		Example: `  abfahrt vehicle 151
  abfahrt vehicle 41 --all --json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("vehicle needs one vehicle number, e.g. abfahrt vehicle 151")
			}
			if n, err := strconv.Atoi(args[0]); err != nil || n < 1 {
				return usagef("VehicleNumber must be a positive number, got %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			n, _ := strconv.Atoi(args[0])
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			trips, err := src.client.Trips(ctx, n)
			if err != nil {
				return err
			}
			r := model.RangeUpcoming
			if all {
				r = model.RangeAll
			}
			var trip model.Trip
			if len(trips) > 0 {
				trip = trips[0]
			}
			var ps model.VehiclePassages
			if trip.IsActive {
				if ps, err = src.client.Passages(ctx, n, r); err != nil {
					return err
				}
				if !all { // the service answers upcoming with the whole trip
					ps.Passages = model.Upcoming(ps.Passages)
				}
			}
			if asJSON {
				var pp *model.VehiclePassages
				if trip.IsActive {
					pp = &ps
				}
				if err := jsonout.Print(g.stdout, struct {
					InService bool                   `json:"InService"`
					Trip      model.Trip             `json:"Trip"`
					Passages  *model.VehiclePassages `json:"Passages"`
				}{trip.IsActive, trip, pp}); err != nil {
					return err
				}
			} else if err := printVehicle(g, n, trip, ps); err != nil {
				return err
			}
			if !trip.IsActive {
				return errNotInService
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the decoded trip and passages as JSON")
	cmd.Flags().BoolVar(&all, "all", false, "list all passages of the trip, not only the upcoming ones")
	return cmd
}

func printVehicle(g *globals, n int, trip model.Trip, ps model.VehiclePassages) error {
	w := g.stdout
	if !trip.IsActive {
		_, err := fmt.Fprintf(w, g.word("Vehicle %d (%s) is not in service.")+"\n", n, g.word(trip.VehicleCategory.String()))
		return err
	}
	line, dir := ps.Line(), ""
	if trip.JourneyData != nil {
		dir = trip.JourneyData.DepartureDirectionText
	}
	pos := g.word("position unknown")
	if p, ok := trip.Position(); ok {
		pos = fmt.Sprintf(g.word("at %.5f, %.5f heading %d°"), p.Latitude, p.Longitude, p.Bearing)
	}
	if _, err := fmt.Fprintf(w, g.word("%s %d, line %s to %s: %s, %s")+"\n\n", g.word(trip.VehicleCategory.String()), n, line, dir,
		delayLong(g.word, trip.Deviation()), pos); err != nil {
		return err
	}
	head := []string{"#", "STOP", "PLATFORM", "SCHEDULED", "EXPECTED", "DELAY", "STATUS"}
	for i := range head {
		head[i] = g.word(head[i])
	}
	t := textout.NewTable(w, head...)
	for _, p := range ps.Passages {
		t.Row(strconv.Itoa(p.SequenceNumber), p.StopName, textout.Dash(p.PlatformName), textout.Clock(p.Scheduled()), textout.Clock(p.Actual()),
			g.word(textout.DelayText(p.Deviation())), g.word(p.Status.String()))
	}
	return t.Flush()
}

// delayLong reads a deviation as a phrase in word's language: "3 min
// late", "on time", "1 min early".
func delayLong(word func(string) string, seconds int) string {
	switch m := model.DelayMinutes(seconds); {
	case m > 0:
		return fmt.Sprintf(word("%d min late"), m)
	case m < 0:
		return fmt.Sprintf(word("%d min early"), -m)
	}
	return word("on time")
}
