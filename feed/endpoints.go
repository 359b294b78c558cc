package feed

import (
	"context"
	"errors"
	"strconv"

	"abfahrt/model"
)

// Endpoint paths below the base URL.
const (
	pathVersionInfo     = "/VersionInfo"
	pathRoutes          = "/route/attributes/BaseData"
	pathStops           = "/stop/attributes/BaseData"
	pathStopPoints      = "/stoppoint/attributes/BaseData"
	pathVehicles        = "/vehicle/attributes/BaseData"
	pathStopDepartures  = "/stop/passage/Departures"
	pathStopArrivals    = "/stop/passage/Arrivals"
	pathPointDepartures = "/stoppoint/passage/Departures"
	pathPointArrivals   = "/stoppoint/passage/Arrivals"
	pathTrips           = "/vehicle/trip/Trip"
	pathPassages        = "/vehicle/trip/Passage" //nolint:gosec // a URL path, not a credential
	pathPattern         = "/vehicle/trip/Pattern"
	pathUnplannedAlert  = "/passenger/alert/UnplannedAlert"
)

// call validates, fetches and decodes one request. subject names what was
// asked for in a *NotFoundError.
func call[T any](ctx context.Context, c *Client, path string, q *query, k kind, subject string, decode func([]byte) (T, error)) (T, error) {
	var zero T
	if q.err != nil {
		return zero, q.err
	}
	e, u, err := c.fetch(ctx, path, q.v, k)
	if err != nil {
		return zero, err
	}
	// The whole network's base data is decoded once per ETag and shared.
	share := k == base && subject == ""
	if share {
		if v, ok := c.shared.get(u, e.etag); ok {
			if t, ok := v.(T); ok {
				report(ctx, e, c.now())
				return t, nil
			}
		}
		if e.shed {
			// Its body was let go and its decoded value is gone: ask again.
			c.mem.drop(u, e)
			if e, u, err = c.fetch(ctx, path, q.v, k); err != nil {
				return zero, err
			}
		}
	}
	v, err := decode(e.body)
	if err != nil {
		// Only good answers stay cached.
		c.forget(u, e, k)
		var de *DecodeError
		var nf *NotFoundError
		switch {
		case errors.As(err, &de):
			de.URL = u
		case errors.As(err, &nf):
			nf.Subject = subject
		}
		return zero, err
	}
	if share && e.etag != "" {
		c.shared.put(u, e.etag, v)
		if c.mem != nil {
			c.mem.shed(u, e)
		}
	}
	report(ctx, e, c.now())
	return v, nil
}

func (c *Client) forget(u string, e *entry, k kind) {
	if c.mem != nil {
		c.mem.drop(u, e)
	}
	if k == base && c.disk != nil {
		c.disk.remove(u)
	}
}

func subjectInt(param string, n int) string {
	if n == 0 {
		return ""
	}
	return param + " " + strconv.Itoa(n)
}

// VersionInfo returns the service's version information (/VersionInfo).
func (c *Client) VersionInfo(ctx context.Context) (model.VersionInfo, error) {
	return call(ctx, c, pathVersionInfo, newQuery(), base, "", DecodeVersionInfo)
}

// Routes returns the routes (/route/attributes/BaseData): all of them
// when routeNumber is 0, else the one route. scope "" leaves ContentScope
// to the service (its default is basic).
func (c *Client) Routes(ctx context.Context, scope model.Scope, routeNumber int) ([]model.Route, error) {
	q := newQuery()
	q.scope(scope)
	q.number(paramRouteNumber, routeNumber, false)
	return call(ctx, c, pathRoutes, q, base, subjectInt(paramRouteNumber, routeNumber), DecodeRoutes)
}

// Stops returns the stops (/stop/attributes/BaseData): all of them when
// stopNumber is 0, else the one 4-digit stop.
func (c *Client) Stops(ctx context.Context, scope model.Scope, stopNumber int) ([]model.Stop, error) {
	q := newQuery()
	q.scope(scope)
	q.stopNumber(stopNumber, false)
	return call(ctx, c, pathStops, q, base, subjectInt(paramStopNumber, stopNumber), DecodeStops)
}

// StopPoints returns the stop points (/stoppoint/attributes/BaseData): all
// of them when code is "", else the one stop point (6 digits or a DHID,
// sent exactly as given).
func (c *Client) StopPoints(ctx context.Context, scope model.Scope, code model.StopPointCode) ([]model.StopPoint, error) {
	q := newQuery()
	q.scope(scope)
	code = q.stopPointCode(code, false)
	return call(ctx, c, pathStopPoints, q, base, subjectCode(code), DecodeStopPoints)
}

// Vehicles returns the vehicles of the fleet (/vehicle/attributes/BaseData):
// all of them when vehicleNumber is 0, else the one vehicle.
func (c *Client) Vehicles(ctx context.Context, scope model.Scope, vehicleNumber int) ([]model.Vehicle, error) {
	q := newQuery()
	q.scope(scope)
	q.number(paramVehicleNumber, vehicleNumber, false)
	return call(ctx, c, pathVehicles, q, base, subjectInt(paramVehicleNumber, vehicleNumber), DecodeVehicles)
}

// StopDepartures returns the departures board of a 4-digit stop
// (/stop/passage/Departures). limit 0 leaves the number of departures to
// the service.
func (c *Client) StopDepartures(ctx context.Context, stopNumber, limit int) (model.Board, error) {
	q := newQuery()
	q.stopNumber(stopNumber, true)
	q.limit(limit)
	b, err := call(ctx, c, pathStopDepartures, q, live, subjectInt(paramStopNumber, stopNumber), DecodeDepartures)
	return b.Truncate(limit), err
}

// StopArrivals returns the arrivals board of a 4-digit stop
// (/stop/passage/Arrivals). limit 0 leaves the number to the service.
func (c *Client) StopArrivals(ctx context.Context, stopNumber, limit int) (model.Board, error) {
	q := newQuery()
	q.stopNumber(stopNumber, true)
	q.limit(limit)
	b, err := call(ctx, c, pathStopArrivals, q, live, subjectInt(paramStopNumber, stopNumber), DecodeArrivals)
	return b.Truncate(limit), err
}

// StopPointDepartures returns the departures board of one stop point
// (/stoppoint/passage/Departures). The board's StopPointCode is the code
// of the request. limit 0 leaves the number to the service.
func (c *Client) StopPointDepartures(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	return c.pointBoard(ctx, pathPointDepartures, code, limit, DecodeDepartures)
}

// StopPointArrivals returns the arrivals board of one stop point
// (/stoppoint/passage/Arrivals). The board's StopPointCode is the code of
// the request. limit 0 leaves the number to the service.
func (c *Client) StopPointArrivals(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error) {
	return c.pointBoard(ctx, pathPointArrivals, code, limit, DecodeArrivals)
}

func (c *Client) pointBoard(ctx context.Context, path string, code model.StopPointCode, limit int, decode func([]byte) (model.Board, error)) (model.Board, error) {
	q := newQuery()
	code = q.stopPointCode(code, true)
	q.limit(limit)
	b, err := call(ctx, c, path, q, live, subjectCode(code), decode)
	if err != nil {
		return b, err
	}
	b.StopPointCode = code
	return b.Truncate(limit), nil
}

func subjectCode(code model.StopPointCode) string {
	if code == "" {
		return ""
	}
	return paramStopPointCode + " " + code.String()
}

// Trips returns the live state of the vehicles (/vehicle/trip/Trip): all
// of them when vehicleNumber is 0, else the one vehicle.
func (c *Client) Trips(ctx context.Context, vehicleNumber int) ([]model.Trip, error) {
	q := newQuery()
	q.number(paramVehicleNumber, vehicleNumber, false)
	return call(ctx, c, pathTrips, q, live, subjectInt(paramVehicleNumber, vehicleNumber), DecodeTrips)
}

// Passages returns the stop points a vehicle's trip passes
// (/vehicle/trip/Passage). r "" leaves the range to the service.
func (c *Client) Passages(ctx context.Context, vehicleNumber int, r model.Range) (model.VehiclePassages, error) {
	q := newQuery()
	q.number(paramVehicleNumber, vehicleNumber, true)
	q.passageRange(r)
	vp, err := call(ctx, c, pathPassages, q, live, subjectInt(paramVehicleNumber, vehicleNumber), DecodePassages)
	return vp.Plausible(), err
}

// Pattern returns the path of a vehicle's current trip
// (/vehicle/trip/Pattern): the group selected by scope (Stops, Track or
// Carriageway); scope "" leaves the choice to the service.
func (c *Client) Pattern(ctx context.Context, vehicleNumber int, scope model.PatternScope) (model.Pattern, error) {
	q := newQuery()
	q.number(paramVehicleNumber, vehicleNumber, true)
	q.patternScope(scope)
	return call(ctx, c, pathPattern, q, live, subjectInt(paramVehicleNumber, vehicleNumber), DecodePattern)
}

// Alert returns the service's unplanned passenger alert
// (/passenger/alert/UnplannedAlert, not part of the specification). When
// there is none the Alert is empty and the error nil.
func (c *Client) Alert(ctx context.Context) (model.Alert, error) {
	return call(ctx, c, pathUnplannedAlert, newQuery(), live, "", DecodeAlert)
}
