package recording

import (
	"context"
	"time"

	"abfahrt/feed"
	"abfahrt/history"
	"abfahrt/model"
)

// Extras asks the service, besides the boards a recorder polls,
// what a replay serves (their raw answers reach the recording through
// Tap): the base data of every kind at the start and every hour (kept
// once a day and when they change, history.OnChange), the alerts every
// interval, and with a network (record --all --keep-raw) the trips of all
// vehicles and the passages of each (history.Network, within its budget).
type Extras struct {
	Client   *feed.Client
	Network  *history.Network // nil: no vehicles
	Interval time.Duration
	Alerts   bool // the alerts too (--keep-raw)

	nextBase, nextAlerts time.Time
	// Requests and Failed count the requests made (the network's apart).
	Requests, Failed int
}

// extrasRate is the network's share of the upstream budget with
// record --all: the boards keep history.MaxRate.
const extrasRate = 0.5

// Tick asks what is due at now.
func (x *Extras) Tick(ctx context.Context, now time.Time) {
	count := func(err error) {
		x.Requests++
		if err != nil {
			x.Failed++
		}
	}
	if !now.Before(x.nextBase) {
		x.nextBase = now.Add(time.Hour)
		for _, scope := range []model.Scope{model.ScopeExtended} {
			_, err := x.Client.Stops(ctx, scope, 0)
			count(err)
			_, err = x.Client.StopPoints(ctx, scope, "")
			count(err)
			_, err = x.Client.Routes(ctx, scope, 0)
			count(err)
			_, err = x.Client.Vehicles(ctx, scope, 0)
			count(err)
		}
	}
	if x.Alerts && !now.Before(x.nextAlerts) {
		x.nextAlerts = now.Add(x.Interval)
		_, err := x.Client.Alert(ctx)
		count(err)
	}
	if x.Network != nil {
		x.Network.Tick(ctx, now)
	}
}

// Run ticks every second until ctx ends.
func (x *Extras) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		x.Tick(ctx, time.Now())
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// WithArrivals adds to subjects their arrival boards.
func WithArrivals(subjects []history.Subject) []history.Subject {
	out := subjects
	for _, s := range subjects {
		if !s.Arrivals {
			s.Arrivals = true
			out = append(out, s)
		}
	}
	return out
}

// StartExtras asks what a replay serves besides the boards
// (Extras), a first time now, then until the returned function is
// called; alerts with
// --keep-raw, the vehicles with network.
func StartExtras(ctx context.Context, c *feed.Client, interval time.Duration, alerts, network bool) func() {
	x := &Extras{Client: c, Interval: interval, Alerts: alerts}
	if network {
		x.Network = &history.Network{Source: c, Interval: interval, Rate: extrasRate}
	}
	// The first round (the base data) before the boards: a recording
	// that ends soon has them all the same.
	x.Tick(ctx, time.Now())
	xctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); x.Run(xctx) }()
	return func() { cancel(); <-done }
}

// Keep hands the raw answers worth keeping to r: with raw all of
// them, else the base data and the recording's origin only; those once a
// day and when they change.
func Keep(r *history.Recorder, raw bool) func(history.Answer) {
	var changed history.OnChange
	return func(a history.Answer) {
		if (raw || history.Seldom(a.Subject)) && changed.Pass(a) {
			r.KeepAnswer(a)
		}
	}
}
