package sim

import (
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Unknown-position sentinel of the real service (wire-format.md section 2).
const (
	unknownLon = 180.000000555556
	unknownLat = 90.0000005555556
)

// stopRow is one generated stop.
type stopRow struct {
	Number    int
	Code      string
	Name      string
	Lon, Lat  float64
	Passenger bool
}

// stopPointRow is one generated stop point.
type stopPointRow struct {
	Stop      int
	Number    int
	Platform  string
	Name      string
	DHID      string
	Lon, Lat  float64
	Bearing   int
	Passenger bool
}

// stopRef names a stop point by stop number and stop point number.
type stopRef struct{ Stop, Point int }

// lineRow is one generated line with its two direction patterns.
type lineRow struct {
	Number   int
	Name     string
	Category int
	Night    bool
	Class    int
	Real     bool
	From, To string
	Dir1     []stopRef
	Dir2     []stopRef
}

// Stop is a stop of the network with its stop points.
type stop struct {
	row    *stopRow
	points []int // indices into network.points, by stop point number
}

// point is a stop point of the network.
type point struct {
	row    *stopPointRow
	stop   int // index into network.stops
	code   int // StopNumber*100 + StopPointNumber
	routes []int
	visits []visit // every stop of a direction's pattern at this point
}

// visit is a stop of a direction's pattern: direction index (line index
// times two plus direction number less one) and position in the pattern.
type visit struct{ dir, seq int32 }

func (p *point) known() bool { return p.row.Lat < 89 && p.row.Lon < 179 }

// network is the static, immutable part of the simulation.
type network struct {
	stops      []stop
	points     []point
	stopByNum  map[int]int
	pointByKey map[int]int // code -> index
	pointByID  map[string]int
	lines      []*line
	dirs       []*direction // every line's two directions: line index*2 + no-1
	lineByNum  map[int]*line
	fleet      []vehicle
	fleetByNum map[int]int
}

// theNetwork builds the network once; it is immutable afterwards.
var theNetwork = sync.OnceValue(buildNetwork)

func buildNetwork() *network {
	n := &network{
		stopByNum:  make(map[int]int, len(stopRows)),
		pointByKey: make(map[int]int, len(stopPointRows)),
		pointByID:  make(map[string]int, len(stopPointRows)),
		lineByNum:  map[int]*line{},
		fleetByNum: map[int]int{},
	}
	n.stops = make([]stop, len(stopRows))
	for i := range stopRows {
		n.stops[i] = stop{row: &stopRows[i]}
		n.stopByNum[stopRows[i].Number] = i
	}
	n.points = make([]point, len(stopPointRows))
	for i := range stopPointRows {
		r := &stopPointRows[i]
		si := n.stopByNum[r.Stop]
		n.points[i] = point{row: r, stop: si, code: r.Stop*100 + r.Number}
		n.pointByKey[n.points[i].code] = i
		n.pointByID[strings.ToLower(r.DHID)] = i
		n.stops[si].points = append(n.stops[si].points, i)
	}
	for i := range n.stops {
		ps := n.stops[i].points
		sort.Slice(ps, func(a, b int) bool { return n.points[ps[a]].row.Number < n.points[ps[b]].row.Number })
	}
	for i := range lineRows {
		l := newLine(n, &lineRows[i])
		n.lines = append(n.lines, l)
		n.lineByNum[l.number] = l
		n.dirs = append(n.dirs, l.dirs[0], l.dirs[1])
		for di, d := range l.dirs {
			for s, pi := range d.points {
				p := &n.points[pi]
				p.visits = append(p.visits, visit{dir: int32(2*i + di), seq: int32(s)})
				if len(p.routes) == 0 || p.routes[len(p.routes)-1] != i {
					p.routes = append(p.routes, i)
				}
			}
		}
	}
	n.fleet = buildFleet(n)
	for i, v := range n.fleet {
		n.fleetByNum[v.number] = i
	}
	return n
}

// pointIndex resolves a stop point reference to an index, or -1.
func (n *network) pointIndex(stopNum, pointNum int) int {
	if i, ok := n.pointByKey[stopNum*100+pointNum]; ok {
		return i
	}
	return -1
}

// lookupPointCode resolves a StopPointCode query value: a 6-digit code or a
// DHID such as de:08421:1008:1:1. ok is false when the value is malformed.
func (n *network) lookupPointCode(v string) (idx int, ok bool) {
	if strings.HasPrefix(strings.ToLower(v), "de:") {
		if i, found := n.pointByID[strings.ToLower(v)]; found {
			return i, true
		}
		return n.guessDHID(v), true
	}
	if len(v) != 6 {
		return -1, false
	}
	c, err := strconv.Atoi(v)
	if err != nil || c < 100000 {
		return -1, false
	}
	if i, found := n.pointByKey[c]; found {
		return i, true
	}
	return -1, true
}

// guessDHID maps an unknown DHID de:AAAAA:SSSS:x:P best effort to stop SSSS
// and stop point P (when P is a number of that stop), else -1.
func (n *network) guessDHID(v string) int {
	parts := strings.Split(v, ":")
	if len(parts) < 5 {
		return -1
	}
	s, err1 := strconv.Atoi(parts[2])
	p, err2 := strconv.Atoi(parts[len(parts)-1])
	if err1 != nil || err2 != nil {
		return -1
	}
	return n.pointIndex(s, p)
}
