package tui

import (
	"strings"
	"testing"
	"time"

	"abfahrt/model"
)

// Issue 12 item 2: a board showing a line that the (wide) answer does not
// hold says so plainly with the number of departures looked at; one whose
// line is in the answer but has no row to show says when it next runs.
func TestLineFilterSaysWhenItNextRuns(t *testing.T) {
	e := newEnv(t, 120, 40, false)
	e.src.boards[subject{stop: 1008}] = longBoard(DefaultLimit)
	e.src.wide = map[subject]model.Board{{stop: 1008}: longBoard(MaxLimit)}
	e.send(e.src.base)
	e.poll()
	e.m.board().filt.lines = []string{"N1"}
	e.m.board().refilter()
	e.runAll(e.m.board().declare())
	if v := e.view(); !strings.Contains(v, "N1 does not run in the next 100 departures") {
		t.Errorf("the board does not say that N1 is not in the answer:\n%s", v)
	}
	// line 2 runs, but every departure is missed with 30 minutes to walk
	b := model.Board{StopNumber: 1008, StopName: "Hauptbahnhof", Timestamp: model.At(t0), Events: []model.Event{
		ev("1", model.VehicleTram, 41, "Böfingen", "A", 1, 2*time.Minute, 0, model.StatusPredicted),
		ev("2", model.VehicleTram, 42, "Science Park II", "A", 1, 9*time.Minute, 60, model.StatusPredicted),
		ev("2", model.VehicleTram, 43, "Science Park II", "A", 1, 19*time.Minute, 0, model.StatusPredicted),
	}}
	e.src.wide[subject{stop: 1008}] = b
	e.m.board().filt.lines = []string{"2"}
	e.m.board().walk, e.m.board().hideMissed = 30*time.Minute, true
	e.runAll(e.m.board().refresh())
	if len(e.m.board().rows()) != 0 {
		t.Fatalf("rows left: %v", e.m.board().rows())
	}
	if v := e.view(); !strings.Contains(v, "2 from 12:43") {
		t.Errorf("the board does not say when line 2 next runs:\n%s", v)
	}
	e.m.sh.t = textsFor(LangGerman)
	e.m.board().touch()
	if v := e.view(); !strings.Contains(v, "2 ab 12:43") {
		t.Errorf("German: the board does not say when line 2 next runs:\n%s", v)
	}
}

// Issue 12 item 2: a grid cell whose filters keep nothing of the answer
// says how many departures it looked at, by line or by its other filters.
func TestGridCellSaysWhenFilterNextRuns(t *testing.T) {
	e := newGridEnv(t, 160, 40, []BoardSpec{{Stop: 1008, Lines: []string{"N9"}}, {Stop: 1350, Direction: "Nirgendwo"}}, nil)
	e.pollFeeds()
	v := e.view()
	n := itoa(len(e.m.disp.grid.boards[0].raw.Events))
	m := itoa(len(e.m.disp.grid.boards[1].raw.Events))
	for _, want := range []string{
		"N9 does not run in the next " + n + " departures",
		"nothing matches in the next " + m + " departures",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the grid lacks %q:\n%s", want, v)
		}
	}
}
