package histout

import (
	"context"
	"errors"
	"os"
	"time"

	"abfahrt/history"
	"abfahrt/tui"
)

// boardStore is the recorded history as the board reads it (key i and
// the vehicle pane's runs): tui's History over a history.Store.
type boardStore struct{ s *history.Store }

// Punctuality is the punctuality of line at stop since since.
func (h boardStore) Punctuality(ctx context.Context, stop int, line string, since time.Time) (tui.Punctuality, error) {
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

// VehicleRuns are the runs of vehicle since since, and its last sighting.
func (h boardStore) VehicleRuns(ctx context.Context, vehicle int, since time.Time) ([]tui.VehicleRun, time.Time, error) {
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

// ForBoard opens the history at path the board reads, read-only. A
// database the user named (named) that cannot be read is an error;
// otherwise one that does not exist is none, and one that cannot be read
// is why there is none (said on the board, which starts anyway). The
// closer is never nil.
func ForBoard(ctx context.Context, path string, named bool) (tui.History, string, func(), error) {
	none := func() {}
	if !named {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, "", none, nil
		}
	}
	s, err := history.Open(ctx, path, history.Options{ReadOnly: true})
	if err != nil {
		if named {
			return nil, "", none, err
		}
		// The default database cannot be read (a newer schema, say): the
		// board starts and says why there is no history.
		why := "history: " + err.Error()
		return nil, why, none, nil //nolint:nilerr // said on the board, not fatal
	}
	return boardStore{s}, "", func() { _ = s.Close() }, nil
}
