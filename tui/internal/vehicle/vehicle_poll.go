package vehicle

import (
	"context"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
)

// PatternMsg is the answer to a pattern request for one trip of a vehicle:
// its Track and its stops.
type PatternMsg struct {
	seq     int
	vehicle int
	key     tripKey
	track   []model.TrackPoint
	stops   []model.PatternStop
	err     error
}

// VehicleInfoMsg carries a vehicle's extended base data (make, model,
// capacity), served from the client's cache after the first time.
type VehicleInfoMsg struct {
	seq      int
	vehicle  int
	vehicles []model.Vehicle
	err      error
}

// FetchPatternCmd requests the Track and the stops of the trip k of a
// vehicle, concurrently.
func FetchPatternCmd(parent context.Context, src feeds.Source, seq, vehicle int, k tripKey, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		var (
			wg           sync.WaitGroup
			track, stops model.Pattern
			tErr, sErr   error
		)
		wg.Add(2)
		go func() {
			defer wg.Done()
			track, tErr = src.Pattern(ctx, vehicle, model.PatternTrack)
		}()
		go func() {
			defer wg.Done()
			stops, sErr = src.Pattern(ctx, vehicle, model.PatternStops)
		}()
		wg.Wait()
		if sErr != nil {
			stops = model.Pattern{} // the map can do without stop marks
		}
		return PatternMsg{seq: seq, vehicle: vehicle, key: k, track: track.TrackPoints, stops: stops.StopPoints, err: tErr}
	}
}

// VehicleInfoCmd requests a vehicle's extended base data.
func VehicleInfoCmd(parent context.Context, src feeds.Source, seq, vehicle int, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		vs, err := src.Vehicles(ctx, model.ScopeExtended, vehicle)
		return VehicleInfoMsg{seq: seq, vehicle: vehicle, vehicles: vs, err: err}
	}
}
