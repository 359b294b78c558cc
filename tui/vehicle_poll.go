package tui

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// vehicleTickMsg says the vehicle pane's poll is due; gen is the schedule
// it belongs to.
type vehicleTickMsg struct {
	vehicle int
	gen     int
	fresh   bool // a manual refresh: bypass the client's cache
}

// vehicleMsg is the answer to one poll of a vehicle: its Trip and its
// Passages, fetched together and identified by seq.
type vehicleMsg struct {
	seq      int
	vehicle  int
	trips    []model.Trip
	passages model.VehiclePassages
	err      error
	// at is the time the answer arrived, by the TUI's clock.
	at time.Time
}

// patternMsg is the answer to a pattern request for one trip of a vehicle:
// its Track and its stops.
type patternMsg struct {
	seq     int
	vehicle int
	key     tripKey
	track   []model.TrackPoint
	stops   []model.PatternStop
	err     error
}

// vehicleInfoMsg carries a vehicle's extended base data (make, model,
// capacity), served from the client's cache after the first time.
type vehicleInfoMsg struct {
	seq      int
	vehicle  int
	vehicles []model.Vehicle
	err      error
}

// vehicleTickCmd fires the vehicle pane's next poll after d.
func vehicleTickCmd(vehicle, gen int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return vehicleTickMsg{vehicle: vehicle, gen: gen} })
}

// vehicleTickNowCmd asks for a poll of the vehicle at once, through
// Update; fresh bypasses the client's cache.
func vehicleTickNowCmd(vehicle, gen int, fresh bool) tea.Cmd {
	return func() tea.Msg { return vehicleTickMsg{vehicle: vehicle, gen: gen, fresh: fresh} }
}

// fetchVehicleCmd requests a vehicle's Trip and Passages concurrently.
// ctx carries the request timeout; cancel releases it.
func fetchVehicleCmd(ctx context.Context, cancel context.CancelFunc, src Source, seq, vehicle int, r model.Range, now func() time.Time) tea.Cmd {
	return func() tea.Msg {
		defer cancel()
		msg := vehicleMsg{seq: seq, vehicle: vehicle}
		var (
			wg          sync.WaitGroup
			tErr, pErr  error
			trips, pass = &msg.trips, &msg.passages
		)
		wg.Add(2)
		go func() {
			defer wg.Done()
			*trips, tErr = src.Trips(ctx, vehicle)
		}()
		go func() {
			defer wg.Done()
			*pass, pErr = src.Passages(ctx, vehicle, r)
		}()
		wg.Wait()
		msg.err = errors.Join(tErr, pErr)
		msg.at = now()
		return msg
	}
}

// fetchPatternCmd requests the Track and the stops of the trip k of a
// vehicle, concurrently.
func fetchPatternCmd(parent context.Context, src Source, seq, vehicle int, k tripKey, timeout time.Duration) tea.Cmd {
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
		return patternMsg{seq: seq, vehicle: vehicle, key: k, track: track.TrackPoints, stops: stops.StopPoints, err: tErr}
	}
}

// vehicleInfoCmd requests a vehicle's extended base data.
func vehicleInfoCmd(parent context.Context, src Source, seq, vehicle int, timeout time.Duration) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		vs, err := src.Vehicles(ctx, model.ScopeExtended, vehicle)
		return vehicleInfoMsg{seq: seq, vehicle: vehicle, vehicles: vs, err: err}
	}
}
