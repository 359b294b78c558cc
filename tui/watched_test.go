package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/testkit"
)

// TestWatchedBoardsRoundTrip: watching boards and setting their filters
// writes boards.json; a new start without boards opens the grid with the
// same boards and filters; removing the last board empties the file.
func TestWatchedBoardsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, grid.BoardsFile)
	e := newGridEnv(t, 160, 48, nil, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1008}} })
	for _, k := range []string{"w", "l", "l", "f", "d"} { // add, then each filter
		e.saveBoards(e.Key(k))
		checkBoardsFile(t, path, e.m.disp.Grid.Specs())
	}
	e.runNow(app.OpenCmd(app.Target{Kind: app.TargetStop, Stop: 1350, Title: "Ehinger Tor"}))
	e.poll()
	e.saveBoards(e.Key("w"))
	e.saveBoards(e.Key("a")) // arrivals
	want := e.m.disp.Grid.Specs()
	// f narrows a board to its platform's stop point on every board.
	if len(want) != 2 || want[0].StopPoint != model.CodeFor(1008, 1) || want[0].Direction == "" || !want[1].Arrivals {
		t.Fatalf("watched set %+v, want Hauptbahnhof filtered and Ehinger Tor arrivals", want)
	}
	checkBoardsFile(t, path, want)
	if cmd := e.Key("right"); cmd != nil { // focus moves change nothing saved
		t.Errorf("a focus move wrote the file")
	}

	e2 := newGridEnv(t, 160, 48, nil, func(o *app.Options) { o.StateDir = dir })
	load := e2.m.disp.Boards.LoadCmd()
	if load == nil {
		t.Fatal("a start with no boards does not load boards.json")
	}
	e2.send(load())
	e2.pollFeeds()
	if got := e2.m.disp.Grid.Specs(); e2.m.disp.Mode != grid.ModeGrid || !slices.EqualFunc(got, want, grid.SameSpec) {
		t.Fatalf("restored mode %d with %+v, want the grid with %+v", e2.m.disp.Mode, got, want)
	}
	if v := e2.m.View(); !strings.Contains(v, "pl. A · line 2 · →") || !strings.Contains(v, "2 boards") {
		t.Errorf("the restored grid does not show the filters:\n%s", v)
	}
	if e2.m.Board().Polls().InFlight() {
		t.Error("the single board still polls behind the restored grid")
	}
	e2.Key("x")
	e2.saveBoards(e2.Key("x"))
	checkBoardsFile(t, path, want[1:])
	e2.Key("x")
	e2.saveBoards(e2.Key("x"))
	checkBoardsFile(t, path, nil)
	if data, _ := os.ReadFile(path); strings.TrimSpace(string(data)) != "[]" {
		t.Errorf("boards.json after removing the last board: %s, want []", data)
	}
}

// TestWatchedBoardsCorrupt: a file that does not parse or holds a board
// that is not one is kept aside with its bytes and reported; the start is
// as without it, and the next change writes a new file beside it.
func TestWatchedBoardsCorrupt(t *testing.T) {
	for _, bad := range []string{"{not json", `{"boards": []}`, `[{"stop": 0}]`, `[{"stoppoint": "x"}]`, `[{"stop": 1008},]`} {
		dir := t.TempDir()
		path := filepath.Join(dir, grid.BoardsFile)
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		e := newGridEnv(t, 120, 40, nil, func(o *app.Options) { o.StateDir = dir })
		e.send(e.m.disp.Boards.LoadCmd()())
		if v := e.m.View(); !strings.Contains(v, "boards.json could not be read; kept as boards.json.corrupt-") || !e.m.disp.Plain() {
			t.Errorf("%s: mode %d, no report of the corrupt file:\n%s", bad, e.m.disp.Mode, lastLines(v, 2))
		}
		kept := keptAside(t, dir, grid.BoardsFile)
		if cmd := e.Key("down"); cmd != nil {
			t.Errorf("%s: a key that changes no board wrote the file", bad)
		}
		e.saveBoards(e.Key("w"))
		checkBoardsFile(t, path, []app.BoardSpec{{Stop: app.DefaultStop}})
		if data, _ := os.ReadFile(kept); string(data) != bad {
			t.Errorf("%s: the kept file holds %q", bad, data)
		}
		if v := e.m.View(); strings.Contains(v, "could not be read") {
			t.Errorf("%s: reported more than once:\n%s", bad, lastLines(v, 2))
		}
	}
}

// TestWatchedBoardsNoStateDir: without a state directory nothing is read
// or written.
func TestWatchedBoardsNoStateDir(t *testing.T) {
	t.Chdir(t.TempDir())
	e := newEnv(t, 120, 40, true)
	if e.m.disp.Boards.LoadCmd() != nil {
		t.Error("no state dir: a load")
	}
	for _, k := range []string{"w", "l", "x"} {
		cmd := e.Key(k)
		if cmd == nil {
			continue
		}
		// These keys' own commands are pollNowCmd at most, never a timer.
		msg := cmd()
		msgs := []tea.Msg{msg}
		if b, ok := msg.(tea.BatchMsg); ok {
			msgs = msgs[:0]
			for _, c := range b {
				msgs = append(msgs, c())
			}
		}
		for _, m := range msgs {
			if _, ok := m.(grid.BoardsSavedMsg); ok {
				t.Errorf("%s: boards saved without a state dir", k)
			}
		}
	}
	if ents, _ := os.ReadDir("."); len(ents) != 0 {
		t.Errorf("files written without a state dir: %v", ents)
	}
}

func (e *testEnv) saveBoards(cmd tea.Cmd) {
	e.t.Helper()
	if cmd == nil {
		e.t.Fatal("the key wrote nothing")
	}
	msg := cmd()
	for {
		b, ok := msg.(tea.BatchMsg)
		if !ok {
			break
		}
		msg = b[len(b)-1]()
	}
	saved, ok := msg.(grid.BoardsSavedMsg)
	if !ok {
		e.t.Fatalf("the key wrote nothing: %T", msg)
	}
	if saved.Err != nil {
		e.t.Fatal(saved.Err)
	}
	if next := e.send(saved); next != nil {
		e.t.Error("a second write with nothing changed")
	}
}

// checkBoardsFile fails unless the file at path holds the boards want.
func checkBoardsFile(t *testing.T, path string, want []app.BoardSpec) {
	t.Helper()
	saved := testkit.ReadSpecs(t, path)
	got := make([]app.BoardSpec, 0, len(saved))
	for _, b := range saved {
		s, err := b.Cleaned()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if !slices.EqualFunc(got, want, grid.SameSpec) {
		t.Errorf("boards.json holds %+v, want %+v", got, want)
	}
}

// Issue 11: boards.json holds BoardSpecs (no second board type). A file
// as the code before wrote it (stop point and walk as strings, no
// per_line) still opens its boards with their filters, and a board written
// now reads back the same, per-line limit included; the stop point stays a
// string, as older versions read it.
func TestBoardsFileOldFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, grid.BoardsFile)
	old := `[
  {"stop": 1008, "lines": ["2"], "platform": "A", "direction": "Kuhberg", "walk": "4m"},
  {"stop": 0, "stoppoint": "100802", "arrivals": true},
  {"stop": 1350, "walk": "soon"}
]`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	msg := grid.LoadBoards(path)
	if msg.Problem != nil {
		t.Fatalf("an old boards.json was refused: %+v", msg.Problem)
	}
	want := []app.BoardSpec{
		{Stop: 1008, Lines: []string{"2"}, Platform: "A", Direction: "Kuhberg", Walk: app.WalkTime(4 * time.Minute)},
		{StopPoint: model.CodeFor(1008, 2), Arrivals: true},
		{Stop: 1350},
	}
	if !slices.EqualFunc(msg.Specs, want, func(a, b app.BoardSpec) bool { return grid.SameSpec(a, b) && a.Walk == b.Walk }) {
		t.Fatalf("old file read as %+v, want %+v", msg.Specs, want)
	}
	e := newGridEnv(t, 160, 48, nil, func(o *app.Options) { o.StateDir = dir })
	e.send(e.m.disp.Boards.LoadCmd()())
	e.pollFeeds()
	if g := &e.m.disp.Grid; g.Len() != 3 || !strings.Contains(e.m.View(), "Kuhberg") {
		t.Errorf("the old file opened %d boards:\n%s", g.Len(), e.m.View())
	}

	spec := app.BoardSpec{StopPoint: model.CodeFor(1008, 1), Lines: []string{"1"}, PerLine: 2, Walk: app.WalkTime(3 * time.Minute)}
	data, err := json.Marshal([]app.BoardSpec{spec})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"stoppoint":"100801"`) || !strings.Contains(string(data), `"walk":"3m"`) {
		t.Errorf("a board is written as %s, want the stop point and walk as strings", data)
	}
	var back []app.BoardSpec
	if err := json.Unmarshal(data, &back); err != nil || len(back) != 1 || !grid.SameSpec(back[0], spec) ||
		back[0].PerLine != 2 || back[0].Walk != spec.Walk {
		t.Errorf("%s read back as %+v, %v", data, back, err)
	}
}
