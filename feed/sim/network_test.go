package sim

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// Coherence rules of the simulated lines (see internal/gen/route.go).
const (
	netMaxHop   = 1500  // metres between consecutive stops within 4 km of Hauptbahnhof
	netRuralHop = 3200  // metres between consecutive stops further out
	netMaxTurn  = 110.0 // degrees a line may change its heading at a stop
	netEdgeMin  = 1500  // metres from Hauptbahnhof a day line's terminus lies at least
)

func stopPos(n *network, si int) lonLat { return lonLat{n.stops[si].row.Lon, n.stops[si].row.Lat} }

func headingDeg(a, b lonLat) float64 {
	p1, p2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	dl := (b.Lon - a.Lon) * math.Pi / 180
	y := math.Sin(dl) * math.Cos(p2)
	x := math.Cos(p1)*math.Sin(p2) - math.Sin(p1)*math.Cos(p2)*math.Cos(dl)
	return math.Mod(math.Atan2(y, x)*180/math.Pi+360, 360)
}

func turnDeg(a, b, c lonLat) float64 {
	d := math.Abs(headingDeg(a, b) - headingDeg(b, c))
	if d > 180 {
		d = 360 - d
	}
	return d
}

// lineStops returns the stop indices of a direction.
func lineStops(n *network, d *direction) []int {
	out := make([]int, len(d.points))
	for i, pi := range d.points {
		out[i] = n.points[pi].stop
	}
	return out
}

// TestNetworkCoverage runs a whole simulated weekday: every passenger stop
// (not depots, pause points or replacement stop points) has departures or
// arrivals.
func TestNetworkCoverage(t *testing.T) {
	s, _ := newTestService(t, testStart)
	n := s.net
	dp := s.plans.day(2026, time.September, 9) // a Wednesday
	pax, served := 0, 0
	var missing []string
	for _, st := range n.stops {
		if !st.row.Passenger {
			continue
		}
		pax++
		events := 0
		for _, pi := range st.points {
			events += len(dp.events(pi, false)) + len(dp.events(pi, true))
		}
		if events > 0 {
			served++
		} else {
			missing = append(missing, fmt.Sprintf("%d %s", st.row.Number, st.row.Name))
		}
	}
	t.Logf("%d of %d passenger stops served over the weekday", served, pax)
	if len(missing) > 0 {
		t.Errorf("%d passenger stops without a passage all weekday: %s", len(missing), strings.Join(missing, ", "))
	}
}

// TestNetworkCoherence checks every line for a geographically coherent
// chain: consecutive stops close together, no stop twice, no zig-zag, the
// two directions the same chain reversed, day lines ending at the edges of
// the network, and line 2 on its real sequence.
func TestNetworkCoherence(t *testing.T) {
	n := theNetwork()
	hbf := stopPos(n, n.stopByNum[1008])
	for _, l := range n.lines {
		a, b := lineStops(n, l.dirs[0]), lineStops(n, l.dirs[1])
		if len(a) != len(b) {
			t.Errorf("line %s: directions have %d and %d stops", l.name, len(a), len(b))
			continue
		}
		for i := range a {
			if a[i] != b[len(b)-1-i] {
				t.Errorf("line %s: direction 2 is not direction 1 reversed at stop %d", l.name, i)
				break
			}
		}
		seen := map[int]bool{}
		for i, si := range a {
			name := n.stops[si].row.Name
			if seen[si] {
				t.Errorf("line %s visits %s twice", l.name, name)
			}
			seen[si] = true
			if i == 0 {
				continue
			}
			p, q := stopPos(n, a[i-1]), stopPos(n, si)
			d := distance(p, q)
			limit := netMaxHop
			if distance(hbf, p) > 4000 || distance(hbf, q) > 4000 {
				limit = netRuralHop
			}
			if d > float64(limit) {
				t.Errorf("line %s: %.0f m from %s to %s", l.name, d, n.stops[a[i-1]].row.Name, name)
			}
			if i+1 < len(a) {
				if tu := turnDeg(p, q, stopPos(n, a[i+1])); tu > netMaxTurn {
					t.Errorf("line %s: turns by %.0f° at %s (%s -> %s -> %s)", l.name, tu, name,
						n.stops[a[i-1]].row.Name, name, n.stops[a[i+1]].row.Name)
				}
			}
		}
		if l.night {
			continue // night lines run as a star from Hauptbahnhof
		}
		// Each terminus lies at the edge: far out, and the farthest stop
		// (within 40 %) of its half of the line.
		mid := 0
		for i, si := range a {
			if distance(hbf, stopPos(n, si)) < distance(hbf, stopPos(n, a[mid])) {
				mid = i
			}
		}
		for _, half := range [2][]int{a[:mid+1], a[mid:]} {
			term := half[0]
			if half[0] == a[mid] {
				term = half[len(half)-1]
			}
			dt := distance(hbf, stopPos(n, term))
			farthest := 0.0
			for _, si := range half {
				farthest = math.Max(farthest, distance(hbf, stopPos(n, si)))
			}
			if dt < netEdgeMin || dt < 0.6*farthest {
				t.Errorf("line %s: terminus %s (%.1f km out) is not at the edge (its half reaches %.1f km)", l.name,
					n.stops[term].row.Name, dt/1000, farthest/1000)
			}
		}
	}
	real2 := []int{1390, 1383, 1393, 1380, 1360, 1350, 1008, 1010, 1020, 1232, 1202, 1200, 1240, 1241, 1245, 1246, 1247, 1248, 1249}
	got := lineStops(n, n.lineByNum[2].dirs[0])
	for i, si := range got {
		if i >= len(real2) || n.stops[si].row.Number != real2[i] {
			t.Fatalf("line 2 left its real sequence at stop %d", i)
		}
	}
}
