package gtfs

import (
	"strconv"
	"strings"

	"abfahrt/model"
)

// Network is the live network a static feed is loaded for: its stop
// points, so that of a large feed (the national one) only the stops of
// the network and the trips calling at them are kept. A stop is the
// network's when its stop_id or stop_code is a live StopPointCode (the
// real service's codes are DHIDs), when its DHID's stop and last part are
// a live six-digit code's, or when it lies within the live stop points'
// area (with a margin of about 2 km).
type Network struct {
	codes                          map[string]bool
	minLat, maxLat, minLon, maxLon float64
	box                            bool
}

// areaMargin is the margin around the live stop points' area, in degrees
// (about 2.2 km north-south, 1.5 km east-west at 48°N).
const areaMargin = 0.02

// NetworkOf is the network of the live stop points; nil without any.
func NetworkOf(points []model.StopPoint) *Network {
	if len(points) == 0 {
		return nil
	}
	n := &Network{codes: make(map[string]bool, 2*len(points)), minLat: 90, maxLat: -90, minLon: 180, maxLon: -180}
	for _, p := range points {
		code := string(p.StopPointCode)
		n.codes[code] = true
		if c, err := strconv.Atoi(code); err == nil && len(code) == 6 {
			n.codes[strconv.Itoa(c/100)+":"+strconv.Itoa(c%100)] = true
		}
		if pt := p.StopPointCoordinates.Point; pt.Known() {
			n.minLat, n.maxLat = min(n.minLat, pt.Latitude), max(n.maxLat, pt.Latitude)
			n.minLon, n.maxLon = min(n.minLon, pt.Longitude), max(n.maxLon, pt.Longitude)
			n.box = true
		}
	}
	return n
}

// keeps reports whether the stop is the network's (a nil network keeps
// every stop).
func (n *Network) keeps(s *Stop) bool {
	if n == nil || n.codes[s.ID] || s.Code != "" && n.codes[s.Code] {
		return true
	}
	if s.HasPosition {
		return n.box && s.Lat >= n.minLat-areaMargin && s.Lat <= n.maxLat+areaMargin &&
			s.Lon >= n.minLon-areaMargin && s.Lon <= n.maxLon+areaMargin
	}
	if parts := strings.Split(s.ID, ":"); len(parts) >= 5 {
		if p, err := strconv.Atoi(parts[len(parts)-1]); err == nil {
			return n.codes[parts[2]+":"+strconv.Itoa(p)]
		}
	}
	return false
}
