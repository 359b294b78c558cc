package grid

import (
	"os"
	"path/filepath"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
)

// The watched boards' file as the keys change the set (these tests lived
// in the root package and reached into its board side).

// savedIn runs cmd (a key's commands, none of them a timer) and returns
// the answer of the write of boards.json it holds, nil when none.
func savedIn(cmd tea.Cmd) *BoardsSavedMsg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case BoardsSavedMsg:
		return &msg
	case tea.BatchMsg:
		for _, c := range msg {
			if s := savedIn(c); s != nil {
				return s
			}
		}
	}
	return nil
}

// writes reports whether cmd writes boards.json.
func writes(cmd tea.Cmd) bool { return savedIn(cmd) != nil }

// saveBoards runs the write in cmd, a key's commands, and hands its
// answer to the board side: it fails unless the key wrote, or when the
// answer asks for a second write with nothing changed.
func (r *rig) saveBoards(cmd tea.Cmd) {
	r.t.Helper()
	saved := savedIn(cmd)
	if saved == nil {
		r.t.Fatal("the key wrote nothing")
	}
	if saved.Err != nil {
		r.t.Fatal(saved.Err)
	}
	if next, _, _ := r.d.Update(r.frame(), *saved); next != nil {
		r.t.Error("a second write with nothing changed")
	}
}

// TestWatchedBoardsOneWrite: one write at a time; a change made while it
// runs is written after it, so the file ends with the last set.
func TestWatchedBoardsOneWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	r := newRig(t, stopsOver(2), inDir(dir))
	r.view(160, 46)
	first, _ := r.key("l")
	if first == nil {
		t.Fatal("l wrote nothing")
	}
	if cmd, _ := r.key("l"); cmd != nil {
		t.Fatal("a second write while one is in flight")
	}
	saved := savedIn(first) // the key's batch also polls the now filtered feed
	if saved == nil {
		t.Fatal("the first l wrote nothing")
	}
	again, _, _ := r.d.Update(r.frame(), *saved)
	checkFile(t, path, []app.BoardSpec{{Stop: 1008, Lines: []string{"1"}}, {Stop: 1350}})
	r.saveBoards(again)
	checkFile(t, path, []app.BoardSpec{{Stop: 1008, Lines: []string{"2"}}, {Stop: 1350}})
}

// TestWatchedBoardsGivenWin: boards given at start open the grid and the
// file is neither read nor written until the watched set changes; then
// the instance's boards join the file's (it never read them, so it
// removes none of them), as pins do.
func TestWatchedBoardsGivenWin(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	old := `[{"stop": 1240, "lines": ["2"]}]`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	single := newRig(t, nil, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: 1350}} })
	if single.d.Boards.LoadCmd() != nil || !single.d.isPlain() {
		t.Error("--stop: boards.json is loaded")
	}
	r := newRig(t, stopsOver(2), inDir(dir))
	r.view(160, 46)
	if r.d.Boards.LoadCmd() != nil {
		t.Error("given boards: boards.json is loaded")
	}
	for _, k := range []string{"right", "1", "enter", "esc"} {
		if cmd, _ := r.key(k); writes(cmd) {
			t.Errorf("%s wrote the file", k)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != old {
		t.Errorf("boards.json changed without a change of the watched set: %s", data)
	}
	r.press("x")
	cmd, _ := r.key("x")
	r.saveBoards(cmd)
	checkFile(t, path, []app.BoardSpec{{Stop: 1240, Lines: []string{"2"}}, {Stop: 1350}})
}

// TestWatchedBoardsTwoInstancesWithStop: two boards started with --stop
// (neither reads boards.json) each watch their stop with w; the file keeps
// both. The second used to replace the first's board.
func TestWatchedBoardsTwoInstancesWithStop(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	open := func(stop int) *rig {
		r := newRig(t, nil, func(o *app.Options) { o.StateDir = dir; o.Boards = []app.BoardSpec{{Stop: stop}} })
		r.view(120, 38)
		return r
	}
	a, b := open(1008), open(1350)
	cmd, _ := a.key("w")
	a.saveBoards(cmd)
	checkFile(t, path, []app.BoardSpec{{Stop: 1008}})
	cmd, _ = b.key("w")
	b.saveBoards(cmd)
	checkFile(t, path, []app.BoardSpec{{Stop: 1008}, {Stop: 1350}})
	// And a later change of either keeps the other's.
	a.press("x")
	cmd, _ = a.key("x")
	a.saveBoards(cmd)
	checkFile(t, path, []app.BoardSpec{{Stop: 1350}})
}
