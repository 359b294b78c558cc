package model

import (
	"encoding/json"
	"math"
)

// Unknown-position sentinels sent by the service for a stop point or
// vehicle whose position it does not know.
const (
	UnknownLongitude = 180.000000555556
	UnknownLatitude  = 90.0000005555556
)

// Point is a WGS84 position. The 180/90 sentinel, and anything outside the
// valid range, decodes to a Point that is not Known.
type Point struct {
	Longitude float64
	Latitude  float64
	// Valid is false for an unknown position.
	Valid bool
}

// Known reports whether the position is real.
func (p Point) Known() bool { return p.Valid }

// Pt returns a known point.
func Pt(lon, lat float64) Point { return Point{Longitude: lon, Latitude: lat, Valid: true} }

type wirePoint struct {
	Longitude float64 `json:"Longitude"`
	Latitude  float64 `json:"Latitude"`
}

func validLonLat(lon, lat float64) bool {
	return !math.IsNaN(lon) && !math.IsNaN(lat) && math.Abs(lon) < 180 && math.Abs(lat) < 90 && !(lon == 0 && lat == 0)
}

// UnmarshalJSON reads {"Longitude":..,"Latitude":..}.
func (p *Point) UnmarshalJSON(b []byte) error {
	var w wirePoint
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*p = Point{}
	if validLonLat(w.Longitude, w.Latitude) {
		*p = Point{Longitude: w.Longitude, Latitude: w.Latitude, Valid: true}
	}
	return nil
}

// MarshalJSON writes the position, or the service's sentinel when unknown.
func (p Point) MarshalJSON() ([]byte, error) {
	if !p.Valid {
		return json.Marshal(wirePoint{UnknownLongitude, UnknownLatitude})
	}
	return json.Marshal(wirePoint{p.Longitude, p.Latitude})
}

// Coordinates is a position with the bearing (degrees, 0 = north) of a stop
// point or a vehicle.
type Coordinates struct {
	Point
	Bearing int
}

type wireCoords struct {
	Longitude float64 `json:"Longitude"`
	Latitude  float64 `json:"Latitude"`
	Bearing   int     `json:"Bearing"`
}

// UnmarshalJSON reads {"Longitude":..,"Latitude":..,"Bearing":..}.
func (c *Coordinates) UnmarshalJSON(b []byte) error {
	var w wireCoords
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Coordinates{Bearing: w.Bearing}
	if validLonLat(w.Longitude, w.Latitude) {
		c.Point = Point{Longitude: w.Longitude, Latitude: w.Latitude, Valid: true}
	}
	return nil
}

// MarshalJSON writes the position and bearing, with the sentinel when unknown.
func (c Coordinates) MarshalJSON() ([]byte, error) {
	w := wireCoords{UnknownLongitude, UnknownLatitude, c.Bearing}
	if c.Valid {
		w.Longitude, w.Latitude = c.Longitude, c.Latitude
	}
	return json.Marshal(w)
}

// DistanceM is the great-circle distance between two known points in metres.
func DistanceM(a, b Point) float64 {
	const r = 6371000.0
	la1, la2 := a.Latitude*math.Pi/180, b.Latitude*math.Pi/180
	dla := la2 - la1
	dlo := (b.Longitude - a.Longitude) * math.Pi / 180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}
