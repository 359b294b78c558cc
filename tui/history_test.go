package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// fakeHistory is a recorded history with one line's figures at one stop:
// today's and the week's, and one vehicle's runs.
type fakeHistory struct {
	stop        int
	line        string
	today, week app.Punctuality
	runs        []app.VehicleRun
	last        time.Time
	asked       []time.Time
}

func (h *fakeHistory) Punctuality(_ context.Context, stop int, line string, since time.Time) (app.Punctuality, error) {
	h.asked = append(h.asked, since)
	if stop != h.stop || line != h.line {
		return app.Punctuality{}, nil
	}
	if since.Before(testkit.T0.Add(-24 * time.Hour)) {
		return h.week, nil
	}
	return h.today, nil
}

func (h *fakeHistory) VehicleRuns(_ context.Context, vehicle int, _ time.Time) ([]app.VehicleRun, time.Time, error) {
	if vehicle != 151 {
		return nil, time.Time{}, nil
	}
	return h.runs, h.last, nil
}

func newHistoryEnv(t *testing.T, h app.History, lang string) *testEnv {
	e := &testEnv{t: t, src: testkit.NewFakeSource(), now: testkit.T0}
	e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, History: h, Lang: lang})
	e.send(tea.WindowSizeMsg{Width: 140, Height: 40})
	e.send(e.src.Base)
	e.poll()
	return e
}

// Issue 24 item 7: on a board row, the line's recorded punctuality at
// this stop (today and 7 days) is one key away; without a history the
// board says so plainly.
func TestBoardRowPunctualityOneKeyAway(t *testing.T) {
	d := 1
	h := &fakeHistory{stop: 1008, line: "4",
		today: app.Punctuality{Departures: 12, OnTimeShare: 0.833, P50: 40, P90: 230},
		week:  app.Punctuality{Departures: 88, OnTimeShare: 0.79, P50: 70, P90: 300},
		runs: []app.VehicleRun{
			{Line: "4", Direction: "Böfingen", First: testkit.T0.Add(-90 * time.Minute), Last: testkit.T0.Add(-60 * time.Minute), Delay: &d},
			{Line: "4", Direction: "Kuhberg", First: testkit.T0.Add(-50 * time.Minute), Last: testkit.T0.Add(-20 * time.Minute)},
		},
		last: testkit.T0.Add(-20 * time.Minute)}
	e := newHistoryEnv(t, h, "en")
	e.cursorTo("Böfingen")
	e.run(e.Key("i"))
	want := "line 4 at Hauptbahnhof: today 12 departures, 83 % on time, median +1, 90 % within +4 min · 7 days 88 departures, 79 % on time, median +1, 90 % within +5 min"
	if v := e.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
		t.Errorf("the row's punctuality is not said:\n%s", v)
	}
	if len(h.asked) != 2 || !h.asked[0].Equal(time.Date(2026, 9, 11, 3, 0, 0, 0, testkit.T0.Location())) || !h.asked[1].Equal(h.asked[0].AddDate(0, 0, -6)) {
		t.Errorf("asked since %v, want today's service day from 03:00 and 7 days", h.asked)
	}

	// The vehicle pane: today's runs, the latest first, and last seen.
	e.openVehicle(151)
	e.run(e.m.sh.VehicleRunsCmd(e.m.sh.Now, 151))
	// (at 68 columns the older run does not fit: the latest and when it
	// was last seen do)
	if v := e.View(); !strings.Contains(v, "today 2 runs · 4 → Kuhberg 11:44–12:14 · last seen 12:14") {
		t.Errorf("the vehicle pane does not show today's runs:\n%s", v)
	}

	// No history at all: said plainly, in German too.
	e = newHistoryEnv(t, nil, "de")
	e.cursorTo("Böfingen")
	e.run(e.Key("i"))
	if v := e.View(); !strings.Contains(v, "keine Aufzeichnung: abfahrt record") {
		t.Errorf("no history is not said plainly:\n%s", v)
	}
	// A line with nothing recorded here.
	e = newHistoryEnv(t, &fakeHistory{stop: 1008, line: "9"}, "en")
	e.cursorTo("Böfingen")
	e.run(e.Key("i"))
	if v := e.View(); !strings.Contains(v, "line 4 at Hauptbahnhof: nothing recorded in the last 7 days") {
		t.Errorf("an unrecorded line is not said plainly:\n%s", v)
	}
}
