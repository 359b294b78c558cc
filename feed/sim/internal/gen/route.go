package main

import (
	"container/heap"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
)

// Hop limits for consecutive stops of a synthetic line, in metres.
const (
	minHop   = 50
	maxHop   = 1500
	ruralHop = 3200
	// directHop: consecutive anchors at most this far apart are joined directly.
	directHop = 1200
)

// Rules of the coverage pass (cover) and of the network test in feed/sim.
const (
	designMinHop  = 40    // consecutive stops at least this far apart
	designMaxHop  = 1500  // urban hop limit
	designMaxTurn = 110.0 // degrees: a sharper change of heading is a zig-zag
)

// turn is the change of heading in degrees at b on the way a -> b -> c.
func turn(a, b, c *stop) float64 {
	return angleDiff(bearing(a.Lon, a.Lat, b.Lon, b.Lat), bearing(b.Lon, b.Lat, c.Lon, c.Lat))
}

type genLine struct {
	lineSpec
	Dir1, Dir2 []*stopPoint
}

func buildLines(stops map[int]*stop, passage []byte) ([]genLine, error) {
	real2, err := realLine2(stops, passage)
	if err != nil {
		return nil, err
	}
	seqs := make([][]int, len(lineSpecs))
	for i, spec := range lineSpecs {
		seqs[i] = spec.Stops
		if !spec.Exact && len(spec.Stops) > 0 {
			seqs[i], err = chain(stops, spec.Stops)
			if err != nil {
				return nil, fmt.Errorf("line %s: %w", spec.Name, err)
			}
		}
	}
	cover(stops, seqs)
	var out []genLine
	for i, spec := range lineSpecs {
		seq := seqs[i]
		if len(seq) < 2 {
			return nil, fmt.Errorf("line %s: no stops", spec.Name)
		}
		if spec.From == "" {
			spec.From, spec.To = stops[seq[0]].Name, stops[seq[len(seq)-1]].Name
		}
		l := genLine{lineSpec: spec}
		for _, n := range seq {
			if s := stops[n]; s == nil || !s.Passenger {
				return nil, fmt.Errorf("line %s: stop %d is not a passenger stop", spec.Name, n)
			}
		}
		if spec.Number == 2 {
			l.Dir1 = real2
		} else {
			l.Dir1 = pattern(stops, seq)
		}
		rev := make([]int, len(seq))
		for i, n := range seq {
			rev[len(seq)-1-i] = n
		}
		l.Dir2 = pattern(stops, rev)
		if verbose {
			report(l)
		}
		out = append(out, l)
	}
	if verbose {
		served := map[int]bool{}
		for _, sq := range seqs {
			for _, n := range sq {
				served[n] = true
			}
		}
		var miss []string
		pax := 0
		for _, s := range stops {
			if s.Passenger {
				pax++
				if !served[s.Number] {
					miss = append(miss, fmt.Sprintf("%d %s", s.Number, s.Name))
				}
			}
		}
		sort.Strings(miss)
		fmt.Fprintf(os.Stderr, "%d of %d passenger stops served; not served: %v\n", pax-len(miss), pax, miss)
	}
	return out, nil
}

// cover inserts every passenger stop that no line serves into the day bus
// line where it fits best: between two consecutive stops when the detour is
// small and no turn gets sharp, or beyond a terminus when it continues the
// line outwards. It repeats until no stop fits any more.
func cover(stops map[int]*stop, seqs [][]int) {
	served := map[int]bool{}
	for _, sq := range seqs {
		for _, n := range sq {
			served[n] = true
		}
	}
	var todo []*stop
	for _, s := range stops {
		if s.Passenger && !served[s.Number] {
			todo = append(todo, s)
		}
	}
	sort.Slice(todo, func(i, j int) bool { return todo[i].Number < todo[j].Number })
	dist := func(a, b int) float64 {
		x, y := stops[a], stops[b]
		return distance(x.Lon, x.Lat, y.Lon, y.Lat)
	}
	okTurn := func(a, b, c int) bool { return turn(stops[a], stops[b], stops[c]) <= designMaxTurn }
	hbf := stops[1008]
	for changed := true; changed; {
		changed = false
		for _, u := range todo {
			if served[u.Number] {
				continue
			}
			bestLine, bestPos, bestCost := -1, 0, math.Inf(1)
			for li, sq := range seqs {
				spec := lineSpecs[li]
				if spec.Exact || spec.Night || spec.Category != 5 || len(sq) < 2 {
					continue
				}
				for i := 0; i+1 < len(sq); i++ {
					a, b := sq[i], sq[i+1]
					da, db, dab := dist(a, u.Number), dist(u.Number, b), dist(a, b)
					if da < designMinHop || db < designMinHop || da > designMaxHop || db > designMaxHop {
						continue
					}
					detour := da + db - dab
					if detour > math.Max(250, 0.5*dab) || !okTurn(a, u.Number, b) {
						continue
					}
					if i > 0 && !okTurn(sq[i-1], a, u.Number) || i+2 < len(sq) && !okTurn(u.Number, b, sq[i+2]) {
						continue
					}
					if detour < bestCost {
						bestLine, bestPos, bestCost = li, i+1, detour
					}
				}
				// Beyond a terminus: the new hop continues the last one outwards.
				for _, end := range [2]int{0, len(sq) - 1} {
					prev := sq[1]
					if end > 0 {
						prev = sq[end-1]
					}
					t := sq[end]
					dt := dist(t, u.Number)
					if dt < designMinHop || dt > designMaxHop || turn(stops[prev], stops[t], u) > 60 ||
						distance(hbf.Lon, hbf.Lat, u.Lon, u.Lat) <= distance(hbf.Lon, hbf.Lat, stops[t].Lon, stops[t].Lat) {
						continue
					}
					if c := 300 + dt; c < bestCost {
						bestLine, bestPos, bestCost = li, end, c
						if end > 0 {
							bestPos = end + 1
						}
					}
				}
			}
			if bestLine < 0 {
				continue
			}
			sq := seqs[bestLine]
			sq = append(sq[:bestPos:bestPos], append([]int{u.Number}, sq[bestPos:]...)...)
			seqs[bestLine] = sq
			served[u.Number] = true
			changed = true
		}
	}
}

// report prints a line's chain with hop lengths, for reviewing the synthetic sequences.
func report(l genLine) {
	total := 0.0
	fmt.Fprintf(os.Stderr, "%-3s", l.Name)
	for i, p := range l.Dir1 {
		if i > 0 {
			q := l.Dir1[i-1]
			d := distance(q.Stop.Lon, q.Stop.Lat, p.Stop.Lon, p.Stop.Lat)
			total += d
			fmt.Fprintf(os.Stderr, " -%.0f-", d)
		}
		fmt.Fprintf(os.Stderr, " %s/%d", p.Stop.Name, p.Number)
	}
	fmt.Fprintf(os.Stderr, "  [%d stops, %.1f km]\n", len(l.Dir1), total/1000)
}

// realLine2 reads the stop points of line 2 towards Science Park II from the
// real vehicle passage capture.
func realLine2(stops map[int]*stop, passage []byte) ([]*stopPoint, error) {
	var doc struct {
		VehiclePassage struct {
			PassageData []struct{ StopNumber, StopPointNumber int }
		}
	}
	if err := json.Unmarshal(passage, &doc); err != nil {
		return nil, fmt.Errorf("passage capture: %w", err)
	}
	var out []*stopPoint
	for _, r := range doc.VehiclePassage.PassageData {
		p := findPoint(stops[r.StopNumber], r.StopPointNumber)
		if p == nil {
			return nil, fmt.Errorf("passage capture: unknown stop point %d/%d", r.StopNumber, r.StopPointNumber)
		}
		out = append(out, p)
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("passage capture: %d passages", len(out))
	}
	return out, nil
}

func findPoint(s *stop, n int) *stopPoint {
	if s == nil {
		return nil
	}
	for _, p := range s.Points {
		if p.Number == n {
			return p
		}
	}
	return nil
}

// pattern chooses for each stop of seq the passenger stop point whose bearing
// best fits the direction of travel.
func pattern(stops map[int]*stop, seq []int) []*stopPoint {
	out := make([]*stopPoint, len(seq))
	for i, n := range seq {
		s := stops[n]
		a, b := s, s
		if i > 0 {
			a = stops[seq[i-1]]
		}
		if i < len(seq)-1 {
			b = stops[seq[i+1]]
		}
		travel := bearing(a.Lon, a.Lat, b.Lon, b.Lat)
		var best *stopPoint
		bestScore := math.Inf(1)
		for _, p := range s.Points {
			if !p.Passenger {
				continue
			}
			score := angleDiff(float64(p.Bearing), travel)
			if !p.known() {
				score += 1000
			}
			if p.Number >= 20 {
				score += 30 // secondary numbering: prefer the main platforms
			}
			if score < bestScore {
				best, bestScore = p, score
			}
		}
		out[i] = best
	}
	return out
}

func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	if d > 180 {
		d = 360 - d
	}
	return d
}

// chain joins consecutive anchors by the cheapest path over passenger stops
// whose hops are between minHop and maxHop metres; the cost favours a
// realistic stop spacing of some 400-700 m.
func chain(stops map[int]*stop, anchors []int) ([]int, error) {
	var nodes []*stop
	for _, s := range stops {
		if s.Passenger {
			nodes = append(nodes, s)
		}
	}
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].Number < nodes[j].Number })
	used := map[int]bool{}
	for _, a := range anchors {
		used[a] = true
	}
	seq := []int{anchors[0]}
	for i := 1; i < len(anchors); i++ {
		// Anchors close together are consecutive stops: the anchor list is
		// the line's sequence where it is dense.
		a, b := stops[anchors[i-1]], stops[anchors[i]]
		if a != nil && b != nil && distance(a.Lon, a.Lat, b.Lon, b.Lat) <= directHop {
			seq = append(seq, anchors[i])
			continue
		}
		// Rural stretches have no stops for kilometres: relax the hop limit there.
		path, err := shortest(nodes, stops[anchors[i-1]], stops[anchors[i]], used, maxHop)
		if direct := distance(a.Lon, a.Lat, b.Lon, b.Lat); direct <= ruralHop && (err != nil || pathLength(stops, path) > 1.4*direct) {
			// Nothing on the way: a rural hop rather than a detour.
			path, err = []int{a.Number, b.Number}, nil
		}
		if err != nil {
			path, err = shortest(nodes, stops[anchors[i-1]], stops[anchors[i]], used, ruralHop)
		}
		if err != nil {
			return nil, err
		}
		for _, n := range path[1:] {
			used[n] = true
		}
		seq = append(seq, path[1:]...)
	}
	return seq, nil
}

// pathLength is the length of a chain of stops in metres.
func pathLength(stops map[int]*stop, path []int) float64 {
	l := 0.0
	for i := 1; i < len(path); i++ {
		a, b := stops[path[i-1]], stops[path[i]]
		l += distance(a.Lon, a.Lat, b.Lon, b.Lat)
	}
	return l
}

func hopCost(d float64) float64 { return d + d*d/1500 + 150 }

type item struct {
	node int
	cost float64
}

type pq []item

func (q pq) Len() int           { return len(q) }
func (q pq) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q pq) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x interface{}) {
	if it, ok := x.(item); ok {
		*q = append(*q, it)
	}
}
func (q *pq) Pop() interface{} {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

func shortest(nodes []*stop, from, to *stop, used map[int]bool, limit float64) ([]int, error) {
	if from == nil || to == nil {
		return nil, fmt.Errorf("unknown anchor")
	}
	idx := map[int]int{}
	for i, s := range nodes {
		idx[s.Number] = i
	}
	dist := make([]float64, len(nodes))
	prev := make([]int, len(nodes))
	for i := range dist {
		dist[i] = math.Inf(1)
		prev[i] = -1
	}
	src, dst := idx[from.Number], idx[to.Number]
	dist[src] = 0
	q := &pq{{src, 0}}
	for q.Len() > 0 {
		it, ok := heap.Pop(q).(item)
		if !ok {
			break
		}
		if it.cost > dist[it.node] {
			continue
		}
		if it.node == dst {
			break
		}
		u := nodes[it.node]
		for j, v := range nodes {
			if j == it.node || (used[v.Number] && j != dst) {
				continue
			}
			d := distance(u.Lon, u.Lat, v.Lon, v.Lat)
			if d < minHop || d > limit {
				continue
			}
			if c := it.cost + hopCost(d); c < dist[j] {
				dist[j], prev[j] = c, it.node
				heap.Push(q, item{j, c})
			}
		}
	}
	if math.IsInf(dist[dst], 1) {
		return nil, fmt.Errorf("no chain from %s (%d) to %s (%d)", from.Name, from.Number, to.Name, to.Number)
	}
	var path []int
	for n := dst; n != -1; n = prev[n] {
		path = append(path, nodes[n].Number)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, nil
}
