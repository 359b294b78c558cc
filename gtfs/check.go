package gtfs

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
)

// CheckOptions bound a check.
type CheckOptions struct {
	// Now is the service's time (default time.Now).
	Now func() time.Time
	// MaxVehicles bounds how many vehicles' passages are asked (one
	// request each, at most one a second against a remote service).
	MaxVehicles int
	// Pace is the wait between two passage requests.
	Pace time.Duration
}

// Report is what a data keeper needs to know of a static feed against the
// live service.
type Report struct {
	Static string `json:"static"`
	// LiveStopPoints counts the stop points of the live base data that a
	// line serves; MissingStops are those the static feed lacks.
	LiveStopPoints int           `json:"live_stop_points"`
	MissingStops   []MissingStop `json:"missing_stops"`
	// VehiclesAsked counts the live trips compared; Unmatched and
	// Ambiguous are those that match none or several static trips.
	VehiclesAsked int         `json:"vehicles_asked"`
	Matched       int         `json:"matched"`
	Unmatched     []LiveTrip  `json:"unmatched"`
	Ambiguous     []LiveTrip  `json:"ambiguous"`
	Headsigns     []Headsign  `json:"headsigns_differ"`
	NoPosition    []NoPosStop `json:"stops_without_coordinates"`
}

// MissingStop is a live stop point the static feed does not have.
type MissingStop struct {
	Code  string `json:"stop_point_code"`
	Name  string `json:"name"`
	Lines string `json:"lines"`
}

// LiveTrip is a live trip the static feed has none or several of.
type LiveTrip struct {
	Vehicle   int    `json:"vehicle"`
	Line      string `json:"line"`
	Direction string `json:"direction"`
	Start     string `json:"start"`
}

// Headsign is a static headsign that differs from the live direction.
type Headsign struct {
	Line   string `json:"line"`
	Static string `json:"static_headsign"`
	Live   string `json:"live_direction"`
	Trip   string `json:"example_trip_id"`
}

// NoPosStop is a stop point without coordinates, in the static feed or in
// the live base data.
type NoPosStop struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Where string `json:"where"` // "static" or "live"
}

// Check compares a static feed with the live service of c.
func Check(ctx context.Context, c *feed.Client, f *Feed, source string, o CheckOptions) (Report, error) {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	if o.MaxVehicles <= 0 {
		o.MaxVehicles = 40
	}
	r := Report{Static: source}
	m := NewMatcher(f)
	points, err := c.StopPoints(ctx, model.ScopeExtended, "")
	if err != nil {
		return r, fmt.Errorf("live stop points: %w", err)
	}
	for _, p := range points {
		if !p.StopPointCoordinates.Known() {
			r.NoPosition = append(r.NoPosition, NoPosStop{ID: string(p.StopPointCode), Name: p.StopPointName, Where: "live"})
		}
		if len(p.ServicingRoutes) == 0 {
			continue
		}
		r.LiveStopPoints++
		if m.Stop(string(p.StopPointCode)) < 0 {
			var lines []string
			for _, ro := range p.ServicingRoutes {
				lines = append(lines, ro.RouteName)
			}
			r.MissingStops = append(r.MissingStops, MissingStop{Code: string(p.StopPointCode), Name: p.StopPointName, Lines: strings.Join(lines, " ")})
		}
	}
	for _, s := range f.Stops {
		if !s.HasPosition && s.LocationType <= 1 {
			r.NoPosition = append(r.NoPosition, NoPosStop{ID: s.ID, Name: s.Name, Where: "static"})
		}
	}
	trips, err := c.Trips(ctx, 0)
	if err != nil {
		return r, fmt.Errorf("vehicle trips: %w", err)
	}
	seenHS := map[string]bool{}
	for _, t := range trips {
		if !t.IsActive || t.JourneyData == nil || r.VehiclesAsked >= o.MaxVehicles {
			continue
		}
		if r.VehiclesAsked > 0 && o.Pace > 0 {
			select {
			case <-ctx.Done():
				return r, ctx.Err()
			case <-time.After(o.Pace):
			}
		}
		vp, err := c.Passages(ctx, t.VehicleNumber, model.RangeAll)
		if err != nil || len(vp.Passages) == 0 {
			continue
		}
		r.VehiclesAsked++
		live := make([]LiveStop, 0, len(vp.Passages))
		for _, p := range vp.Passages {
			live = append(live, LiveStop{Code: string(p.StopPointCode), Sched: p.Scheduled().Time})
		}
		name := vp.Line()
		dirText := vp.Passages[0].DepartureDirectionText
		lt := LiveTrip{Vehicle: t.VehicleNumber, Line: name, Direction: dirText, Start: vp.Passages[0].Scheduled().Format("2006-01-02 15:04")}
		res := m.Match(name, live, now())
		switch res.Status {
		case Matched:
			r.Matched++
			st := f.Trips[res.Trip]
			if dirText != "" && st.Headsign != dirText && !seenHS[name+"|"+st.Headsign+"|"+dirText] {
				seenHS[name+"|"+st.Headsign+"|"+dirText] = true
				r.Headsigns = append(r.Headsigns, Headsign{Line: name, Static: st.Headsign, Live: dirText, Trip: st.ID})
			}
		case Ambiguous:
			r.Ambiguous = append(r.Ambiguous, lt)
		case Unmatched:
			r.Unmatched = append(r.Unmatched, lt)
		}
	}
	slices.SortFunc(r.MissingStops, func(a, b MissingStop) int { return strings.Compare(a.Code, b.Code) })
	return r, nil
}

// LoadForCheck loads the static GTFS src (a zip file or an http(s) URL)
// within lim for the network the live service c knows: its stop points
// are asked once, and of the feed only those stops and the trips calling
// at them are kept (a national feed fits then).
func LoadForCheck(ctx context.Context, c *feed.Client, src string, lim Limits) (*Feed, error) {
	points, err := c.StopPoints(ctx, model.ScopeExtended, "")
	if err != nil {
		return nil, fmt.Errorf("live stop points: %w", err)
	}
	path, done, _, _, err := FetchFile(ctx, src, "", lim)
	if err != nil {
		return nil, err
	}
	defer done()
	return LoadFile(path, lim, NetworkOf(points))
}
