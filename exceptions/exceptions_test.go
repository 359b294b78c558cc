package exceptions

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

var now = time.Date(2026, 3, 2, 7, 30, 0, 0, model.Berlin)

func trip(n int, line string, dev int, reportAge time.Duration) model.Trip {
	return model.Trip{VehicleNumber: n, IsActive: true,
		TimeData:    &model.TripTime{Deviation: dev, ReferenceTime: model.Time{Time: now.Add(-reportAge)}},
		JourneyData: &model.Journey{RouteName: line, DepartureDirectionText: "Kuhberg"}}
}

func kinds(items []Item) string {
	var s []string
	for _, it := range items {
		s = append(s, string(it.Kind)+":"+it.Line)
	}
	return strings.Join(s, ",")
}

// TestLateBeyondThreshold: a vehicle 5 min late is not listed, 5 min
// and a second is; a configured threshold moves the boundary.
func TestLateBeyondThreshold(t *testing.T) {
	s := &Snapshot{Now: now, Trips: []model.Trip{trip(1, "2", 300, 0), trip(2, "5", 301, 0), trip(3, "3", -400, 0)}}
	got := Rules{}.Items(s)
	if len(got) != 1 || got[0].Vehicle != 2 || got[0].Kind != Late || got[0].Detail != "5 min late" {
		t.Fatalf("default 5 min: %+v", got)
	}
	got = Rules{Late: 2 * time.Minute}.Items(s)
	if len(got) != 2 {
		t.Fatalf("late = 2m lists both late vehicles, got %+v", got)
	}
}

// TestSilentVehicle: a position 150 s old is not silent, 151 s is; the
// silent item starts at the last report and is not also listed late.
func TestSilentVehicle(t *testing.T) {
	s := &Snapshot{Now: now, Trips: []model.Trip{trip(1, "2", 0, 150*time.Second), trip(2, "4", 900, 151*time.Second)}}
	got := Rules{}.Items(s)
	if len(got) != 1 || got[0].Kind != Silent || got[0].Vehicle != 2 {
		t.Fatalf("got %+v", got)
	}
	if !got[0].Since.Equal(now.Add(-151 * time.Second)) {
		t.Errorf("since %v, want the last report", got[0].Since)
	}
	if got[0].Detail != "no position for 2 min" {
		t.Errorf("detail %q", got[0].Detail)
	}
}

func ev(line, dir string, vehicle int, sched time.Time, dev time.Duration) model.Event {
	return model.Event{RouteName: line, DirectionText: dir, VehicleNumber: vehicle,
		Scheduled: model.Time{Time: sched}, Actual: model.Time{Time: sched.Add(dev)}, Deviation: int(dev / time.Second)}
}

// TestConnectionAtRiskBoundary: the 2 arrives at 07:40 scheduled, the 5
// leaves at 07:45 (its planned connection with 3 min to change). With the
// feeder's prediction plus 3 min exactly at the departure it is not at
// risk; a second later it is. A late connecting departure rescues it.
func TestConnectionAtRiskBoundary(t *testing.T) {
	c := Transfer{Stop: 1008, From: "2", To: "5", MinTransfer: 3 * time.Minute}
	arr := now.Add(10 * time.Minute) // 07:40
	dep := now.Add(15 * time.Minute) // 07:45
	board := func(feederLate, depLate time.Duration) StopBoards {
		return StopBoards{HaveArr: true, HaveDep: true,
			Arrivals: []model.Event{ev("2", "Kuhberg", 21, arr, feederLate), ev("3", "Wiblingen", 31, arr, 20*time.Minute)},
			Departures: []model.Event{ev("5", "Ruhetal", 0, now.Add(11*time.Minute), 0), // before the feeder's planned arrival + 3 min
				ev("5", "Ruhetal", 51, dep, depLate), ev("5", "Ruhetal", 52, dep.Add(10*time.Minute), 0),
				ev("5", "Eselsberg", 53, dep.Add(time.Minute), 0)}}
	}
	if got := c.AtRisk(board(2*time.Minute, 0), now); len(got) != 0 {
		t.Fatalf("arrival 07:42 + 3 min = 07:45, the departure: not at risk, got %+v", got)
	}
	got := c.AtRisk(board(2*time.Minute+time.Second, 0), now)
	if len(got) != 1 || got[0].Other != 51 || got[0].Vehicle != 21 || got[0].Stop != 1008 || got[0].Kind != Connection {
		t.Fatalf("a second later: at risk with vehicle 51, got %+v", got)
	}
	if want := "2 arrives 07:43, 5 to Ruhetal leaves 07:45: 1 min short of 3 min transfer"; got[0].Detail != want {
		t.Errorf("detail %q, want %q", got[0].Detail, want)
	}
	if got := c.AtRisk(board(5*time.Minute, 2*time.Minute), now); len(got) != 2 || got[0].Direction != "Ruhetal" || got[1].Direction != "Eselsberg" {
		t.Fatalf("arriving 07:45, the feeder misses the 5 to Ruhetal (07:47) and to Eselsberg (07:46): %+v", got)
	}
	if got := c.AtRisk(board(5*time.Minute, 3*time.Minute), now); len(got) != 1 || got[0].Direction != "Eselsberg" {
		t.Fatalf("the 5 to Ruhetal waits 3 min: caught; the one to Eselsberg is not, got %+v", got)
	}
	b := board(10*time.Minute, 0)
	b.HaveDep = false
	if got := c.AtRisk(b, now); got != nil {
		t.Fatalf("without the departures nothing is judged, got %+v", got)
	}
}

// TestVerdictBoundaries: 20 % of 20 vehicles silent is an outage, 19 % of
// 100 is not, and nor is every one of 19.
func TestVerdictBoundaries(t *testing.T) {
	fleet := func(n, silent int) []model.Trip {
		var out []model.Trip
		for i := range n {
			age := 10 * time.Second
			if i < silent {
				age = 151 * time.Second
			}
			out = append(out, trip(i+1, "2", 0, age))
		}
		return out
	}
	cases := []struct {
		n, silent int
		outage    bool
		text      string
	}{
		{19, 19, false, "data ok"},
		{20, 4, true, "outage: 20 % of vehicles silent > 150 s"},
		{20, 3, false, "data ok"},
		{100, 19, false, "data ok"},
		{100, 20, true, "outage: 20 % of vehicles silent > 150 s"},
		{45, 14, true, "outage: 31 % of vehicles silent > 150 s"},
	}
	for _, c := range cases {
		v := Judge(fleet(c.n, c.silent), now)
		if v.Outage != c.outage || v.String() != c.text {
			t.Errorf("%d of %d silent: %+v %q, want outage %v %q", c.silent, c.n, v, v.String(), c.outage, c.text)
		}
	}
}

// TestLineFlagsJoinTheQueue: the line-level items come from the
// LineFlags source, once per line in service.
func TestLineFlagsJoinTheQueue(t *testing.T) {
	var asked []string
	flags := LineFlagsFunc(func(line string, _ *Snapshot) []Item {
		asked = append(asked, line)
		if line == "2" {
			return []Item{{Kind: Bunched, Line: "2", Vehicle: 1, Other: 2, Detail: "bunched"}, {Kind: Ghost, Line: "2", Ref: "07:20"}}
		}
		return nil
	})
	s := &Snapshot{Now: now, Trips: []model.Trip{trip(1, "2", 0, 0), trip(2, "2", 0, 0), trip(3, "5", 0, 0)}}
	got := Rules{Lines: flags}.Items(s)
	if kinds(got) != "bunched:2,ghost:2" || strings.Join(asked, ",") != "2,5" {
		t.Fatalf("got %s, asked %v", kinds(got), asked)
	}
}

// TestTrackerSeverityThenAgeAndChange: an item keeps the time it was
// first seen; items of one severity are oldest first, so a new one joins
// the end and a step of its level restarts it; a more severe kind comes
// before any late vehicle however new (issue 33 item 4).
func TestTrackerSeverityThenAgeAndChange(t *testing.T) {
	var tr Tracker
	a := Item{Kind: Late, Line: "2", Vehicle: 1, Level: "1"}
	b := Item{Kind: Late, Line: "5", Vehicle: 2, Level: "1"}
	tr.Stamp([]Item{a}, now)
	got := tr.Stamp([]Item{a, b}, now.Add(time.Minute))
	if got[0].Vehicle != 1 || !got[0].Since.Equal(now) || got[1].Vehicle != 2 {
		t.Fatalf("oldest first, the first keeps its start: %+v", got)
	}
	a.Level = "2"
	got = tr.Stamp([]Item{a, b}, now.Add(2*time.Minute))
	if got[1].Vehicle != 1 || !got[1].Since.Equal(now.Add(2*time.Minute)) {
		t.Fatalf("a changed item starts again, at the end of its kind: %+v", got)
	}
	g := Item{Kind: Gap, Line: "4", Vehicle: 9, Other: 8}
	got = tr.Stamp([]Item{a, b, g}, now.Add(3*time.Minute))
	if got[0].Kind != Gap {
		t.Fatalf("a new gap comes before older late vehicles: %+v", got)
	}
}

// TestGroupLate: a line's late vehicles are one item counting them,
// worst first, its level the worst's; a line with one keeps its item.
func TestGroupLate(t *testing.T) {
	items := []Item{
		{Kind: Late, Line: "1", Vehicle: 11, Seconds: 400, Level: "1", Since: now},
		{Kind: Late, Line: "1", Vehicle: 12, Seconds: 800, Level: "2", Since: now.Add(time.Minute)},
		{Kind: Late, Line: "5", Vehicle: 51, Seconds: 360, Level: "1", Since: now},
		{Kind: Bunched, Line: "2", Vehicle: 22, Other: 23},
	}
	got := GroupLate(items)
	if len(got) != 3 || got[0].Kind != Bunched || got[2].Count != 1 || got[2].Vehicle != 51 || English.Describe(&got[2]) != "6 min late" {
		t.Fatalf("got %+v", got)
	}
	var g *Item
	for i := range got {
		if got[i].Line == "1" {
			g = &got[i]
		}
	}
	if g == nil || g.Count != 2 || g.Vehicle != 0 || g.Members[0].Vehicle != 12 || g.Level != "2" || !g.Since.Equal(now) {
		t.Fatalf("line 1's group: %+v", g)
	}
	if d := English.Describe(g); d != "2 vehicles, up to 13 min late" {
		t.Errorf("group worded %q", d)
	}
}

// TestMarksMergeAndVoid: marks of two instances merge; a mark of another
// level is void; old marks are dropped.
func TestMarksMergeAndVoid(t *testing.T) {
	a := Item{Kind: Late, Line: "2", Vehicle: 1, Level: "1"}
	b := Item{Kind: Silent, Line: "5", Vehicle: 2}
	file := Apply(nil, []MarkOp{{Key: a.Key(), Mark: Mark{Level: "1", At: now}}}, now)                    // instance A acks a
	file = Apply(file, []MarkOp{{Key: b.Key(), Mark: Mark{Hidden: true, At: now}}}, now.Add(time.Second)) // B hides b
	if ack, _ := file.Of(a); !ack {
		t.Errorf("A's ack lost: %+v", file)
	}
	if _, hid := file.Of(b); !hid {
		t.Errorf("B's hide lost: %+v", file)
	}
	a.Level = "2"
	if ack, hid := file.Of(a); ack || hid {
		t.Errorf("a changed item is no longer acknowledged")
	}
	file = Apply(file, nil, now.Add(MarkKeep+time.Minute))
	if len(file) != 0 {
		t.Errorf("day-old marks kept: %+v", file)
	}
}
