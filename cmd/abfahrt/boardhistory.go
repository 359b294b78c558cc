package main

import (
	"context"
	"errors"
	"os"
	"time"

	"abfahrt/history"
	"abfahrt/tui"
)

// storeHistory is the recorded history as the board reads it (key i and
// the vehicle pane's runs): tui's History over a history.Store.
type storeHistory struct{ s *history.Store }

func (h storeHistory) Punctuality(ctx context.Context, stop int, line string, since time.Time) (tui.Punctuality, error) {
	stats, err := h.s.Stats(ctx, history.StatsQuery{Stop: stop, Line: line, Since: since})
	if err != nil {
		return tui.Punctuality{}, err
	}
	for _, st := range stats {
		if st.Line == line {
			return tui.Punctuality{Departures: st.Departures, OnTimeShare: st.OnTimeShare, P50: st.P50DelayS, P90: st.P90DelayS}, nil
		}
	}
	return tui.Punctuality{}, nil
}

func (h storeHistory) VehicleRuns(ctx context.Context, vehicle int, since time.Time) ([]tui.VehicleRun, time.Time, error) {
	runs, last, err := h.s.VehicleRuns(ctx, vehicle, since)
	if err != nil {
		return nil, time.Time{}, err
	}
	out := make([]tui.VehicleRun, 0, len(runs))
	for _, r := range runs {
		out = append(out, tui.VehicleRun{Line: r.Line, Direction: r.Direction, FirstStop: r.FirstStop, LastStop: r.LastStop,
			First: time.Unix(r.FirstTime, 0), Last: time.Unix(r.LastTime, 0), Delay: r.LastDelay})
	}
	return out, last, nil
}

// boardHistory opens the history the board reads, read-only: the one
// --db names (an error if it cannot be read), else the state
// directory's when it exists. Without one the board says plainly that
// nothing was recorded; a default database that cannot be read is said
// the same way, the board starts anyway. The closer is never nil.
func boardHistory(ctx context.Context, db string) (tui.History, string, func(), error) {
	none := func() {}
	named := db != ""
	path := historyDB(db)
	if !named {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, "", none, nil
		}
	}
	s, err := history.Open(ctx, path, history.Options{ReadOnly: true})
	if err != nil {
		if named {
			return nil, "", none, usagef("--db: %v", err)
		}
		// The default database cannot be read (a newer schema, say): the
		// board starts and says why there is no history.
		why := "history: " + err.Error()
		return nil, why, none, nil //nolint:nilerr // said on the board, not fatal
	}
	return storeHistory{s}, "", func() { _ = s.Close() }, nil
}
