package sim

import (
	"math"
	"sync"
)

// Average speeds in m/s between stops (dwell time is added per stop).
const (
	tramSpeed  = 6.8
	busSpeed   = 6.3
	nightSpeed = 7.5
	dwellSec   = 25
)

// Point spacing in metres of a direction's geometry: the track (vehicle
// positions, Pattern ContentScope=Track) and the carriageway (Pattern
// ContentScope=Carriageway).
const (
	trackStep       = 25
	carriagewayStep = 8
)

// line2Minutes are the real scheduled minutes from the first stop of line 2
// towards Science Park II, as in the captured passage of bus 151.
var line2Minutes = []int32{0, 1, 2, 3, 4, 7, 10, 11, 12, 14, 16, 17, 19, 21, 22, 23, 24, 25, 27}

// line is a passenger line of the simulated network.
type line struct {
	index    int
	number   int
	name     string
	category int
	night    bool
	class    int
	real     bool
	dirs     [2]*direction
}

// direction is one direction of a line with its pattern, geometry and schedule.
type direction struct {
	line      *line
	no        int       // 1 or 2
	name      string    // direction name: the destination
	depText   string    // DepartureDirectionText (the destination)
	arrText   string    // ArrivalDirectionText (where the vehicle comes from)
	points    []int     // stop point indices
	stopAt    []float64 // distance along track of each stop
	offsets   []int32   // scheduled seconds from the first stop, whole minutes
	waypoints []lonLat  // the stop points' positions, in order
	keys      []int     // their stop numbers (a stop pair bends the same way both ways)

	// track (a point every ~25 m: vehicle positions) and carriageway
	// (every ~8 m, three times the points: Pattern requests only) are
	// built on first use, not at start-up: a board's answers need neither
	// (the schedule needs stopAt only, computed by the same arithmetic).
	track, carriageway func() *polyline
}

func newLine(n *network, r *lineRow) *line {
	l := &line{number: r.Number, name: r.Name, category: r.Category, night: r.Night, class: r.Class, real: r.Real}
	l.index = len(n.lines)
	for d, refs := range [2][]stopRef{r.Dir1, r.Dir2} {
		dir := &direction{line: l, no: d + 1}
		if d == 0 {
			dir.name, dir.depText, dir.arrText = r.To, r.To, r.From
		} else {
			dir.name, dir.depText, dir.arrText = r.From, r.From, r.To
		}
		var waypoints []lonLat
		var keys []int
		for _, ref := range refs {
			pi := n.pointIndex(ref.Stop, ref.Point)
			if pi < 0 {
				continue // cannot happen with a generated table
			}
			dir.points = append(dir.points, pi)
			waypoints = append(waypoints, n.position(pi))
			keys = append(keys, ref.Stop)
		}
		dir.stopAt = trackStops(waypoints, keys, trackStep)
		dir.waypoints, dir.keys = waypoints, keys
		dir.track = sync.OnceValue(func() *polyline {
			pl, _ := buildTrack(dir.waypoints, dir.keys, trackStep)
			return &pl
		})
		dir.carriageway = sync.OnceValue(func() *polyline {
			pl, _ := buildTrack(dir.waypoints, dir.keys, carriagewayStep)
			return &pl
		})
		dir.offsets = schedule(l, dir, d)
		l.dirs[d] = dir
	}
	return l
}

// position returns the stop point's coordinates, or its stop's when unknown.
func (n *network) position(pi int) lonLat {
	p := &n.points[pi]
	if p.known() {
		return lonLat{p.row.Lon, p.row.Lat}
	}
	s := n.stops[p.stop].row
	return lonLat{s.Lon, s.Lat}
}

// schedule derives the scheduled minute offsets of a direction from the
// track distances (line 2 uses the real minutes).
func schedule(l *line, dir *direction, d int) []int32 {
	k := len(dir.stopAt)
	out := make([]int32, k)
	if l.real && len(line2Minutes) == k {
		for i := range out {
			if d == 0 {
				out[i] = line2Minutes[i] * 60
			} else {
				out[i] = (line2Minutes[k-1] - line2Minutes[k-1-i]) * 60
			}
		}
		return out
	}
	speed := busSpeed
	switch {
	case l.category == 1:
		speed = tramSpeed
	case l.night:
		speed = nightSpeed
	}
	t := 0.0
	for i := 1; i < k; i++ {
		t += (dir.stopAt[i]-dir.stopAt[i-1])/speed + dwellSec
		m := int32(math.Round(t / 60))
		if m <= out[i-1]/60 {
			m = out[i-1]/60 + 1
		}
		out[i] = m * 60
	}
	return out
}

// duration is the scheduled running time of a trip in seconds.
func (d *direction) duration() int32 { return d.offsets[len(d.offsets)-1] }
