package grid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
)

// Boards as given or restored at start (these tests lived in the root
// package and reached into its board side).

// TestPerLineSpec: per_line of a layout's board limits the grid board.
func TestPerLineSpec(t *testing.T) {
	r := newRig(t, []app.BoardSpec{{Stop: 1008, PerLine: 1}, {Stop: 1350}}, nil)
	r.view(160, 48)
	b := r.d.Grid.Boards[0]
	seen := map[board.LineDir]bool{}
	for _, row := range b.Rows(r.frame()) {
		ev := &b.Data.Events[row]
		k := board.LineDir{Line: ev.Line(), Dir: ev.DirectionText}
		if seen[k] {
			t.Errorf("line %s to %s twice with per_line 1", k.Line, k.Dir)
		}
		seen[k] = true
	}
	if err := (app.BoardSpec{Stop: 1008, PerLine: app.MaxPerLine + 1}).Check(); err == nil {
		t.Error("per_line above the maximum passed Check")
	}
}

// TestRestoredBoardsSayWhereFrom: a plain start that opens the watched
// boards says that they are the watched boards of boards.json.
func TestRestoredBoardsSayWhereFrom(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, BoardsFile), []byte(`[{"stop": 1350}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := newRig(t, nil, inDir(dir))
	r.restore()
	r.poll()
	if !strings.Contains(r.sh.Notice, "watched board from boards.json") { // the status line
		t.Errorf("the restored watched board does not say where it came from: %q", r.sh.Notice)
	}
}
