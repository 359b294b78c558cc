package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
)

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
