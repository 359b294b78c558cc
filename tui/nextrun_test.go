package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
	"abfahrt/tui/internal/ui"
)

// Issue 12 item 2: a board showing a line that the (wide) answer does not
// hold says so plainly with the number of departures looked at; one whose
// line is in the answer but has no row to show says when it next runs.
func TestLineFilterSaysWhenItNextRuns(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	e.src.Boards[feeds.Subject{Stop: 1008}] = testkit.LongBoard(app.DefaultLimit)
	e.src.Wide = map[feeds.Subject]model.Board{{Stop: 1008}: testkit.LongBoard(app.MaxLimit)}
	e.send(e.src.Base)
	e.poll()
	e.m.Board().Filt.Lines = []string{"N1"}
	e.m.Board().Refilter()
	e.runAll(e.m.Board().Declare())
	if v := e.View(); !strings.Contains(v, "N1 does not run in the next 100 departures") {
		t.Errorf("the board does not say that N1 is not in the answer:\n%s", v)
	}
	// line 2 runs, but every departure is missed with 30 minutes to walk
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(testkit.T0), Events: []model.Event{
		testkit.Ev("1", model.VehicleTram, 41, "Böfingen", "A", 1, 2*time.Minute, 0, model.StatusPredicted),
		testkit.Ev("2", model.VehicleTram, 42, "Science Park II", "A", 1, 9*time.Minute, 60, model.StatusPredicted),
		testkit.Ev("2", model.VehicleTram, 43, "Science Park II", "A", 1, 19*time.Minute, 0, model.StatusPredicted),
	}}
	e.src.Wide[feeds.Subject{Stop: 1008}] = b
	e.m.Board().Filt.Lines = []string{"2"}
	e.m.Board().Walk, e.m.Board().HideMissed = 30*time.Minute, true
	e.runAll(e.m.Board().Refresh())
	if len(e.m.Board().Rows()) != 0 {
		t.Fatalf("rows left: %v", e.m.Board().Rows())
	}
	if v := e.View(); !strings.Contains(v, "2 from 12:43") {
		t.Errorf("the board does not say when line 2 next runs:\n%s", v)
	}
	e.m.sh.T = ui.TextsFor(catalog.LangGerman)
	e.m.Board().Touch()
	if v := e.View(); !strings.Contains(v, "2 ab 12:43") {
		t.Errorf("German: the board does not say when line 2 next runs:\n%s", v)
	}
}
