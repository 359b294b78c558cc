package main

import (
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
			} else if err := textout.PrintVehicle(g.stdout, g.words(), n, trip, ps); err != nil {
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
