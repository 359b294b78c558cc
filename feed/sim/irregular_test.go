package sim_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

// setClock is a clock the test sets.
type setClock struct{ unix atomic.Int64 }

func (c *setClock) Now() time.Time  { return time.Unix(c.unix.Load(), 0) }
func (c *setClock) set(t time.Time) { c.unix.Store(t.Unix()) }

// TestIrregularWeekday: over a simulated weekday (Tuesday 2026-09-15,
// every 5 minutes) the truth has bunched pairs (some with a gap behind
// them) and gaps on the frequent lines in the rush hours, ghost trips
// (0.5-2 % of the day's trips), silent vehicles, and the week at least one
// outage; and what the wire says, through the feed client, agrees with it:
// a ghost's departures are timetable rows without a vehicle and no
// vehicle runs it; a silent vehicle's report time, position and deviation
// stand still; in an outage every vehicle's report is older than its start.
func TestIrregularWeekday(t *testing.T) {
	clock := &setClock{}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	day := time.Date(2026, 9, 15, 0, 0, 0, 0, model.Berlin)
	var pairs, bunched, gaps, bunchedThenGap, silentSamples, samples int
	var silentAt time.Time
	var silentVeh sim.Silent
	for at := day.Add(5 * time.Hour); at.Before(day.Add(24 * time.Hour)); at = at.Add(5 * time.Minute) {
		tr := svc.Truth(at)
		samples++
		if len(tr.Silent) > 0 {
			silentSamples++
		}
		for _, s := range tr.Silent {
			if silentAt.IsZero() && at.Hour() >= 7 && s.Age >= time.Minute && s.Age <= 2*time.Minute {
				silentAt, silentVeh = at, s
			}
		}
		rush := at.Hour() >= 7 && at.Hour() < 9 || at.Hour() >= 16 && at.Hour() < 19
		if !rush {
			continue
		}
		for _, l := range tr.Lines {
			for i, p := range l.Pairs {
				if p.Scheduled > 10*time.Minute {
					continue
				}
				pairs++
				switch p.Flag {
				case "bunched":
					bunched++
					if i+1 < len(l.Pairs) && l.Pairs[i+1].Flag == "gap" && l.Pairs[i+1].Leader == p.Follower {
						bunchedThenGap++
					}
				case "gap":
					gaps++
				}
			}
		}
	}
	ghosts := svc.TrueGhosts(day.Add(3*time.Hour), day.Add(27*time.Hour))
	trips := svc.TrueTrips(day.Add(3*time.Hour), day.Add(27*time.Hour))
	share := float64(len(ghosts)) / float64(trips)
	outages := svc.TrueOutages(day, day.AddDate(0, 0, 7))
	t.Logf("rush hours, frequent lines: %d pairs (every 5 min), %d bunched (%.1f %%), %d of them with a gap behind, %d gaps (%.1f %%)",
		pairs, bunched, 100*float64(bunched)/float64(pairs), bunchedThenGap, gaps, 100*float64(gaps)/float64(pairs))
	t.Logf("ghosts: %d of %d trips (%.2f %%); silent vehicles in %d of %d samples; %d outages in the week from %s",
		len(ghosts), trips, 100*share, silentSamples, samples, len(outages), day.Format("2006-01-02"))
	if pairs < 500 || bunched < pairs/20 || gaps < pairs/50 || bunchedThenGap < 10 {
		t.Errorf("rush hours: %d pairs, %d bunched, %d gaps, %d bunched with a gap behind", pairs, bunched, gaps, bunchedThenGap)
	}
	if share < 0.005 || share > 0.02 {
		t.Errorf("ghosts: %.2f %% of trips, want 0.5-2 %%", 100*share)
	}
	if silentSamples < samples/2 || silentAt.IsZero() {
		t.Errorf("silent vehicles in %d of %d samples", silentSamples, samples)
	}
	if len(outages) == 0 {
		t.Fatal("no outage in a week")
	}

	ctx := context.Background()
	client := simclient.Client(t, svc, feed.WithoutCache())

	// Ghosts on the wire: the first three of the day after 7:00.
	checked := 0
	for _, g := range ghosts {
		if g.Start.Hour() < 7 || checked == 3 {
			continue
		}
		checked++
		clock.set(g.Start.Add(-5 * time.Minute))
		b, err := client.StopPointDepartures(ctx, model.StopPointCode(g.FirstStop), 30)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range b.DepartureData {
			if d.RouteName == g.Line && d.DepartureDirectionText == g.DirectionText && d.DepartureTimeScheduled.Equal(g.Start) {
				found = true
				if d.VehicleNumber != 0 || d.DepartureDeviation != 0 || !d.DepartureTimeActual.Equal(g.Start) {
					t.Errorf("ghost %s %s %s: row %+v, want the timetable without a vehicle", g.Line, g.DirectionText, g.Start.Format("15:04"), d)
				}
			}
		}
		if !found {
			t.Errorf("ghost %s %s %s: not on the board of %s", g.Line, g.DirectionText, g.Start.Format("15:04"), g.FirstStop)
		}
		at := g.Start.Add(3 * time.Minute)
		clock.set(at)
		inTruth := false
		for _, x := range svc.Truth(at).Ghosts {
			inTruth = inTruth || x == g
		}
		if !inTruth {
			t.Errorf("ghost %s %s %s: not in Truth(%s).Ghosts", g.Line, g.DirectionText, g.Start.Format("15:04"), at.Format("15:04"))
		}
		all, err := client.Trips(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range all {
			if !v.IsActive || v.JourneyData == nil || v.JourneyData.DepartureDirectionText != g.DirectionText || v.JourneyData.RouteNumber == 0 {
				continue
			}
			vp, err := client.Passages(ctx, v.VehicleNumber, model.RangeAll)
			if err != nil {
				t.Fatal(err)
			}
			if vp.RouteName == g.Line && len(vp.Passages) > 0 && vp.Passages[0].DepartureTimeScheduled.Equal(g.Start) {
				t.Errorf("ghost %s %s %s: vehicle %d reports it", g.Line, g.DirectionText, g.Start.Format("15:04"), v.VehicleNumber)
			}
		}
	}
	if checked < 3 {
		t.Errorf("%d ghosts after 7:00", checked)
	}

	// A silent vehicle: its report stands still while it stays silent;
	// a reporting one's report is now.
	later := silentAt.Add(20 * time.Second)
	for _, at := range []time.Time{silentAt, later} {
		still := false
		for _, s := range svc.Truth(at).Silent {
			still = still || s.Vehicle == silentVeh.Vehicle && s.LastReport.Equal(silentVeh.LastReport)
		}
		if !still {
			t.Fatalf("vehicle %d: not silent since %s at %s", silentVeh.Vehicle, silentVeh.LastReport.Format("15:04:05"), at.Format("15:04:05"))
		}
	}
	var seen []model.Trip
	for _, at := range []time.Time{silentAt, later} {
		clock.set(at)
		v, err := client.Trips(ctx, silentVeh.Vehicle)
		if err != nil || len(v) != 1 || v[0].TimeData == nil || v[0].PositionData == nil {
			t.Fatalf("vehicle %d at %s: %+v, %v", silentVeh.Vehicle, at.Format("15:04:05"), v, err)
		}
		if !v[0].TimeData.ReferenceTime.Equal(silentVeh.LastReport) {
			t.Errorf("silent vehicle %d at %s: ReferenceTime %s, want its last report %s", silentVeh.Vehicle, at.Format("15:04:05"),
				v[0].TimeData.ReferenceTime.Format("15:04:05"), silentVeh.LastReport.Format("15:04:05"))
		}
		seen = append(seen, v[0])
	}
	if !reflect.DeepEqual(seen[0], seen[1]) {
		t.Errorf("silent vehicle %d moved on the wire: %+v then %+v", silentVeh.Vehicle, seen[0], seen[1])
	}
	clock.set(later)
	all, err := client.Trips(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	silent := map[int]bool{}
	for _, s := range svc.Truth(later).Silent {
		silent[s.Vehicle] = true
	}
	reporting := 0
	for _, v := range all {
		if v.IsActive && !silent[v.VehicleNumber] {
			reporting++
			if !v.TimeData.ReferenceTime.Equal(later) {
				t.Errorf("vehicle %d reports, but its ReferenceTime is %s at %s", v.VehicleNumber, v.TimeData.ReferenceTime.Format("15:04:05"), later.Format("15:04:05"))
			}
		}
	}
	if reporting < 50 {
		t.Errorf("%d vehicles reporting at %s", reporting, later.Format("15:04"))
	}

	// An outage: every vehicle on the wire reports from before its start.
	o := outages[0]
	at := o.From.Add(time.Minute)
	tr := svc.Truth(at)
	if !tr.Outage || !tr.OutageFrom.Equal(o.From) {
		t.Errorf("Truth(%s): outage %v from %s, want from %s", at, tr.Outage, tr.OutageFrom, o.From)
	}
	clock.set(at)
	all, err = client.Trips(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	active := 0
	for _, v := range all {
		if v.IsActive {
			active++
			if v.TimeData.ReferenceTime.After(o.From) {
				t.Errorf("outage from %s: vehicle %d reported at %s", o.From.Format("15:04:05"), v.VehicleNumber, v.TimeData.ReferenceTime.Format("15:04:05"))
			}
		}
	}
	if active < 20 || len(tr.Silent) != active {
		t.Errorf("outage at %s: %d vehicles active on the wire, %d silent in the truth", at.Format("15:04"), active, len(tr.Silent))
	}
	if after := svc.Truth(o.To); after.Outage {
		t.Errorf("outage still on at its end %s", o.To)
	}
}

// TestTruthPure: the truth at a moment is the same whatever was asked
// before, and the same for the same seed.
func TestTruthPure(t *testing.T) {
	at := time.Date(2026, 9, 15, 17, 12, 0, 0, model.Berlin)
	a := sim.New(sim.Options{Seed: 1})
	b := sim.New(sim.Options{Seed: 1})
	a.Truth(at.Add(-3 * time.Hour))
	a.TrueGhosts(at.AddDate(0, 0, -2), at)
	x, y := a.Truth(at), b.Truth(at)
	if !reflect.DeepEqual(x, y) {
		t.Error("same seed and time, different truths")
	}
	if z := sim.New(sim.Options{Seed: 2}).Truth(at); reflect.DeepEqual(x.Lines, z.Lines) {
		t.Error("seeds 1 and 2: the same truth")
	}
}
