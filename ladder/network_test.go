package ladder

import (
	"slices"
	"testing"
	"time"

	"abfahrt/exceptions"
	"abfahrt/model"
)

// Issue 25 item 6: the network asks each vehicle's passages once per
// trip: never-asked vehicles first, then a vehicle on a new trip, then
// the one whose delay moved most (a minute or more); a vehicle whose
// delay holds is not asked again, and one out of service is forgotten.
// The last stops are asked in turn.
func TestNetworkWantsOncePerTrip(t *testing.T) {
	now := t0.Add(25 * time.Minute)
	runs := []run{
		{vehicle: 101, dir: 1, start: t0.Add(18 * time.Minute)},
		{vehicle: 102, dir: 1, start: t0.Add(20 * time.Minute)},
		{vehicle: 103, dir: 2, start: t0.Add(17 * time.Minute)},
	}
	var trips []model.Trip
	for _, r := range runs {
		trips = append(trips, r.trip(now))
	}
	routes := []model.Route{route()}
	var n Network
	vs, ends := n.Wants(trips, routes, now, 2, 1, nil)
	if !slices.Equal(vs, []int{101, 102}) || len(ends) != 1 {
		t.Fatalf("first round %v %v, want 101 102 and one last stop", vs, ends)
	}
	for _, r := range runs[:2] {
		n.Took(r.trip(now), r.passages())
	}
	vs, ends2 := n.Wants(trips, routes, now, 2, 1, nil)
	if !slices.Equal(vs, []int{103}) || len(ends2) != 1 || ends2[0] == ends[0] {
		t.Fatalf("second round %v %v, want 103 and the other last stop", vs, ends2)
	}
	n.Took(runs[2].trip(now), runs[2].passages())
	if vs, _ := n.Wants(trips, routes, now, 5, 0, nil); len(vs) != 0 {
		t.Errorf("delays held, trips the same: asked again %v", vs)
	}
	// 102's delay moves by 30 s (not yet), 101's by 2 min, 103 turns.
	trips[1].TimeData.Deviation = 30
	trips[0].TimeData.Deviation = 120
	trips[2].JourneyData.Direction = 1
	if vs, _ := n.Wants(trips, routes, now, 5, 0, nil); !slices.Equal(vs, []int{103, 101}) {
		t.Errorf("asked %v, want 103 (new trip) then 101 (delay moved 2 min)", vs)
	}
	if vs, _ := n.Wants(trips, routes, now, 5, 0, func(v int) bool { return v == 103 }); !slices.Equal(vs, []int{101}) {
		t.Errorf("a vehicle asked already is asked again: %v", vs)
	}
	n.Wants(trips[:1], routes, now, 0, 0, nil)
	if n.Kept() != 1 {
		t.Errorf("vehicles out of service are kept: %d", n.Kept())
	}
}

// Issue 25 item 4: the ladder's flags as the queue's items: a bunched
// pair and a gap name the follower and its leader, and keep their key
// while the vehicles move on (no stop number in it); a ghost names its
// start; a stale vehicle is left to the queue's own silent rule.
func TestLadderItems(t *testing.T) {
	now := t0.Add(25 * time.Minute)
	end := model.CodeFor(1005, 1)
	build := func(now time.Time) []exceptions.Item {
		l := build(now, []run{
			{vehicle: 101, dir: 1, start: t0},
			{vehicle: 102, dir: 1, start: t0.Add(10 * time.Minute), delay: 6 * time.Minute},
			{vehicle: 103, dir: 1, start: t0.Add(20 * time.Minute), age: 5 * time.Minute},
		}, map[model.StopPointCode][]model.Event{end: {{RouteName: "4", RouteNumber: 4,
			Scheduled: model.At(t0.Add(32 * time.Minute)), Actual: model.At(t0.Add(32 * time.Minute))}}})
		return l.Items()
	}
	items := build(now)
	kinds := map[exceptions.Kind]exceptions.Item{}
	for _, it := range items {
		kinds[it.Kind] = it
	}
	if g := kinds[exceptions.Gap]; g.Vehicle != 102 || g.Other != 101 || g.Seconds != 16*60 || g.Line != "4" || g.Stop != 0 {
		t.Errorf("gap %+v, want 102 16 min behind 101", g)
	}
	if g := kinds[exceptions.Ghost]; g.Ref != "08:22" || g.Vehicle != 0 || g.Detail != "no vehicle for the 08:22 start" {
		t.Errorf("ghost %+v, want the 08:22 start", g)
	}
	if len(items) != 2 {
		t.Errorf("items %+v, want the gap and the ghost (103 is stale: not judged)", items)
	}
	later := build(now.Add(2 * time.Minute))
	for _, it := range later {
		if it.Kind == exceptions.Gap && it.Key() != kinds[exceptions.Gap].Key() {
			t.Errorf("the gap's key changes as the vehicles move: %q, was %q", it.Key(), kinds[exceptions.Gap].Key())
		}
	}
}
