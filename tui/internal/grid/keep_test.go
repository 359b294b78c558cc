package grid

import (
	"os"
	"path/filepath"
	"testing"

	"abfahrt/tui/internal/app"
)

// TestOneOffBoardsAreNotKept: boards given on the command line (--stop a
// --stop b) are for this run: a filter changed or a board removed on them
// writes nothing, so a plain abfahrt afterwards opens the board, not
// them. (It lived in the root package and reached into its board side.)
func TestOneOffBoardsAreNotKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	r := newRig(t, stopsOver(2), func(o *app.Options) { o.StateDir = dir; o.OneOff = true })
	r.view(160, 46)
	for _, k := range []string{"l", "x", "x"} {
		if cmd, _ := r.key(k); writes(cmd) {
			t.Errorf("%s on a board given with --stop wrote boards.json", k)
		}
	}
	if _, err := os.Stat(path); err == nil {
		data, _ := os.ReadFile(path)
		t.Errorf("a one-off grid left boards.json: %s", data)
	}
	plain := newRig(t, nil, inDir(dir))
	for _, msg := range plain.loaded {
		plain.d.Update(plain.frame(), msg)
	}
	if !plain.d.isPlain() || plain.d.Grid.Focused().Subject.Stop != app.DefaultStop {
		t.Errorf("a plain start after a one-off grid opens %+v, want the board of %d", plain.d.Grid.Specs(), app.DefaultStop)
	}
}
