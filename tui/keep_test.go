package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
)

// TestOneOffBoardsAreNotKept: boards given on the command line (--stop a
// --stop b) are for this run: a filter changed or a board removed on them
// writes nothing, so a plain abfahrt afterwards opens the board, not them
// (issue 23, item 9).
func TestOneOffBoardsAreNotKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, grid.BoardsFile)
	e := newGridEnv(t, 160, 48, specsOver(2), func(o *app.Options) { o.StateDir = dir; o.OneOff = true })
	for _, k := range []string{"l", "x", "x"} {
		if writes(e.Key(k)) {
			t.Errorf("%s on a board given with --stop wrote boards.json", k)
		}
	}
	if _, err := os.Stat(path); err == nil {
		data, _ := os.ReadFile(path)
		t.Errorf("a one-off grid left boards.json: %s", data)
	}
	plain := newGridEnv(t, 120, 40, nil, func(o *app.Options) { o.StateDir = dir })
	if load := plain.m.disp.Boards.LoadCmd(); load != nil {
		plain.send(load())
	}
	if !plain.m.disp.Plain() || plain.m.Board().Subj.Stop != app.DefaultStop {
		t.Errorf("a plain start after a one-off grid opens %+v, want the board of %d", plain.m.disp.Grid.Specs(), app.DefaultStop)
	}
}

// TestRestoredBoardsSayWhereFrom: a plain start that opens the watched
// boards says that they are the watched boards of boards.json.
func TestRestoredBoardsSayWhereFrom(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, grid.BoardsFile), []byte(`[{"stop": 1350}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newGridEnv(t, 120, 40, nil, func(o *app.Options) { o.StateDir = dir })
	e.send(e.m.disp.Boards.LoadCmd()())
	e.pollFeeds()
	if v := e.m.View(); !strings.Contains(v, "watched board from boards.json") {
		t.Errorf("the restored watched board does not say where it came from:\n%s", v)
	}
}

// writes reports whether cmd saves the watched boards: it runs cmd and
// its batches.
func writes(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if writes(c) {
				return true
			}
		}
	case grid.BoardsSavedMsg:
		return true
	}
	return false
}
