package grid

import (
	"errors"
	"path/filepath"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/statefile"
)

// BoardsFile is the name of the watched boards' file in Options.StateDir.
const BoardsFile = "boards.json"

// BoardsMsg carries the watched boards loaded from disk at start: the
// first MaxBoards, how many distinct ones the file has, and what went
// wrong with it.
type BoardsMsg struct {
	Specs   []app.BoardSpec
	Total   int
	Problem *statefile.Problem
}

// BoardsSavedMsg reports the outcome of writing boards.json with the
// watched set specs.
type BoardsSavedMsg struct {
	specs   []app.BoardSpec
	Problem *statefile.Problem
	Err     error
}

// LoadBoardsCmd reads the watched boards from path; a missing file is no
// boards.
func LoadBoardsCmd(path string) tea.Cmd {
	return func() tea.Msg { return LoadBoards(path) }
}

// saveBoardsCmd writes the watched set specs to path, merged with the
// file's boards when another instance changed them since base, the set
// this instance last wrote or loaded (see statefile.go).
func saveBoardsCmd(path string, base, specs []app.BoardSpec, known bool) tea.Cmd {
	return func() tea.Msg { return SaveBoards(path, base, specs, known) }
}

// watchedSet keeps the grid's boards in boards.json: it remembers the set
// as it started (or as last written) and writes the file only when the
// user changes it, so boards given on the command line, or a corrupt file,
// leave the file alone until then. One write at a time, so that the last
// set is the one that stays.
type watchedSet struct {
	path    string          // "" = not persisted
	restore bool            // no boards were given: the file's open the grid
	Saved   []app.BoardSpec // the watched set as last written, or at start
	Changed bool            // the user changed the set since the start
	writing bool            // a write is in flight
	again   bool            // saved changed while writing: write once more

	Base     []app.BoardSpec // the set as last written or loaded: what the file holds unless another instance changed it
	Known    bool            // base is known (the file was loaded or written); otherwise the first write is the grid
	ReadOnly bool            // the file could not be read nor kept aside: never written
}

// newWatchedSet returns the watched set of stateDir starting as specs;
// restore says whether the file's boards open the grid at start.
func newWatchedSet(stateDir string, restore bool, specs []app.BoardSpec) watchedSet {
	w := watchedSet{restore: restore, Saved: specs}
	if stateDir != "" {
		w.path = filepath.Join(stateDir, BoardsFile)
	}
	return w
}

// LoadCmd reads the file at start, if boards are to be restored from it.
func (w *watchedSet) LoadCmd() tea.Cmd {
	if w.path == "" || !w.restore {
		return nil
	}
	return LoadBoardsCmd(w.path)
}

// SaveCmd writes specs, the grid's boards now, if they differ from the
// set last written; nil when nothing changed or nothing is persisted.
func (w *watchedSet) SaveCmd(specs []app.BoardSpec) tea.Cmd {
	if slices.EqualFunc(specs, w.Saved, SameSpec) {
		return nil
	}
	w.Saved, w.Changed = specs, true
	if w.path == "" || w.ReadOnly {
		return nil
	}
	if w.writing {
		w.again = true
		return nil
	}
	w.writing = true
	return saveBoardsCmd(w.path, w.Base, specs, w.Known)
}

// SaveNow writes the set if a write of it is in flight or due, and waits
// for it: at the program's end (see pinSet.SaveNow).
func (w *watchedSet) SaveNow() {
	if w.path == "" || w.ReadOnly || !w.writing && !w.again {
		return
	}
	if msg := SaveBoards(w.path, w.Base, w.Saved, w.Known); msg.Err == nil {
		w.writing, w.again, w.Base, w.Known = false, false, msg.specs, true
	}
}

// Written takes the end of a write and starts the next one if the set
// changed meanwhile.
func (w *watchedSet) Written(msg BoardsSavedMsg) tea.Cmd {
	w.writing = false
	if msg.Err == nil {
		w.Base, w.Known = msg.specs, true
	}
	if errors.Is(msg.Err, statefile.ErrKept) {
		w.ReadOnly = true // found unreadable since the start: leave it
		return nil
	}
	if !w.again {
		return nil
	}
	w.again, w.writing = false, true
	return saveBoardsCmd(w.path, w.Base, w.Saved, w.Known)
}

// SameSpec reports whether a and b are the same board with the same
// filters.
func SameSpec(a, b app.BoardSpec) bool {
	return a.Stop == b.Stop && a.StopPoint == b.StopPoint && a.Arrivals == b.Arrivals &&
		slices.Equal(a.Lines, b.Lines) && a.Platform == b.Platform && a.Direction == b.Direction
}

// Kept returns the boards to keep in boards.json, in grid order: the
// watched boards but those given on the command line for this run.
func (g *gridPane) Kept() []app.BoardSpec {
	out := make([]app.BoardSpec, 0, len(g.Boards))
	for _, b := range g.Boards {
		if !b.OneOff {
			out = append(out, b.Spec())
		}
	}
	return out
}

// Specs returns the watched boards with their filters, in grid order.
func (g *gridPane) Specs() []app.BoardSpec {
	out := make([]app.BoardSpec, 0, len(g.Boards))
	for _, b := range g.Boards {
		out = append(out, b.Spec())
	}
	return out
}
