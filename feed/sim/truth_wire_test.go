package sim_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"abfahrt/feed"
	"abfahrt/feed/sim"
	"abfahrt/internal/simclient"
	"abfahrt/model"
)

// TestTruthOnTheWire: the truth's pairs and flags are what the wire
// shows. A plain detector that reads only the answers, through the feed
// client (every vehicle's Trip, each active one's Passage: the running
// vehicles of a direction in order of their trips' scheduled start, the
// headway at the follower's last stop reached from both vehicles'
// ArrivalTimeActual, the planned one from their scheduled times) finds
// the bunched pairs and the gaps of Truth with precision and recall of at
// least 0.95 over a weekday (6:00-20:00, every 20 minutes).
func TestTruthOnTheWire(t *testing.T) {
	clock := &setClock{}
	svc := sim.New(sim.Options{Seed: 1, Clock: clock})
	client := simclient.Client(t, svc, feed.WithoutCache())
	ctx := context.Background()
	day := time.Date(2026, 9, 15, 0, 0, 0, 0, model.Berlin)
	tp, fp, fn := map[string]int{}, map[string]int{}, map[string]int{}
	for at := day.Add(6 * time.Hour); at.Before(day.Add(20 * time.Hour)); at = at.Add(20 * time.Minute) {
		clock.set(at)
		want := map[string]string{}
		for _, l := range svc.Truth(at).Lines {
			for _, p := range l.Pairs {
				want[fmt.Sprint(p.Leader, "-", p.Follower)] = p.Flag
			}
		}
		got := wirePairs(ctx, t, client)
		for k, w := range want {
			if g := got[k]; g == w {
				tp[w]++
			} else {
				fn[w]++
				if g != "" {
					fp[g]++
				}
			}
		}
		for k, g := range got {
			if _, ok := want[k]; !ok {
				fp[g]++
			}
		}
	}
	for _, f := range []string{"bunched", "gap"} {
		precision, recall := float64(tp[f])/float64(tp[f]+fp[f]), float64(tp[f])/float64(tp[f]+fn[f])
		t.Logf("%s: %d found, %d wrongly, %d missed: precision %.3f, recall %.3f", f, tp[f], fp[f], fn[f], precision, recall)
		if tp[f] < 20 || precision < 0.95 || recall < 0.95 {
			t.Errorf("%s: precision %.3f, recall %.3f (%d found), want >= 0.95", f, precision, recall, tp[f])
		}
	}
}

// wirePairs flags the pairs of successive running vehicles as the wire
// shows them, by "leader-follower" vehicle numbers.
func wirePairs(ctx context.Context, t *testing.T, client *feed.Client) map[string]string {
	t.Helper()
	all, err := client.Trips(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	type veh struct {
		n     int
		start time.Time
		ps    []model.Passage
	}
	groups := map[string][]veh{}
	for _, v := range all {
		if !v.IsActive || v.JourneyData == nil {
			continue
		}
		vp, err := client.Passages(ctx, v.VehicleNumber, model.RangeAll)
		if err != nil {
			t.Fatal(err)
		}
		ps := vp.Passages
		if len(ps) == 0 || ps[0].Status != model.PassageStatus(4) || ps[len(ps)-1].Status >= model.PassageStatus(3) {
			continue // not on the road: before its first stop or at its last
		}
		g := vp.RouteName + "|" + ps[0].DepartureDirectionText
		groups[g] = append(groups[g], veh{v.VehicleNumber, ps[0].DepartureTimeScheduled.Time, ps})
	}
	got := map[string]string{}
	for _, vs := range groups {
		slices.SortFunc(vs, func(a, b veh) int { return a.start.Compare(b.start) })
		for i := 1; i < len(vs); i++ {
			l, f := vs[i-1], vs[i]
			j := 0
			for j < len(f.ps)-1 && f.ps[j+1].Status >= model.PassageStatus(3) {
				j++
			}
			hw := f.ps[j].ArrivalTimeActual.Sub(l.ps[j].ArrivalTimeActual.Time)
			plan := f.start.Sub(l.start)
			flag := "ok"
			switch {
			case float64(hw) <= sim.BunchedAt*float64(plan):
				flag = "bunched"
			case float64(hw) >= sim.GapAt*float64(plan):
				flag = "gap"
			}
			got[fmt.Sprint(l.n, "-", f.n)] = flag
		}
	}
	return got
}
