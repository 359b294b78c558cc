package model_test

import (
	"testing"
	"time"

	"abfahrt/model"
)

func TestDelayMinutes(t *testing.T) {
	for _, tc := range []struct{ secs, want int }{
		{0, 0}, {29, 0}, {30, 1}, {89, 1}, {90, 2}, {-29, 0}, {-30, -1}, {-90, -2}, {218, 4},
	} {
		if got := model.DelayMinutes(tc.secs); got != tc.want {
			t.Errorf("DelayMinutes(%d) = %d, want %d", tc.secs, got, tc.want)
		}
		if got := (model.Event{Deviation: tc.secs}).DelayMinutes(); got != tc.want {
			t.Errorf("Event.DelayMinutes(%d) = %d", tc.secs, got)
		}
	}
}

func TestEventDueInAndRealtime(t *testing.T) {
	now := time.Date(2026, 9, 11, 10, 49, 34, 0, time.UTC)
	sched := model.At(now.Add(3 * time.Minute))
	actual := model.At(now.Add(5 * time.Minute))
	cases := []struct {
		name     string
		e        model.Event
		due      time.Duration
		hasDue   bool
		realtime bool
	}{
		{"live", model.Event{VehicleNumber: 151, Scheduled: sched, Actual: actual}, 5 * time.Minute, true, true},
		// issue 12 item 4: a planned row counts to its plan, not to a hidden prediction
		{"no vehicle yet", model.Event{Scheduled: sched, Actual: actual}, 3 * time.Minute, true, false},
		{"schedule only", model.Event{VehicleNumber: 151, Scheduled: sched}, 3 * time.Minute, true, false},
		{"past", model.Event{VehicleNumber: 151, Actual: model.At(now.Add(-time.Minute))}, -time.Minute, true, true},
		{"no time", model.Event{VehicleNumber: 151}, 0, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := tc.e.DueIn(now)
			if d != tc.due || ok != tc.hasDue {
				t.Errorf("DueIn = %v, %v; want %v, %v", d, ok, tc.due, tc.hasDue)
			}
			if tc.e.Realtime() != tc.realtime {
				t.Errorf("Realtime = %v", tc.e.Realtime())
			}
		})
	}
}

func TestLineAndConversions(t *testing.T) {
	d := model.Departure{RouteNumber: 102, RouteName: "2", DepartureDirectionText: "Sc. Park II", DepartureDeviation: 70, VehicleNumber: 151}
	e := d.Event()
	if e.Arrival || e.Line() != "2" || e.DirectionText != "Sc. Park II" || e.Deviation != 70 {
		t.Errorf("departure event %+v", e)
	}
	a := model.Arrival{RouteNumber: 5, ArrivalDirectionText: "Kuhberg"}.Event()
	if !a.Arrival || a.Line() != "5" || a.DirectionText != "Kuhberg" {
		t.Errorf("arrival event %+v", a)
	}
	if (model.Event{}).Line() != "?" {
		t.Error("an event without a line prints ?")
	}
}

func TestPassageTimes(t *testing.T) {
	arr := model.At(time.Date(2026, 9, 11, 11, 5, 15, 0, time.UTC))
	last := model.Passage{ArrivalTimeScheduled: arr, ArrivalTimeActual: arr, ArrivalDeviation: 195}
	if last.Scheduled() != arr || last.Actual() != arr || last.Deviation() != 195 {
		t.Errorf("last stop falls back to arrival: %+v", last)
	}
}

func TestParseEnums(t *testing.T) {
	if s, err := model.ParseScope(" Extended "); err != nil || s != model.ScopeExtended {
		t.Errorf("ParseScope: %v %v", s, err)
	}
	if r, err := model.ParseRange("Upcomming"); err != nil || r != model.RangeUpcoming { //nolint:misspell // the spec's spelling
		t.Errorf("ParseRange: %v %v", r, err)
	}
	if p, err := model.ParsePatternScope("carriageway"); err != nil || p != model.PatternCarriageway {
		t.Errorf("ParsePatternScope: %v %v", p, err)
	}
	for _, f := range []func() error{
		func() error { _, err := model.ParseScope("full"); return err },
		func() error { _, err := model.ParseRange("soon"); return err },
		func() error { _, err := model.ParsePatternScope("map"); return err },
	} {
		if f() == nil {
			t.Error("bad enum accepted")
		}
	}
	if !model.IsPassengerStop("Hauptbahnhof Steig B") || model.IsPassengerStop("Hauptbahnhof Ersatzhalt B") {
		t.Error("IsPassengerStop")
	}
}
