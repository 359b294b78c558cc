package tui

import (
	"strings"
	"testing"
	"time"

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

// Issue 12 item 12: outside operating hours the kiosk shows when service
// resumes and the first departure then (time, line, direction), from the
// departures the service answers at night; night lines before the resume
// time are not it; without one in the answer, only the resume time shows.
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
		want := "First departure 05:03: 4 → Kuhberg"
		if lang == "de" {
			want = "Erste Abfahrt 05:03 Uhr: 4 → Kuhberg"
		}
		if !strings.Contains(v, want) {
			t.Errorf("%s: the night screen lacks %q:\n%s", lang, want, v)
		}
		if strings.Contains(v, "N1") || strings.Contains(v, "N5") {
			t.Errorf("%s: a night line before the resume time is shown as the first departure:\n%s", lang, v)
		}
		for s := 1; s <= 12; s++ { // wherever the clock moves against burn-in, the lines below it show
			e.clockTo(night.Add(time.Duration(s) * kiosk.ShiftEvery))
			if v := e.View(); !strings.Contains(v, want) {
				t.Fatalf("%s: at %v the night screen lacks %q:\n%s", lang, e.now, want, v)
			}
		}
	}

	// An answer that ends before service resumes: the resume time only.
	e := newKioskEnv(t, 80, 24, app.KioskOptions{HoursFrom: 5 * 60, HoursTo: 60})
	e.kpoll()
	e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: {StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(night),
		Events: []model.Event{at("N1", "Söflingen", day(2, 30))}}}
	e.clockTo(night)
	e.askFirstNow(0)
	v := e.View()
	if !strings.Contains(v, "Service resumes at 05:00") || strings.Contains(v, "First departure") || strings.Contains(v, "N1") {
		t.Errorf("without a departure after 05:00 the night screen should say only when service resumes:\n%s", v)
	}
}
