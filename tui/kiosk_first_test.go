package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// at is an event of line leaving towards dir at t, from the timetable.
func at(line, dir string, t time.Time) model.Event {
	return testkit.Ev(line, model.VehicleBus, 0, dir, "A", 1, t.Sub(testkit.T0), 0, model.StatusPredicted)
}

// askFirstNow delivers the night's request for board i and its answer.
func (e *testEnv) askFirstNow(i int) {
	e.t.Helper()
	cmd := e.send(kiosk.FirstMsg{Gen: e.k.Kiosk.FirstGen, I: i})
	if cmd == nil {
		e.t.Fatal("the asleep kiosk asks for no departures")
	}
	e.send(cmd())
}

// Issue 12 item 12, changed on purpose in issue 23 item 2: outside its
// display hours (the operator's, not the service's) the kiosk says when
// the display resumes and names the next real departure, whatever its
// line (a night line before the display resumes is it), from the
// departures the service answers at night; as each leaves, the next.
func TestKioskNightShowsFirstDeparture(t *testing.T) {
	night := time.Date(2026, 9, 12, 2, 0, 0, 0, model.Berlin)
	day := func(h, m int) time.Time { return time.Date(2026, 9, 12, h, m, 0, 0, model.Berlin) }
	for _, lang := range []string{"en", "de"} {
		e := newKioskEnv(t, 80, 24, app.KioskOptions{HoursFrom: 5 * 60, HoursTo: 60})
		if lang == "de" {
			e.k.Sh.T = ui.TextsFor(ui.LangGerman)
		}
		e.kpoll()
		e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: {StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(night),
			Events: []model.Event{at("N1", "Söflingen", day(2, 30)), at("N5", "Ludwigsfeld", day(4, 30)),
				at("4", "Kuhberg", day(5, 3)), at("1", "Böfingen", day(5, 7))}}}
		e.clockTo(night)
		if !e.k.Kiosk.Asleep {
			t.Fatal("at 02:00 the kiosk should sleep")
		}
		e.askFirstNow(0)
		if got := e.src.Limits[len(e.src.Limits)-1]; got != app.MaxLimit {
			t.Errorf("the night request asked for %d departures, want %d", got, app.MaxLimit)
		}
		v := e.View()
		want, resumes := "Next departure 02:30: N1 → Söflingen", "Display resumes at 05:00"
		if lang == "de" {
			want, resumes = "Nächste Abfahrt 02:30 Uhr: N1 → Söflingen", "Anzeige wieder ab 05:00 Uhr"
		}
		for _, w := range []string{want, resumes} {
			if !strings.Contains(v, w) {
				t.Errorf("%s: the night screen lacks %q:\n%s", lang, w, v)
			}
		}
		for s := 1; s <= 5; s++ { // wherever the clock moves against burn-in, the lines below it show
			e.clockTo(night.Add(time.Duration(s) * kiosk.ShiftEvery))
			if v := e.View(); !strings.Contains(v, want) {
				t.Fatalf("%s: at %v the night screen lacks %q:\n%s", lang, e.now, want, v)
			}
		}
		e.clockTo(day(2, 31))
		want = "Next departure 04:30: N5 → Ludwigsfeld"
		if lang == "de" {
			want = "Nächste Abfahrt 04:30 Uhr: N5 → Ludwigsfeld"
		}
		if v := e.View(); !strings.Contains(v, want) || strings.Contains(v, "02:30") {
			t.Errorf("%s: at 02:31 the night screen should name the next one, %q:\n%s", lang, want, v)
		}
	}
}

// runKiosk runs the night's requests among cmd's messages and delivers
// their answers; commands that wait (the clock's next second, timers)
// are left waiting.
func (e *testEnv) runKiosk(cmd tea.Cmd) {
	e.t.Helper()
	if cmd == nil {
		return
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-got:
	case <-time.After(100 * time.Millisecond):
		return
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			e.runKiosk(c)
		}
	case kiosk.FirstMsg:
		if c := e.send(msg); c != nil {
			e.send(c())
		}
	}
}

// Issue 23 item 2: with the README's old display hours 05:00–01:00 the
// sleep screen at 01:00 named "First departure 05:13" while a day bus left
// at 01:06 and night lines at 01:30 and 02:30. It names each in turn, and
// when the night's answer is used up it asks again (once per firstRetry,
// not every second).
func TestKioskSleepNamesNightBuses(t *testing.T) {
	day := func(h, m int) time.Time { return time.Date(2026, 9, 12, h, m, 0, 0, model.Berlin) }
	e := newKioskEnv(t, 200, 50, app.KioskOptions{HoursFrom: 5 * 60, HoursTo: 60})
	e.kpoll()
	e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: {StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(day(1, 0)),
		Events: []model.Event{at("5", "Wissenschaftsstadt", day(1, 6)), at("N1", "Söflingen", day(1, 30)), at("N2", "Eselsberg", day(2, 30))}}}
	e.clockTo(day(1, 0))
	if !e.k.Kiosk.Asleep {
		t.Fatal("at 01:00 the kiosk should sleep")
	}
	e.askFirstNow(0)
	for _, c := range []struct {
		at   time.Time
		want string
	}{{day(1, 0), "Next departure 01:06: 5 → Wissenschaftsstadt"}, {day(1, 7), "Next departure 01:30: N1 → Söflingen"},
		{day(2, 0), "Next departure 02:30: N2 → Eselsberg"}} {
		e.clockTo(c.at)
		v := e.View()
		if !strings.Contains(v, c.want) || !strings.Contains(v, "Display resumes at 05:00") || strings.Contains(v, "Service resumes") {
			t.Errorf("at %s the sleep screen should say %q and when the display resumes:\n%s", c.at.Format("15:04"), c.want, v)
		}
	}
	// The answer used up: the kiosk asks again, once.
	calls := e.src.CallCount()
	e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: {StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(day(2, 31)),
		Events: []model.Event{at("4", "Kuhberg", day(5, 13))}}}
	e.now = day(2, 31)
	e.runKiosk(e.send(app.ClockMsg{Now: e.now}))
	if n := e.src.CallCount() - calls; n != 1 {
		t.Errorf("with the night's departures gone the kiosk asked %d times, want once", n)
	}
	if v := e.View(); !strings.Contains(v, "Next departure 05:13: 4 → Kuhberg") {
		t.Errorf("after asking again the sleep screen lacks the next departure:\n%s", v)
	}
	calls = e.src.CallCount()
	for s := 1; s <= 10; s++ {
		e.now = day(2, 31).Add(time.Duration(s) * time.Minute)
		e.runKiosk(e.send(app.ClockMsg{Now: e.now}))
	}
	if n := e.src.CallCount() - calls; n != 0 {
		t.Errorf("%d requests in ten minutes asleep with a departure known", n)
	}
}
