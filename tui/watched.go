package tui

import (
	"errors"
	"path/filepath"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/statefile"
)

// boardsFile is the name of the watched boards' file in Options.StateDir.
const boardsFile = "boards.json"

// boardsMsg carries the watched boards loaded from disk at start: the
// first MaxBoards, how many distinct ones the file has, and what went
// wrong with it.
type boardsMsg struct {
	specs   []BoardSpec
	total   int
	problem *statefile.Problem
}

// boardsSavedMsg reports the outcome of writing boards.json with the
// watched set specs.
type boardsSavedMsg struct {
	specs   []BoardSpec
	problem *statefile.Problem
	err     error
}

// loadBoardsCmd reads the watched boards from path; a missing file is no
// boards.
func loadBoardsCmd(path string) tea.Cmd {
	return func() tea.Msg { return loadBoards(path) }
}

// saveBoardsCmd writes the watched set specs to path, merged with the
// file's boards when another instance changed them since base, the set
// this instance last wrote or loaded (see statefile.go).
func saveBoardsCmd(path string, base, specs []BoardSpec, known bool) tea.Cmd {
	return func() tea.Msg { return saveBoards(path, base, specs, known) }
}

// watchedSet keeps the grid's boards in boards.json: it remembers the set
// as it started (or as last written) and writes the file only when the
// user changes it, so boards given on the command line, or a corrupt file,
// leave the file alone until then. One write at a time, so that the last
// set is the one that stays.
type watchedSet struct {
	path    string      // "" = not persisted
	restore bool        // no boards were given: the file's open the grid
	saved   []BoardSpec // the watched set as last written, or at start
	changed bool        // the user changed the set since the start
	writing bool        // a write is in flight
	again   bool        // saved changed while writing: write once more

	base     []BoardSpec // the set as last written or loaded: what the file holds unless another instance changed it
	known    bool        // base is known (the file was loaded or written); otherwise the first write is the grid
	readOnly bool        // the file could not be read nor kept aside: never written
}

// newWatchedSet returns the watched set of stateDir starting as specs;
// restore says whether the file's boards open the grid at start.
func newWatchedSet(stateDir string, restore bool, specs []BoardSpec) watchedSet {
	w := watchedSet{restore: restore, saved: specs}
	if stateDir != "" {
		w.path = filepath.Join(stateDir, boardsFile)
	}
	return w
}

// loadCmd reads the file at start, if boards are to be restored from it.
func (w *watchedSet) loadCmd() tea.Cmd {
	if w.path == "" || !w.restore {
		return nil
	}
	return loadBoardsCmd(w.path)
}

// saveCmd writes specs, the grid's boards now, if they differ from the
// set last written; nil when nothing changed or nothing is persisted.
func (w *watchedSet) saveCmd(specs []BoardSpec) tea.Cmd {
	if slices.EqualFunc(specs, w.saved, sameSpec) {
		return nil
	}
	w.saved, w.changed = specs, true
	if w.path == "" || w.readOnly {
		return nil
	}
	if w.writing {
		w.again = true
		return nil
	}
	w.writing = true
	return saveBoardsCmd(w.path, w.base, specs, w.known)
}

// written takes the end of a write and starts the next one if the set
// changed meanwhile.
func (w *watchedSet) written(msg boardsSavedMsg) tea.Cmd {
	w.writing = false
	if msg.err == nil {
		w.base, w.known = msg.specs, true
	}
	if errors.Is(msg.err, statefile.ErrKept) {
		w.readOnly = true // found unreadable since the start: leave it
		return nil
	}
	if !w.again {
		return nil
	}
	w.again, w.writing = false, true
	return saveBoardsCmd(w.path, w.base, w.saved, w.known)
}

// sameSpec reports whether a and b are the same board with the same
// filters.
func sameSpec(a, b BoardSpec) bool {
	return a.Stop == b.Stop && a.StopPoint == b.StopPoint && a.Arrivals == b.Arrivals &&
		slices.Equal(a.Lines, b.Lines) && a.Platform == b.Platform && a.Direction == b.Direction
}

// specs returns the watched boards with their filters, in grid order.
func (g *gridPane) specs() []BoardSpec {
	out := make([]BoardSpec, 0, len(g.boards))
	for _, b := range g.boards {
		out = append(out, b.spec())
	}
	return out
}

// restoreBoards opens the grid with the boards read from boards.json at
// start, unless the user has changed the watched set meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written.
func (m *Model) restoreBoards(msg boardsMsg) tea.Cmd {
	d := &m.disp
	addNotice(m.sh, stateNotice(m.sh.dt, msg.problem, boardsFile, len(msg.specs), msg.total))
	if msg.problem != nil && msg.problem.KeptAs == "" {
		d.boards.readOnly = true
		return nil
	}
	if !d.boards.changed {
		d.boards.base, d.boards.known = msg.specs, true
	}
	if len(msg.specs) == 0 || d.boards.changed || d.grid.len() > 0 {
		return nil
	}
	var cmds []tea.Cmd
	for _, s := range msg.specs[:min(len(msg.specs), MaxBoards)] {
		cmds = append(cmds, d.grid.add(s))
	}
	d.grid.focus = 0
	// One watched board opens as the normal board (the grid's zoom), not
	// a grid of one compact cell; the open board closes.
	d.grid.closeOpen()
	d.grid.zoomed = d.grid.len() == 1
	d.boards.saved = d.grid.specs()
	cmds = append(cmds, m.disp.syncStrip())
	m.layout()
	return tea.Batch(cmds...)
}
