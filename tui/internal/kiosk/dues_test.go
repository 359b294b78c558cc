package kiosk

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// A hall display of four boards side by side reads each departure's
// countdown once per minute it shows, not once a second: over a minute
// of clock ticks, each answered by a frame, the countdowns worked out
// anew are at most four per departure on screen (the minute's turn and
// the turn less the 30 s hold, each at its instant, where the clock's
// second falls on it, and after), where every second worked out every
// one, several times.
func TestKioskColumnsWorkOutCountdownsOncePerMinute(t *testing.T) {
	e := newColumnsEnv(t, 300, 80, 0)
	_ = e.m.View()
	rows := 0
	for i := range e.m.Kiosk.Boards {
		rows += len(e.m.Kiosk.Rows(e.m.Shared.Frame(app.PaneBoard), i))
	}
	if rows < 40 {
		t.Fatalf("four boards show %d departures; want a screenful", rows)
	}
	c := e.m.Kiosk.cache
	before := c.worked
	for range 60 {
		e.advance(time.Second)
		if v := e.m.View(); v == "" {
			t.Fatal("no frame")
		}
	}
	if got := c.worked - before; got > 4*rows {
		t.Errorf("a minute of frames worked out %d countdowns of %d departures; want at most %d", got, rows, 4*rows)
	}
}

// A countdown kept between its turns reads what it would read worked out
// anew, at every step of the clock: on the second, between seconds, on a
// minute's turn to the departure, on the hold's, with a prediction that
// moves, for a live, a timetabled and a vanished departure and one more
// than an hour away.
func TestKioskKeptCountdownReadsAsWorkedOutAnew(t *testing.T) {
	kept := newEnv(t, 300, 80, app.KioskOptions{}, "")
	fresh := newEnv(t, 300, 80, app.KioskOptions{}, "")
	evs := []model.Event{
		testkit.Ev("4", model.VehicleBus, 7, "Kuhberg", "A", 1, 5*time.Minute+17*time.Second, 40, model.StatusPredicted),
		testkit.Ev("2", model.VehicleTram, 0, "Science Park", "B", 2, 3*time.Minute, 0, model.StatusPredicted),
		testkit.Ev("5", model.VehicleBus, 9, "Wiblingen", "C", 3, 75*time.Minute+31*time.Second, 0, model.StatusPredicted),
		testkit.Ev("6", model.VehicleBus, 11, "Böfingen", "A", 1, 2*time.Minute+59*time.Second, -20, model.StatusPredicted),
	}
	evs[3].Vanished = testkit.T0
	steps := []time.Duration{time.Second, 400 * time.Millisecond, 600 * time.Millisecond, 7 * time.Second, 13 * time.Second, 17 * time.Second, 29 * time.Second}
	now := testkit.T0
	for i := range 120 {
		now = now.Add(steps[i%len(steps)])
		if i == 40 {
			// A new prediction: the bus a minute and a half later.
			evs[0].Actual = model.At(evs[0].Actual.Add(90 * time.Second))
		}
		for j := range evs {
			e := &evs[j]
			kept.m.Shared.Now, fresh.m.Shared.Now = now, now
			clear(fresh.m.Kiosk.cache.dues)
			got, gotSt := kept.m.dueCell(kept.m.Shared.Frame(app.PaneBoard), e)
			want, wantSt := fresh.m.dueCell(fresh.m.Shared.Frame(app.PaneBoard), e)
			if got != want || gotSt.Render(got) != wantSt.Render(want) {
				t.Fatalf("at %v departure %d reads %q kept, %q worked out anew", now.Sub(testkit.T0), j, got, want)
			}
		}
	}
	// And on the exact turns: the time left a whole minute, and the hold's.
	for _, left := range []time.Duration{4 * time.Minute, 4*time.Minute + dueHold, 4*time.Minute - time.Nanosecond} {
		at := evs[1].Due().Add(-left)
		for _, now := range []time.Time{at.Add(-time.Second), at, at.Add(time.Nanosecond)} {
			kept.m.Shared.Now, fresh.m.Shared.Now = now, now
			clear(fresh.m.Kiosk.cache.dues)
			got, _ := kept.m.dueCell(kept.m.Shared.Frame(app.PaneBoard), &evs[1])
			if want, _ := fresh.m.dueCell(fresh.m.Shared.Frame(app.PaneBoard), &evs[1]); got != want {
				t.Fatalf("%v before the departure it reads %q kept, %q worked out anew", evs[1].Due().Sub(now), got, want)
			}
		}
	}
}

// A hall display's countdowns turn together on the minute of its clock,
// as a station's display does, not each at its own second: read at the
// end of the minute, a countdown never says more than the time left
// (it may say a minute less), and "now" shows exactly when less than a
// minute is left (within two minutes of the departure a countdown turns
// at its own second, to "now"). Between two minutes the screen then
// changes only with the answers.
func TestKioskCountdownsTurnTogetherOnTheMinute(t *testing.T) {
	e := newEnv(t, 300, 80, app.KioskOptions{}, "")
	var evs []model.Event
	for i := range 12 {
		in := time.Duration(i)*time.Minute + time.Duration(i*17%60)*time.Second + 20*time.Second
		evs = append(evs, testkit.Ev("4", model.VehicleBus, 100+i, "Kuhberg", "A", 1, in, 0, model.StatusPredicted))
	}
	evs = append(evs, testkit.Ev("5", model.VehicleBus, 0, "Wiblingen", "B", 2, 7*time.Minute+3*time.Second, 0, model.StatusPredicted))
	shown := make([]string, len(evs))
	for s := range 180 {
		now := testkit.T0.Add(time.Duration(s) * time.Second)
		e.m.Shared.Now = now
		for j := range evs {
			ev := &evs[j]
			got, _ := e.m.dueCell(e.m.Shared.Frame(app.PaneBoard), ev)
			left := ev.Due().Sub(now)
			if left < 0 {
				continue
			}
			switch n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSuffix(got, " min"), "~")); {
			case left < time.Minute && got != e.m.Shared.Texts.Now:
				t.Fatalf("%v before departure %d it reads %q, want %q", left, j, got, e.m.Shared.Texts.Now)
			case left >= time.Minute && got == e.m.Shared.Texts.Now:
				t.Fatalf("%v before departure %d it reads %q already", left, j, got)
			case got != e.m.Shared.Texts.Now && err != nil:
				t.Fatalf("departure %d reads %q", j, got)
			case got != e.m.Shared.Texts.Now && time.Duration(n)*time.Minute > left:
				t.Fatalf("%v before departure %d it reads %q: later than it is", left, j, got)
			case got != e.m.Shared.Texts.Now && time.Duration(n+2)*time.Minute <= left:
				t.Fatalf("%v before departure %d it reads %q: more than a minute early", left, j, got)
			}
			if s > 0 && got != shown[j] && now.Second() != 0 && left >= 2*time.Minute {
				t.Errorf("at %s departure %d (%v away) turned from %q to %q between two minutes",
					now.Format("15:04:05"), j, left, shown[j], got)
			}
			shown[j] = got
		}
	}
}
