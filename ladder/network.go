package ladder

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"abfahrt/exceptions"
	"abfahrt/model"
)

// Network keeps what judging every line in service needs, for the
// exception queue, at a small fraction of the requests a ladder per line
// would make (a dispatcher's queue watches every line at once). Of each vehicle it keeps the passages of
// its current trip, asked once per trip: the timetable of a trip does not
// change while it runs, and the predictions are asked again only when the
// vehicle's delay (which every trips answer brings fresh) has moved by
// DriftAfter since, or when the trip is over by them. Of each line's last
// stop points it keeps the arrivals, asked in turn, for ghosts. Build
// reads passages at the service's time now, so passages asked minutes ago
// still place a vehicle where it is.
//
// Network does no I/O: Wants says what to ask now within a budget, Took
// and TookEnds keep the answers, Ladder judges a line. The zero Network
// is empty and ready.
type Network struct {
	pass map[int]kept
	ends map[model.StopPointCode][]model.Event
	turn int // the next last stop point to ask, in turn
}

// kept is a vehicle's passages with the trip they are of and its delay
// when they were asked.
type kept struct {
	vp   model.VehiclePassages
	trip string
	dev  int
}

// DriftAfter is how far a vehicle's delay may move from the one its kept
// passages were asked with before they are asked again: a minute, the
// resolution of the boards and of the headway flags' thresholds (half a
// headway is 3 minutes and more on every line).
const DriftAfter = 60 // seconds

// tripOf names a trip record's trip as far as it says: its line and
// direction (a vehicle's next trip is of the other direction, or of
// another line).
func tripOf(t model.Trip) string {
	j := t.JourneyData
	if j == nil {
		return ""
	}
	return lineOf(j) + "|" + strconv.Itoa(j.Direction)
}

// Wants returns what to ask now: the passages of at most maxPass
// vehicles in service (those never asked or on a new trip first, then
// those whose kept trip is over, then the largest drift of delay) and at
// most maxEnds of the last stop points of the lines in service, in turn.
// Vehicles for which busy is true (asked, not answered yet) are left out.
// It forgets the vehicles no longer in service.
func (n *Network) Wants(trips []model.Trip, routes []model.Route, now time.Time, maxPass, maxEnds int, busy func(vehicle int) bool) ([]int, []model.StopPointCode) {
	type want struct{ v, rank, drift int }
	var ws []want
	active := map[int]bool{}
	var lines []string
	for _, t := range trips {
		if !t.IsActive || t.VehicleNumber == 0 || t.JourneyData == nil {
			continue
		}
		active[t.VehicleNumber] = true
		if l := lineOf(t.JourneyData); !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
		if busy != nil && busy(t.VehicleNumber) {
			continue
		}
		k, ok := n.pass[t.VehicleNumber]
		drift := t.Deviation() - k.dev
		if drift < 0 {
			drift = -drift
		}
		switch {
		case !ok || k.trip != tripOf(t):
			ws = append(ws, want{t.VehicleNumber, 0, 0})
		case Ended(k.vp, now):
			ws = append(ws, want{t.VehicleNumber, 1, 0})
		case drift >= DriftAfter:
			ws = append(ws, want{t.VehicleNumber, 2, drift})
		}
	}
	for v := range n.pass {
		if !active[v] {
			delete(n.pass, v)
		}
	}
	slices.SortFunc(ws, func(a, b want) int {
		if c := cmp.Compare(a.rank, b.rank); c != 0 {
			return c
		}
		if c := cmp.Compare(b.drift, a.drift); c != 0 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	var vs []int
	for _, w := range ws[:min(len(ws), maxPass)] {
		vs = append(vs, w.v)
	}
	slices.Sort(lines)
	var points []model.StopPointCode
	for _, l := range lines {
		points = append(points, LastPoints(routes, l)...)
	}
	var ends []model.StopPointCode
	for i := 0; i < min(maxEnds, len(points)); i++ {
		ends = append(ends, points[(n.turn+i)%len(points)])
	}
	if len(points) > 0 {
		n.turn = (n.turn + len(ends)) % len(points)
	}
	return vs, ends
}

// Ended reports whether a trip's passages are over at now: its last
// stop's time has passed (or there are none): the vehicle has begun
// another trip, whose passages are to be asked.
func Ended(vp model.VehiclePassages, now time.Time) bool {
	ps := vp.Passages
	if len(ps) == 0 {
		return true
	}
	last := ps[len(ps)-1]
	t := last.ArrivalTimeActual
	if !t.Known() {
		t = last.Actual()
	}
	return t.Known() && t.Before(now)
}

// Took keeps a vehicle's passages, asked while its trip record was t.
func (n *Network) Took(t model.Trip, vp model.VehiclePassages) {
	if n.pass == nil {
		n.pass = map[int]kept{}
	}
	n.pass[t.VehicleNumber] = kept{vp: vp, trip: tripOf(t), dev: t.Deviation()}
}

// TookEnds keeps the arrivals at a last stop point.
func (n *Network) TookEnds(code model.StopPointCode, events []model.Event) {
	if n.ends == nil {
		n.ends = map[model.StopPointCode][]model.Event{}
	}
	n.ends[code] = events
}

// Kept is how many vehicles' passages are kept.
func (n *Network) Kept() int { return len(n.pass) }

// Ladder is line's ladder from what is kept, with the trips of now.
func (n *Network) Ladder(line string, trips []model.Trip, routes []model.Route, now time.Time, interval time.Duration) Ladder {
	return Build(n.Input(line, trips, routes, now, interval))
}

// Input is what Build reads for line from what is kept, with the trips
// of now: a vehicle whose kept passages are of an earlier trip is on the
// ladder but not placed until its new trip's are asked.
func (n *Network) Input(line string, trips []model.Trip, routes []model.Route, now time.Time, interval time.Duration) Input {
	in := Input{Line: line, Now: now, Interval: interval, Routes: routes, Trips: trips,
		Passages: map[int]model.VehiclePassages{}, Ends: n.ends}
	for _, t := range trips {
		if t.JourneyData == nil || lineOf(t.JourneyData) != line {
			continue
		}
		if k, ok := n.pass[t.VehicleNumber]; ok && k.trip == tripOf(t) {
			in.Passages[t.VehicleNumber] = k.vp
		}
	}
	return in
}

// Has reports whether vehicle v's passages are kept.
func (n *Network) Has(v int) bool {
	_, ok := n.pass[v]
	return ok
}

// Place says where the vehicles of items that do not say it are (late
// and silent vehicles), from their kept passages at now: the stop it is
// at or last left, and the next when it is between two.
func (n *Network) Place(items []exceptions.Item, now time.Time) {
	for i := range items {
		it := &items[i]
		if it.Vehicle == 0 || it.StopName != "" {
			continue
		}
		k, ok := n.pass[it.Vehicle]
		if !ok {
			continue
		}
		var c Car
		place(&c, k.vp, now)
		it.StopName = c.Stop
		if c.Between && c.next != c.at {
			for _, p := range k.vp.Passages {
				if p.StopPointCode == c.next {
					it.NextStop = p.StopName
				}
			}
		}
	}
}

// Forget drops everything kept.
func (n *Network) Forget() { *n = Network{} }

// Flags is the line flags of the exception queue (exceptions.LineFlags)
// from what is kept: the bunched pairs, gaps and ghosts of line's ladder.
func (n *Network) Flags(routes []model.Route, interval time.Duration) exceptions.LineFlags {
	return exceptions.LineFlagsFunc(func(line string, s *exceptions.Snapshot) []exceptions.Item {
		l := n.Ladder(line, s.Trips, routes, s.Now, interval)
		return l.Items()
	})
}

// Items are the ladder's bunched pairs, gaps and ghosts as items of the
// exception queue (stale vehicles are not: the queue has its own rule
// for vehicles whose reports stopped, with a longer threshold). A pair is
// one item, of the follower with its leader as the other vehicle.
func (l *Ladder) Items() []exceptions.Item {
	var out []exceptions.Item
	for _, r := range l.Rails {
		for _, c := range r.Vehicles {
			// StopName is where the vehicle (the ghost by the timetable) is;
			// Stop stays 0, for the item is the same wherever the pair
			// moves (Item.Key names its stop).
			it := exceptions.Item{Line: l.Line, Direction: r.Towards, StopName: c.Stop}
			if c.Between && c.At >= 0 && c.At+1 < len(r.Stops) {
				it.NextStop = r.Stops[c.At+1].Name
			}
			hw := c.Headway.Round(time.Second)
			switch c.Flag {
			case FlagBunched, FlagGap:
				it.Kind, it.Vehicle, it.Other, it.Seconds = exceptions.Bunched, c.Vehicle, c.Leader, int(hw.Abs()/time.Second)
				if c.Flag == FlagGap {
					it.Kind = exceptions.Gap
				}
				it.Plan, it.PlanSeconds, it.Overtook = c.Scheduled, int(c.Scheduled.Round(time.Second)/time.Second), c.Overtook != 0
				it.Detail = exceptions.English.Describe(&it)
			case FlagGhost:
				start := c.Start.In(model.Berlin).Format("15:04")
				it.Kind, it.Ref, it.Since = exceptions.Ghost, start, c.Start
				it.Detail = exceptions.English.Describe(&it)
			default:
				continue
			}
			out = append(out, it)
		}
	}
	return out
}

// Fill asks, at most 4 at a time, for what lines' items need at once (a
// one-shot answer such as `abfahrt exceptions`): the passages of every
// vehicle in service on one of lines and the arrivals at the lines' last
// stop points. The cost is one request per such vehicle and two per line.
// An error of one request leaves its vehicle unplaced or its line's
// ghosts unjudged; Fill returns the first error and how many failed.
func (n *Network) Fill(ctx context.Context, src Source, trips []model.Trip, routes []model.Route, lines []string) (failed int, err error) {
	var mu sync.Mutex
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	do := func(f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if e := f(); e != nil {
				mu.Lock()
				failed++
				if err == nil {
					err = e
				}
				mu.Unlock()
			}
		}()
	}
	for _, t := range trips {
		if !t.IsActive || t.VehicleNumber == 0 || t.JourneyData == nil || !slices.Contains(lines, lineOf(t.JourneyData)) {
			continue
		}
		do(func() error {
			vp, e := src.Passages(ctx, t.VehicleNumber, model.RangeAll)
			if e != nil {
				return e
			}
			mu.Lock()
			n.Took(t, vp)
			mu.Unlock()
			return nil
		})
	}
	for _, l := range lines {
		for _, code := range LastPoints(routes, l) {
			do(func() error {
				b, e := src.StopPointArrivals(ctx, code, EndsLimit)
				if e != nil {
					return e
				}
				mu.Lock()
				n.TookEnds(code, b.Events)
				mu.Unlock()
				return nil
			})
		}
	}
	wg.Wait()
	return failed, err
}
