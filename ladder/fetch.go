package ladder

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"abfahrt/model"
)

// Source is what Gather asks of the service; feed.Client satisfies it.
type Source interface {
	Routes(ctx context.Context, scope model.Scope, routeNumber int) ([]model.Route, error)
	Trips(ctx context.Context, vehicleNumber int) ([]model.Trip, error)
	Passages(ctx context.Context, vehicleNumber int, r model.Range) (model.VehiclePassages, error)
	StopPointArrivals(ctx context.Context, code model.StopPointCode, limit int) (model.Board, error)
}

// EndsLimit is how many arrivals of a last stop point are asked for, for
// ghosts: every trip of the line under way must be among them, so enough
// for a line every 5 minutes on an hour's run besides the other lines
// ending there.
const EndsLimit = 30

// ErrUnknownLine is the error of Gather for a line the service does not
// know and no vehicle serves.
var ErrUnknownLine = errors.New("unknown line")

// Gather fetches what Build needs for line at once (for a one-shot
// answer such as `abfahrt headways`): the routes, every trip, the
// passages of the line's vehicles, the arrivals at each direction's
// last stop point. Now is the service's time, from its answers (the
// local clock when none says). The cost is 2 + vehicles + directions
// requests.
func Gather(ctx context.Context, src Source, line string, interval time.Duration) (Input, error) {
	in := Input{Line: line, Interval: interval, Passages: map[int]model.VehiclePassages{},
		Ends: map[model.StopPointCode][]model.Event{}}
	var rErr, tErr error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); in.Routes, rErr = src.Routes(ctx, model.ScopeExtended, 0) }()
	go func() { defer wg.Done(); in.Trips, tErr = src.Trips(ctx, 0) }()
	wg.Wait()
	if rErr != nil {
		return in, rErr
	}
	if tErr != nil {
		return in, tErr
	}
	route := findRoute(in.Routes, line)
	var vehicles []int
	for _, t := range in.Trips {
		if t.IsActive && t.JourneyData != nil && lineOf(t.JourneyData) == line {
			vehicles = append(vehicles, t.VehicleNumber)
		}
	}
	if route == nil && len(vehicles) == 0 {
		return in, fmt.Errorf("%w %q (the service knows %s)", ErrUnknownLine, line, strings.Join(Lines(in.Routes), ", "))
	}
	lasts := LastPoints(in.Routes, line)
	var mu sync.Mutex
	var errs []error
	var stamp time.Time
	for _, v := range vehicles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vp, err := src.Passages(ctx, v, model.RangeAll)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			in.Passages[v] = vp
			if vp.Timestamp.Known() && vp.Timestamp.After(stamp) {
				stamp = vp.Timestamp.Time
			}
		}()
	}
	for _, code := range lasts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := src.StopPointArrivals(ctx, code, EndsLimit)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			in.Ends[code] = b.Events
			if b.Timestamp.Known() && b.Timestamp.After(stamp) {
				stamp = b.Timestamp.Time
			}
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		return in, errs[0] // the others are most likely the same
	}
	in.Now = stamp
	if in.Now.IsZero() {
		in.Now = time.Now()
	}
	return in, nil
}

// Lines are the names of the routes, in the service's order.
func Lines(routes []model.Route) []string {
	out := make([]string, 0, len(routes))
	for _, r := range routes {
		if n := lineName(r.RouteName, r.RouteNumber); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// LastPoints are the last stop point of each direction of line's route,
// whose arrivals tell the ghosts.
func LastPoints(routes []model.Route, line string) []model.StopPointCode {
	route := findRoute(routes, line)
	if route == nil {
		return nil
	}
	var out []model.StopPointCode
	for _, p := range route.RoutePattern {
		if n := len(p.StopPoints); n > 0 {
			out = append(out, p.StopPoints[n-1].StopPointCode)
		}
	}
	return out
}
