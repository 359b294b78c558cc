package sim

import (
	"math"
	"sort"
)

// lonLat is a WGS84 position.
type lonLat struct{ Lon, Lat float64 }

// polyline is a densified path with cumulative distances in metres.
type polyline struct {
	pts []lonLat
	cum []float64
}

const metresPerDegLat = 111_320.0

// distance returns the distance in metres (equirectangular; fine at city scale).
func distance(a, b lonLat) float64 {
	k := math.Cos((a.Lat + b.Lat) / 2 * math.Pi / 180)
	dx := (b.Lon - a.Lon) * k * metresPerDegLat
	dy := (b.Lat - a.Lat) * metresPerDegLat
	return math.Hypot(dx, dy)
}

// bearingDeg returns the bearing from a to b in whole degrees 0..359.
func bearingDeg(a, b lonLat) int {
	k := math.Cos((a.Lat + b.Lat) / 2 * math.Pi / 180)
	dx := (b.Lon - a.Lon) * k
	dy := b.Lat - a.Lat
	deg := int(math.Round(math.Atan2(dx, dy) * 180 / math.Pi))
	return (deg%360 + 360) % 360
}

// buildTrack densifies the waypoints into a gently curved polyline with a
// point about every step metres and returns it with the distance of every
// waypoint along it. The curve between two stops depends only on the pair of
// stop numbers, so both directions bend the same way.
func buildTrack(way []lonLat, keys []int, step float64) (polyline, []float64) {
	return densify(way, keys, step, true)
}

// trackStops returns the distance of every waypoint along the track
// buildTrack would make, to the bit, without making it.
func trackStops(way []lonLat, keys []int, step float64) []float64 {
	_, at := densify(way, keys, step, false)
	return at
}

// densify is buildTrack; keep says whether to keep the points (else only
// the waypoints' distances are computed, by the same arithmetic).
func densify(way []lonLat, keys []int, step float64, keep bool) (polyline, []float64) {
	var pl polyline
	at := make([]float64, len(way))
	if len(way) == 0 {
		return pl, at
	}
	// The points of each leg first, so the track is allocated once.
	steps := make([]int, len(way))
	total := 1
	for i := 1; i < len(way); i++ {
		steps[i] = max(int(math.Ceil(distance(way[i-1], way[i])/step)), 1)
		total += steps[i]
	}
	if keep {
		pl.pts = make([]lonLat, 1, total)
		pl.cum = make([]float64, 1, total)
		pl.pts[0] = way[0]
	}
	prev, cum := way[0], 0.0
	for i := 1; i < len(way); i++ {
		a, b := way[i-1], way[i]
		lo, hi := keys[i-1], keys[i]
		sign := 1.0
		if lo > hi {
			lo, hi = hi, lo
			sign = -1
		}
		bend := sign * (unit(mix(uint64(lo), uint64(hi), 0x7ac4)) - 0.5) * 0.24
		// Control point of a quadratic Bézier: the midpoint moved sideways.
		k := math.Cos(a.Lat * math.Pi / 180)
		dx, dy := (b.Lon-a.Lon)*k, b.Lat-a.Lat
		c := lonLat{(a.Lon+b.Lon)/2 - dy*bend/k, (a.Lat+b.Lat)/2 + dx*bend}
		n := steps[i]
		for j := 1; j <= n; j++ {
			t := float64(j) / float64(n)
			u := 1 - t
			p := lonLat{u*u*a.Lon + 2*u*t*c.Lon + t*t*b.Lon, u*u*a.Lat + 2*u*t*c.Lat + t*t*b.Lat}
			cum += distance(prev, p)
			prev = p
			if keep {
				pl.cum = append(pl.cum, cum)
				pl.pts = append(pl.pts, p)
			}
		}
		at[i] = cum
	}
	return pl, at
}

// at returns the position and bearing at distance s along the polyline.
func (pl *polyline) at(s float64) (lonLat, int) {
	n := len(pl.pts)
	if n == 0 {
		return lonLat{unknownLon, unknownLat}, 0
	}
	if n == 1 {
		return pl.pts[0], 0
	}
	i := sort.SearchFloat64s(pl.cum, s)
	if i <= 0 {
		return pl.pts[0], bearingDeg(pl.pts[0], pl.pts[1])
	}
	if i >= n {
		return pl.pts[n-1], bearingDeg(pl.pts[n-2], pl.pts[n-1])
	}
	a, b := pl.pts[i-1], pl.pts[i]
	seg := pl.cum[i] - pl.cum[i-1]
	f := 0.0
	if seg > 0 {
		f = (s - pl.cum[i-1]) / seg
	}
	return lonLat{a.Lon + (b.Lon-a.Lon)*f, a.Lat + (b.Lat-a.Lat)*f}, bearingDeg(a, b)
}

// round7 rounds a coordinate to 7 decimals (about 1 cm).
func round7(x float64) float64 { return math.Round(x*1e7) / 1e7 }
