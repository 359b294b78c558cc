package history

import (
	"context"
	"strings"
	"time"
)

// Span is the time the recording covers: the first and last time a
// departure was seen (zero when nothing is recorded).
func (s *Store) Span(ctx context.Context) (first, last time.Time, err error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	var f, l int64
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MIN(first_seen), 0), COALESCE(MAX(last_seen), 0) FROM departures`).Scan(&f, &l); err != nil {
		return time.Time{}, time.Time{}, s.wrap("reading the recording's span", err)
	}
	if f == 0 {
		return time.Time{}, time.Time{}, nil
	}
	return time.Unix(f, 0), time.Unix(l, 0), nil
}

// boardReach bounds the scheduled times a board at a moment can show:
// from this long before it (late departures) to far after it.
const (
	boardBehind = 3 * time.Hour
	boardAhead  = 24 * time.Hour
)

// BoardAt reconstructs from the events what the boards of the stop
// points showed at at: the departures first seen by then, last seen less
// than window before it (window: the recording's polling interval and a
// little for its jitter, so that what left the board at a poll is gone
// from the replay then too) and not departed by then, in order of their
// last prediction (else their scheduled time), at most limit. A stop
// point not polled then, a time outside the recording, has none: a
// replay never invents departures. (Without the raw answers the
// predictions are the last ones recorded, and a gap in the recording
// shorter than a departure's time on the board is not seen.)
func (s *Store) BoardAt(ctx context.Context, points []string, at time.Time, window time.Duration, limit int) ([]Event, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	if len(points) == 0 {
		return nil, nil
	}
	in := "?" + strings.Repeat(", ?", len(points)-1)
	t := at.Unix()
	args := make([]any, 0, len(points)+6)
	for _, p := range points {
		args = append(args, p)
	}
	args = append(args, at.Add(-boardBehind).Unix(), at.Add(boardAhead).Unix(), t, t-int64(window/time.Second), t, limit)
	rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+columns+` FROM departures
 WHERE stop_point IN (`+in+`) AND scheduled >= ? AND scheduled <= ?
  AND first_seen <= ? AND last_seen > ? AND (actual IS NULL OR actual > ?)
 ORDER BY COALESCE(last_pred, scheduled), scheduled, stop_point, line, direction LIMIT ?`), args...) //nolint:gosec // G701: constant SQL; the values are bound
	if err != nil {
		return nil, s.wrap("reading the recorded boards", err)
	}
	evs, err := scanEvents(rows)
	return evs, s.wrap("reading the recorded boards", err)
}
