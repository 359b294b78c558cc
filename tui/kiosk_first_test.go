package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
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
			e.k.Shared.Texts = ui.TextsFor(catalog.LangGerman)
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

// Issue 23 item 2: with the README's old display hours 05:00–01:00 the
// sleep screen at 01:00 named "First departure 05:13" while a day bus left
// at 01:06 and night lines at 01:30 and 02:30. It names each in turn
// (asking again when the answer is used up: kiosk's
// TestKioskSleepAsksAgainWhenUsedUp).
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
}
