package model

import (
	"testing"
	"time"
)

func TestCheckEvent(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 45, 0, 0, Berlin)
	ev := func(sched, actual time.Time, countdown, dev int) Event {
		return Event{RouteName: "2", DirectionText: "Kuhberg", VehicleNumber: 151,
			Scheduled: At(sched), Actual: At(actual), Countdown: countdown, Deviation: dev}
	}
	in := at.Add
	cases := []struct {
		name string
		e    Event
		want Problem
	}{
		{"ordinary", ev(in(5*time.Minute), in(7*time.Minute), 420, 120), ProblemNone},
		{"schedule only", Event{Scheduled: At(in(10 * time.Minute)), Countdown: 600}, ProblemNone},
		{"1970 sentinel both", Event{Countdown: -1789123774}, ProblemNoTime},
		{"delay beyond 3 hours", ev(in(-4*time.Hour), in(10*time.Minute), 600, 4*3600+600), ProblemHugeDelay},
		{"early beyond 3 hours", ev(in(4*time.Hour), in(10*time.Minute), 600, -13800), ProblemHugeDelay},
		{"times 3h apart but deviation 0", ev(in(-3*time.Hour-time.Minute), in(time.Minute), 60, 0), ProblemHugeDelay},
		{"scheduled yesterday", Event{Scheduled: At(in(-30 * time.Hour)), Countdown: -108000}, ProblemOtherDay},
		{"scheduled next week", Event{Scheduled: At(in(7 * 24 * time.Hour))}, ProblemOtherDay},
		{"countdown contradicts times", ev(in(5*time.Minute), in(5*time.Minute), 30, 0), ProblemCountdown},
		{"countdown within slack", ev(in(5*time.Minute), in(5*time.Minute), 320, 0), ProblemNone},
	}
	for _, c := range cases {
		if got := CheckEvent(c.e, at); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestGuardDropsWhatABoardMustNotShow(t *testing.T) {
	at := time.Date(2026, 9, 11, 12, 45, 0, 0, Berlin)
	good := Event{RouteName: "2", DirectionText: "Kuhberg", VehicleNumber: 151, StopPointCode: "100821",
		Scheduled: At(at.Add(5 * time.Minute)), Actual: At(at.Add(6 * time.Minute)), Countdown: 360, Deviation: 60}
	other := good
	other.RouteName, other.DirectionText = "1", "Böfingen"
	wrongCountdown := other
	wrongCountdown.Scheduled = At(at.Add(20 * time.Minute))
	wrongCountdown.Actual = At(at.Add(20 * time.Minute))
	wrongCountdown.Countdown = 0 // would read "now" forever
	sentinel := Event{RouteName: "4", Countdown: -1789123774}
	events := []Event{good, sentinel, good, other, wrongCountdown}

	kept, dropped := Guard(events, at)
	if dropped != 2 || len(kept) != 3 {
		t.Fatalf("kept %d, dropped %d; want 3 and 2", len(kept), dropped)
	}
	if kept[0].RouteName != "2" || kept[1].RouteName != "1" {
		t.Errorf("order not kept: %v %v", kept[0].RouteName, kept[1].RouteName)
	}
	if kept[2].Countdown != 1200 {
		t.Errorf("contradicting countdown not recomputed from the times: %d", kept[2].Countdown)
	}
	if &events[0] == &kept[0] {
		t.Error("Guard must not reuse the caller's array")
	}
}

func TestProblemString(t *testing.T) {
	if ProblemDuplicate.String() != "duplicate" || Problem(42).String() != "unknown (42)" {
		t.Error("problem names")
	}
}
