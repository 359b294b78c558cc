package grid

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
	"abfahrt/tui/internal/testkit"
)

// boards.json through the keys and a new start (these tests lived in the
// root package and reached into its board side).

// checkBoardsFile fails unless the file at path holds the boards want,
// each as read back (cleaned).
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
	if !slices.EqualFunc(got, want, SameSpec) {
		t.Errorf("boards.json holds %+v, want %+v", got, want)
	}
}

// keptAside returns the one file name was kept aside as in dir.
func keptAside(t *testing.T, dir, name string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, name+".corrupt-2*"))
	if len(m) != 1 {
		t.Fatalf("kept-aside files %v, want one", m)
	}
	return m[0]
}

// TestWatchedBoardsRoundTrip: watching boards and setting their filters
// writes boards.json; a new start without boards opens the grid with the
// same boards and filters; removing the last board empties the file.
func TestWatchedBoardsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	r := newRig(t, nil, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1008}} })
	r.view(160, 48)
	for _, k := range []string{"w", "l", "l", "f", "d"} { // add, then each filter
		cmd, _ := r.key(k)
		r.saveBoards(cmd)
		checkBoardsFile(t, path, r.d.Grid.Specs())
	}
	r.run(r.d.OpenBoard(r.frame(), app.Target{Kind: app.TargetStop, Stop: 1350, Title: "Ehinger Tor"}))
	r.pollFeed(r.d.Grid.Focused().Feed)
	cmd, _ := r.key("w")
	r.saveBoards(cmd)
	cmd, _ = r.key("a") // arrivals
	r.saveBoards(cmd)
	want := r.d.Grid.Specs()
	// f narrows a board to its platform's stop point on every board.
	if len(want) != 2 || want[0].StopPoint != model.CodeFor(1008, 1) || want[0].Direction == "" || !want[1].Arrivals {
		t.Fatalf("watched set %+v, want Hauptbahnhof filtered and Ehinger Tor arrivals", want)
	}
	checkBoardsFile(t, path, want)
	if cmd, _ := r.key("right"); writes(cmd) { // focus moves change nothing saved
		t.Errorf("a focus move wrote the file")
	}

	r2 := newRig(t, nil, func(o *app.Options) { o.StateDir = dir })
	if r2.d.Boards.LoadCmd() == nil {
		t.Fatal("a start with no boards does not load boards.json")
	}
	r2.restore()
	r2.poll()
	if got := r2.d.Grid.Specs(); r2.d.Mode != ModeGrid || !slices.EqualFunc(got, want, SameSpec) {
		t.Fatalf("restored mode %d with %+v, want the grid with %+v", r2.d.Mode, got, want)
	}
	if v := r2.view(160, 48); !strings.Contains(v, "pl. A · line 2 · →") || !strings.Contains(r2.summaryLine(160), "2 boards") {
		t.Errorf("the restored grid does not show the filters:\n%s", v)
	}
	if r2.d.Grid.Focused().Polls().InFlight() {
		t.Error("the single board still polls behind the restored grid")
	}
	r2.press("x")
	cmd, _ = r2.key("x")
	r2.saveBoards(cmd)
	checkBoardsFile(t, path, want[1:])
	r2.press("x")
	cmd, _ = r2.key("x")
	r2.saveBoards(cmd)
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
		path := filepath.Join(dir, BoardsFile)
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		r := newRig(t, nil, func(o *app.Options) { o.StateDir = dir })
		r.view(120, 40)
		r.restore()
		if !strings.Contains(r.sh.Notice, "boards.json could not be read; kept as boards.json.corrupt-") || !r.d.isPlain() {
			t.Errorf("%s: mode %d, no report of the corrupt file: %q", bad, r.d.Mode, r.sh.Notice)
		}
		kept := keptAside(t, dir, BoardsFile)
		if cmd, _ := r.key("down"); writes(cmd) {
			t.Errorf("%s: a key that changes no board wrote the file", bad)
		}
		cmd, a := r.key("w")
		r.saveBoards(cmd)
		checkBoardsFile(t, path, []app.BoardSpec{{Stop: app.DefaultStop}})
		if data, _ := os.ReadFile(kept); string(data) != bad {
			t.Errorf("%s: the kept file holds %q", bad, data)
		}
		if strings.Contains(a.Notice, "could not be read") {
			t.Errorf("%s: reported more than once: %q", bad, a.Notice)
		}
	}
}

// TestWatchedBoardsNoStateDir: without a state directory nothing is read
// or written.
func TestWatchedBoardsNoStateDir(t *testing.T) {
	t.Chdir(t.TempDir())
	r := newRig(t, nil, nil)
	r.view(120, 40)
	if r.d.Boards.LoadCmd() != nil {
		t.Error("no state dir: a load")
	}
	for _, k := range []string{"w", "l", "x"} {
		cmd, _ := r.key(k)
		if cmd == nil {
			continue
		}
		// These keys' own commands are polls at most, never a timer.
		msg := cmd()
		msgs := []tea.Msg{msg}
		if b, ok := msg.(tea.BatchMsg); ok {
			msgs = msgs[:0]
			for _, c := range b {
				msgs = append(msgs, c())
			}
		}
		for _, m := range msgs {
			if _, ok := m.(BoardsSavedMsg); ok {
				t.Errorf("%s: boards saved without a state dir", k)
			}
		}
	}
	if ents, _ := os.ReadDir("."); len(ents) != 0 {
		t.Errorf("files written without a state dir: %v", ents)
	}
}

// TestBoardsFileOldFormat: boards.json holds BoardSpecs (no second board
// type). A file as the code before wrote it (stop point and walk as
// strings, no per_line) still opens its boards with their filters, and a
// board written now reads back the same, per-line limit included; the
// stop point stays a string, as older versions read it.
func TestBoardsFileOldFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	old := `[
  {"stop": 1008, "lines": ["2"], "platform": "A", "direction": "Kuhberg", "walk": "4m"},
  {"stop": 0, "stoppoint": "100802", "arrivals": true},
  {"stop": 1350, "walk": "soon"}
]`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	msg := LoadBoards(path)
	if msg.Problem != nil {
		t.Fatalf("an old boards.json was refused: %+v", msg.Problem)
	}
	want := []app.BoardSpec{
		{Stop: 1008, Lines: []string{"2"}, Platform: "A", Direction: "Kuhberg", Walk: app.WalkTime(4 * time.Minute)},
		{StopPoint: model.CodeFor(1008, 2), Arrivals: true},
		{Stop: 1350},
	}
	if !slices.EqualFunc(msg.Specs, want, func(a, b app.BoardSpec) bool { return SameSpec(a, b) && a.Walk == b.Walk }) {
		t.Fatalf("old file read as %+v, want %+v", msg.Specs, want)
	}
	r := newRig(t, nil, func(o *app.Options) { o.StateDir = dir })
	r.restore()
	r.poll()
	if v := r.view(160, 48); r.d.Grid.Len() != 3 || !strings.Contains(v, "Kuhberg") {
		t.Errorf("the old file opened %d boards:\n%s", r.d.Grid.Len(), v)
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
	if err := json.Unmarshal(data, &back); err != nil || len(back) != 1 || !SameSpec(back[0], spec) ||
		back[0].PerLine != 2 || back[0].Walk != spec.Walk {
		t.Errorf("%s read back as %+v, %v", data, back, err)
	}
}
