package histout

import (
	"context"
	"fmt"
	"io"
	"time"

	"abfahrt/history"
	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
)

// Stats prints punctuality per line from store for q (its Since counted
// back age from now, or from the recording's end when that is earlier)
// on out as a table, or format "json" or "csv"; what it counted from is
// said on out, or on errOut beside JSON and CSV.
func Stats(ctx context.Context, out, errOut io.Writer, store *history.Store, q history.StatsQuery, age time.Duration, format string, wait func(departures int) (stop func())) error {
	n, first, last, err := store.Recorded(ctx)
	if err != nil {
		return err
	}
	from, note := SinceFrom(age, last, "recording ends", "its end")
	q.Since = from
	stop := func() {}
	if wait != nil {
		stop = wait(n)
	}
	rows, err := store.Stats(ctx, q)
	stop()
	if err != nil {
		return err
	}
	if note != "" {
		w := out
		if format != "" {
			w = errOut
			note = "abfahrt: " + note
		}
		_, _ = fmt.Fprintln(w, note)
	}
	if rows == nil {
		rows = []history.Stat{}
	}
	layout := StatsLayout{By: q.By, Headway: q.Stop != 0}
	switch {
	case format == "json":
		return jsonout.Print(out, rows)
	case format == "csv":
		return StatsCSV(out, layout, rows)
	case len(rows) == 0:
		return statsNone(out, age, note != "", n, first, last, store.Name())
	}
	return StatsTable(out, layout, rows)
}

// statsNone says that stats found no departures in the window (before
// the recording's end when ended), and what the database holds.
func statsNone(out io.Writer, age time.Duration, ended bool, n int, first, last time.Time, db string) error {
	window := "in the last " + AgeText(age)
	if ended {
		window = "in the " + AgeText(age) + " before the recording's end"
	}
	if n == 0 {
		_, err := fmt.Fprintf(out, "none %s: %s holds no departures yet\n", window, db)
		return err
	}
	_, err := fmt.Fprintf(out, "none %s for this selection; recorded %s (%s) in %s\n", window, SpanText(first, last), textout.Plural(n, "departure", "departures"), db)
	return err
}
