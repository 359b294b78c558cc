package history

import (
	"context"
	"time"

	"abfahrt/model"
)

// VehicleSource answers what the whole network's recording asks: the
// trips of all vehicles and one vehicle's passages (*feed.Client).
type VehicleSource interface {
	Trips(ctx context.Context, vehicleNumber int) ([]model.Trip, error)
	Passages(ctx context.Context, vehicleNumber int, r model.Range) (model.VehiclePassages, error)
}

// Network records the whole network within an upstream budget: the
// trips of all vehicles every interval (one request) say which vehicles
// are in service and when one starts a new trip; a vehicle's passages
// (one request) list its trip's stops with the actual time of each
// departure made. So each vehicle is asked when it is first seen on a trip
// and again just after its last departure of the trip (its last stop has
// none), when the answer holds every departure of the trip at its actual
// time; and at least every MaxGap between. Requests are spent as a token
// bucket fills at Rate a second, due vehicles first.
//
// Trips the service runs without a vehicle are on no vehicle's passages:
// only boards see them.
type Network struct {
	Source VehicleSource
	// Observe gets every passages answer (nil: none; a hub whose mirror
	// already hands every upstream answer to its recorder leaves it nil).
	Observe func(model.VehiclePassages)
	// Interval is the update interval: the trips are asked this often,
	// and no vehicle more often.
	Interval time.Duration
	// Rate is the budget in requests a second (0: MaxRate).
	Rate float64
	// MaxGap is the longest time between two questions about a vehicle in
	// service (0: 10 minutes).
	MaxGap time.Duration

	vehicles  map[int]*netVehicle
	tokens    float64
	last      time.Time
	nextTrips time.Time

	// Requests and Failed count the requests made.
	Requests, Failed int
}

type netVehicle struct {
	journey [2]int // route number and direction of its trip
	due     time.Time
	asked   time.Time
	active  bool
}

// endMargin is how long after the predicted last departure of a trip its
// vehicle is asked: late enough for the departure to have happened, early
// enough for the vehicle not to have reached its last stop.
const endMargin = 10 * time.Second

// Tick spends the budget accrued up to now. The caller calls it often
// (every second); the simulated clock of a test passes its own now.
func (n *Network) Tick(ctx context.Context, now time.Time) {
	rate := n.Rate
	if rate <= 0 {
		rate = MaxRate
	}
	if n.vehicles == nil {
		n.vehicles = map[int]*netVehicle{}
		n.tokens = 1
	} else if now.After(n.last) {
		n.tokens = min(n.tokens+rate*now.Sub(n.last).Seconds(), max(2*rate, 1))
	}
	n.last = now
	if n.tokens >= 1 && !now.Before(n.nextTrips) {
		n.tokens--
		n.trips(ctx, now)
	}
	for n.tokens >= 1 && ctx.Err() == nil {
		var pick int
		var v *netVehicle
		for num, c := range n.vehicles {
			if !c.due.After(now) && (v == nil || c.due.Before(v.due) || c.due.Equal(v.due) && num < pick) {
				pick, v = num, c
			}
		}
		if v == nil {
			return
		}
		n.tokens--
		n.passages(ctx, now, pick, v)
	}
}

func (n *Network) trips(ctx context.Context, now time.Time) {
	n.Requests++
	trips, err := n.Source.Trips(ctx, 0)
	if err != nil {
		n.Failed++
		n.nextTrips = now.Add(n.Interval)
		return
	}
	n.nextTrips = now.Add(n.Interval)
	active := map[int]bool{}
	for _, t := range trips {
		if !t.IsActive || t.JourneyData == nil || t.VehicleNumber == 0 {
			continue
		}
		active[t.VehicleNumber] = true
		j := [2]int{t.JourneyData.RouteNumber, t.JourneyData.Direction}
		v := n.vehicles[t.VehicleNumber]
		switch {
		case v == nil:
			n.vehicles[t.VehicleNumber] = &netVehicle{journey: j, due: now, active: true}
		case v.journey != j || !v.active:
			// A new trip: its schedule, and the end of the last one if
			// that was missed.
			v.journey, v.active, v.due = j, true, now
		}
	}
	for num, v := range n.vehicles {
		if !active[num] && v.active {
			// Out of service: asked once more, so that what it left open
			// is settled.
			v.active, v.due = false, now
		}
	}
}

func (n *Network) passages(ctx context.Context, now time.Time, num int, v *netVehicle) {
	n.Requests++
	v.asked = now
	vp, err := n.Source.Passages(ctx, num, model.RangeAll)
	if err != nil {
		n.Failed++
		v.due = now.Add(n.Interval)
		return
	}
	if n.Observe != nil {
		n.Observe(vp)
	}
	if !v.active {
		delete(n.vehicles, num)
		return
	}
	maxGap := n.MaxGap
	if maxGap <= 0 {
		maxGap = 10 * time.Minute
	}
	next := now.Add(maxGap)
	var end time.Time // the predicted last departure of the trip
	for _, p := range vp.Passages {
		if !p.DepartureTimeScheduled.Known() || p.Status.Done() {
			continue
		}
		at := p.DepartureTimeActual
		if !at.Known() {
			at = p.DepartureTimeScheduled
		}
		if at.After(end) {
			end = at.Time
		}
	}
	if !end.IsZero() && end.Add(endMargin).Before(next) {
		next = end.Add(endMargin)
	}
	if soonest := now.Add(n.Interval); next.Before(soonest) {
		next = soonest
	}
	v.due = next
}
