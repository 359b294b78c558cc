package remind

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// t0 is the board's clock at the start of a test.
var t0 = time.Date(2026, 9, 11, 12, 34, 56, 0, model.Berlin)

// board is what a board hands its reminders: its clock, its texts and
// the status bar's notice.
type board struct {
	Rem    *Set
	T      *ui.Texts
	now    time.Time
	Notice string
}

// newBoard returns the reminders of a board without a state dir, at t0,
// ringing on bell (nil: silent), warning the default minute ahead.
func newBoard(bell *bytes.Buffer) *board {
	tx := ui.EnglishTexts()
	var w io.Writer
	if bell != nil {
		w = bell
	}
	return &board{Rem: New("", w, 0, NotifyBell), T: &tx, now: t0}
}

// env is the board's state a check reads (the service's clock is the
// local one).
func (b *board) env() Env { return Env{Now: b.now, Local: b.now, T: b.T, Notice: &b.Notice} }

// event is line 7 to Kuhberg from Hauptbahnhof platform D, scheduled
// 12:35:56 and predicted late to when.
func event(when time.Time) model.Event {
	sched := t0.Add(time.Minute)
	return model.Event{StopPointNumber: 4, StopPointCode: model.CodeFor(1008, 4), PlatformName: "D", VehicleNumber: 161,
		VehicleCategory: model.VehicleBus, RouteNumber: 7, RouteName: "7", DirectionText: "Kuhberg", Status: model.StatusPredicted,
		Scheduled: model.At(sched), Actual: model.At(when), Deviation: int(when.Sub(sched) / time.Second)}
}

// A reminder says when to leave; a delay reported later moves the leave
// time; the bell rings once a minute before the leave time with a notice, and the
// reminder goes once the departure has gone.
func TestReminderFollowsDelayRingsOnceAndGoes(t *testing.T) {
	var bell bytes.Buffer
	sh := newBoard(&bell)
	tick := func(d time.Duration, boards ...model.Board) {
		t.Helper()
		sh.now = sh.now.Add(d)
		if ring, _ := sh.Rem.Check(sh.env(), boards); ring != nil {
			ring()
		}
	}
	e := event(t0.Add(8 * time.Minute)) // 12:42:56, 7 min late
	if n := sh.Rem.Toggle(sh.T, 1008, 4*time.Minute, &e); n != "reminder: leave at 12:38 for line 7 to Kuhberg (warns 1 min ahead)" {
		t.Errorf("notice %q", n)
	}
	if !sh.Rem.Has(EventID(&e)) {
		t.Fatal("the reminder is not set")
	}
	later := event(t0.Add(11 * time.Minute)) // 12:45:56: three minutes more
	board := model.Board{StopNumber: 1008, Events: []model.Event{later}}
	tick(15*time.Second, board)
	if r := sh.Rem.Get(EventID(&e)); r == nil || !r.LeaveAt().Equal(t0.Add(7*time.Minute)) {
		t.Fatalf("the delay did not move the leave time: %+v", r)
	}
	tick(4*time.Minute-15*time.Second, board) // 12:38:56, the old leave time
	if bell.Len() != 0 {
		t.Fatalf("the bell rang %q at the old leave time", bell.String())
	}
	// Issue 23 item 10 (changed on purpose): the bell warns a minute
	// before the leave time (the default remind_before), not at it.
	tick(2*time.Minute-time.Second, board)
	if bell.Len() != 0 {
		t.Fatalf("the bell rang %q a second before the warning", bell.String())
	}
	tick(time.Second, board) // 12:40:56, a minute before the leave time 12:41:56
	if bell.String() != "\a" {
		t.Fatalf("the bell wrote %q a minute before the leave time, want one BEL", bell.String())
	}
	if sh.Notice != "Leave in 1 min for line 7 to Kuhberg (12:45)" {
		t.Errorf("notice %q", sh.Notice)
	}
	tick(time.Second, board)
	tick(time.Minute, board)
	if bell.String() != "\a" {
		t.Errorf("the bell rang again: %q", bell.String())
	}
	tick(t0.Add(11*time.Minute+ui.HideAfter).Sub(sh.now), board) // the departure, and HideAfter since
	if len(sh.Rem.Items) != 1 {
		t.Errorf("the reminder went before its departure had gone")
	}
	tick(time.Second, board)
	if len(sh.Rem.Items) != 0 {
		t.Errorf("a gone departure's reminder stays: %+v", sh.Rem.Items)
	}
	if n := sh.Rem.Toggle(sh.T, 1008, 0, &e); !strings.HasPrefix(n, "reminder: 1 min before line 7 to Kuhberg leaves") {
		t.Errorf("setting a reminder again, without a walking time: %q", n)
	}
	if n := sh.Rem.Toggle(sh.T, 1008, 0, &e); n != "reminder removed" {
		t.Errorf("removing it: %q", n)
	}
}

// A silent terminal (no bell) still says when to leave.
func TestReminderSilent(t *testing.T) {
	sh := newBoard(nil)
	e := event(t0.Add(2 * time.Minute))
	sh.Rem.Toggle(sh.T, 1008, time.Minute, &e)
	sh.now = t0.Add(time.Minute)
	ring, changed := sh.Rem.Check(sh.env(), nil)
	if ring != nil || !changed {
		t.Errorf("without a bell: ring %v, changed %v; want no bell and a change", ring != nil, changed)
	}
	if !strings.Contains(sh.Notice, "Leave now for line 7 to Kuhberg (12:36)") {
		t.Errorf("notice %q", sh.Notice)
	}
}
