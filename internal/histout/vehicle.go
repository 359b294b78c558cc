package histout

import (
	"context"
	"fmt"
	"io"
	"time"

	"abfahrt/history"
	"abfahrt/internal/jsonout"
	"abfahrt/model"
)

// History prints the runs vehicle did within age before now (before its
// last sighting when that was earlier) from store, as a table with stops
// named by names, or as JSON.
func History(ctx context.Context, w io.Writer, store *history.Store, vehicle int, age time.Duration, asJSON bool, names func() func(int) string) error {
	runs, last, err := store.VehicleRuns(ctx, vehicle, time.Now().Add(-age))
	if err != nil {
		return err
	}
	from, note := SinceFrom(age, last, "vehicle was last seen", "its last sighting")
	if note != "" {
		if runs, _, err = store.VehicleRuns(ctx, vehicle, from); err != nil {
			return err
		}
	}
	if asJSON {
		out := struct {
			Vehicle  int           `json:"vehicle"`
			LastSeen *time.Time    `json:"last_seen"`
			Runs     []history.Run `json:"runs"`
		}{Vehicle: vehicle, Runs: runs}
		if !last.IsZero() {
			l := last.In(model.Berlin)
			out.LastSeen = &l
		}
		if out.Runs == nil {
			out.Runs = []history.Run{}
		}
		return jsonout.Print(w, out)
	}
	if last.IsZero() {
		_, err := fmt.Fprintf(w, "vehicle %d was never recorded in %s\n", vehicle, store.Name())
		return err
	}
	if note != "" {
		_, _ = fmt.Fprintln(w, note)
	}
	if err := Runs(w, runs, names()); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "vehicle %d last seen %s\n", vehicle, last.In(model.Berlin).Format("2006-01-02 15:04:05"))
	return err
}
