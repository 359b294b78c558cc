package feeds

import (
	"abfahrt/model"
	"context"
)

// fetchBoard calls the Source method that serves subject s.
func FetchBoard(ctx context.Context, src Source, s Subject, limit int) (model.Board, error) {
	switch {
	case s.Point != "" && s.Arrivals:
		return src.StopPointArrivals(ctx, s.Point, limit)
	case s.Point != "":
		return src.StopPointDepartures(ctx, s.Point, limit)
	case s.Arrivals:
		return src.StopArrivals(ctx, s.Stop, limit)
	default:
		return src.StopDepartures(ctx, s.Stop, limit)
	}
}
