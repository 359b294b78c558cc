package grid

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/testkit"
)

// inDir sets the state directory of a rig's options.
func inDir(dir string) func(*app.Options) { return func(o *app.Options) { o.StateDir = dir } }

// save writes the watched set if it changed, as the root does after a
// key, and runs the write.
func (r *rig) save() {
	r.t.Helper()
	r.run(r.d.Boards.SaveCmd(r.d.Grid.Specs()))
}

// restore hands the boards read at start to the board side (Dispatch.Data,
// as the root does): the file's set is the base of the next write.
func (r *rig) restore() {
	r.t.Helper()
	if len(r.loaded) != 1 {
		r.t.Fatalf("%d loads of boards.json at start, want 1", len(r.loaded))
	}
	cmd, act, ok := r.d.Update(r.frame(), r.loaded[0])
	if !ok {
		r.t.Fatal("the board side did not take its boards.json")
	}
	app.AddNotice(r.sh, act.Notice)
	r.run(cmd)
}

// fileSpecs reads boards.json as JSON.
func fileSpecs(t testing.TB, path string) []app.BoardSpec {
	t.Helper()
	return testkit.ReadSpecs(t, path)
}

// checkFile fails unless boards.json holds want, in order.
func checkFile(t testing.TB, path string, want []app.BoardSpec) {
	t.Helper()
	if got := fileSpecs(t, path); !slices.EqualFunc(got, want, SameSpec) {
		t.Errorf("boards.json holds %+v, want %+v", got, want)
	}
}

// stops is the stop numbers of specs.
func stops(specs ...int) []app.BoardSpec {
	out := make([]app.BoardSpec, len(specs))
	for i, s := range specs {
		out[i] = app.BoardSpec{Stop: s}
	}
	return out
}

// TestWatchedSavedAndRestored: boards given at start leave boards.json
// alone until the watched set changes; then it holds the grid's boards
// with their filters, and a start without boards opens the grid with them.
func TestWatchedSavedAndRestored(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	r := newRig(t, stops(1008, 1350), inDir(dir))
	if r.d.Boards.LoadCmd() != nil || len(r.loaded) != 0 {
		t.Error("boards given at start: boards.json is read")
	}
	if r.save(); fileExists(path) {
		t.Error("boards.json written without a change of the watched set")
	}
	r.run(r.d.Grid.Add(r.frame(), app.BoardSpec{Stop: 1240, Lines: []string{"2"}, Arrivals: true}))
	r.save()
	want := r.d.Grid.Specs()
	checkFile(t, path, want)
	r.d.Grid.MoveFocus(-1) // a focus move changes nothing saved
	if cmd := r.d.Boards.SaveCmd(r.d.Grid.Specs()); cmd != nil {
		t.Error("a focus move writes boards.json")
	}

	next := newRig(t, nil, inDir(dir))
	next.restore()
	g := &next.d.Grid
	if got := g.Specs(); !slices.EqualFunc(got, want, SameSpec) || g.Plain() {
		t.Fatalf("restored %+v (plain %v), want the grid of %+v", got, g.Plain(), want)
	}
	next.poll()
	if top := next.summaryLine(160); !strings.Contains(top, "3 boards") {
		t.Errorf("the restored grid's summary: %q", top)
	}
	if v := strings.Join(plainLines(next.view(160, 30)), "\n"); !strings.Contains(v, "3 Theater · arr. · line 2") {
		t.Errorf("the restored Theater board lost its filters:\n%s", v)
	}
}

// fileExists reports whether path exists.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestWatchedMergedWithOtherInstance: two instances share boards.json;
// each one's changes join the other's instead of replacing them: a board
// removed by one stays removed, a board added by the other is kept.
func TestWatchedMergedWithOtherInstance(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	a := newRig(t, stops(1008, 1350), inDir(dir))
	a.run(a.d.Grid.Add(a.frame(), app.BoardSpec{Stop: 1240}))
	a.save()
	checkFile(t, path, stops(1008, 1350, 1240))

	b := newRig(t, nil, inDir(dir))
	b.restore()
	b.d.Grid.Focus = 1
	b.d.Grid.Remove() // Ehinger Tor
	b.save()
	checkFile(t, path, stops(1008, 1240))

	// a never saw b's change: its next one is merged with it.
	a.run(a.d.Grid.Add(a.frame(), app.BoardSpec{Stop: 1010}))
	a.save()
	checkFile(t, path, stops(1008, 1240, 1010))
	// And b's next change keeps a's board.
	b.d.Grid.Focus = 0
	b.d.Grid.Remove()
	b.save()
	checkFile(t, path, stops(1240, 1010))
}

// TestWatchedOneWriteAtATime: a change made while a write runs is
// written after it, so the file ends with the last set.
func TestWatchedOneWriteAtATime(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, BoardsFile)
	r := newRig(t, stops(1008, 1350), inDir(dir))
	r.run(r.d.Grid.Add(r.frame(), app.BoardSpec{Stop: 1240}))
	first := r.d.Boards.SaveCmd(r.d.Grid.Specs())
	if first == nil {
		t.Fatal("adding a board writes nothing")
	}
	r.run(r.d.Grid.Add(r.frame(), app.BoardSpec{Stop: 1010}))
	if cmd := r.d.Boards.SaveCmd(r.d.Grid.Specs()); cmd != nil {
		t.Fatal("a second write while one is in flight")
	}
	r.run(first) // its end starts the write of the last set
	checkFile(t, path, stops(1008, 1350, 1240, 1010))
}

// TestWatchedCorruptFile: a boards.json that does not parse is kept aside
// with its bytes and reported once; the grid starts as without it, and
// the next change writes a new file beside the kept one.
func TestWatchedCorruptFile(t *testing.T) {
	for _, bad := range []string{"{not json", `[{"stop": 0}]`, `[{"stop": 1008},]`} {
		dir := t.TempDir()
		path := filepath.Join(dir, BoardsFile)
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		r := newRig(t, nil, inDir(dir))
		r.restore()
		if !strings.Contains(r.sh.Notice, "boards.json could not be read; kept as boards.json.corrupt-") {
			t.Errorf("%s: notice %q, want the file kept aside", bad, r.sh.Notice)
		}
		if !r.d.Grid.Plain() || r.d.Grid.Len() != 0 || r.d.Boards.ReadOnly {
			t.Errorf("%s: plain %v, %d watched, read-only %v; want the start board, writable", bad, r.d.Grid.Plain(), r.d.Grid.Len(), r.d.Boards.ReadOnly)
		}
		kept, _ := filepath.Glob(filepath.Join(dir, BoardsFile+".corrupt-*"))
		if len(kept) != 1 {
			t.Fatalf("%s: kept files %v, want one", bad, kept)
		}
		r.sh.Notice = ""
		if r.d.Grid.WatchOpen(r.sh.DispatchTexts) != "" {
			t.Fatalf("%s: watching the start board failed", bad)
		}
		r.save()
		checkFile(t, path, stops(app.DefaultStop))
		if data, _ := os.ReadFile(kept[0]); string(data) != bad {
			t.Errorf("%s: the kept file holds %q", bad, data)
		}
		if r.sh.Notice != "" {
			t.Errorf("%s: reported again: %q", bad, r.sh.Notice)
		}
	}
}
