package feeds

import (
	"context"

	"abfahrt/model"
)

// Source is what the TUI needs from a mobility/v1 service. feed.Client
// satisfies it; tests use a fake. Every method is called from inside a
// tea.Cmd, never from Update or View.
type Source interface {
	StopDepartures(ctx context.Context, stopNumber, limit int) (model.Board, error)
	StopArrivals(ctx context.Context, stopNumber, limit int) (model.Board, error)
	StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error)
	StopPointArrivals(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error)
	// Routes returns one route, or all of them for routeNumber 0.
	Routes(ctx context.Context, scope model.Scope, routeNumber int) ([]model.Route, error)
	// Stops returns one stop, or all of them for stopNumber 0.
	Stops(ctx context.Context, scope model.Scope, stopNumber int) ([]model.Stop, error)
	// StopPoints returns one stop point, or all of them for the empty code.
	StopPoints(ctx context.Context, scope model.Scope, code model.StopPointCode) ([]model.StopPoint, error)
	// Vehicles returns one vehicle, or all of them for vehicleNumber 0.
	Vehicles(ctx context.Context, scope model.Scope, vehicleNumber int) ([]model.Vehicle, error)
	Trips(ctx context.Context, vehicleNumber int) ([]model.Trip, error)
	Passages(ctx context.Context, vehicleNumber int, r model.Range) (model.VehiclePassages, error)
	Pattern(ctx context.Context, vehicleNumber int, scope model.PatternScope) (model.Pattern, error)
	// Alert returns the unplanned passenger alert; an empty Alert when
	// there is none.
	Alert(ctx context.Context) (model.Alert, error)
}
