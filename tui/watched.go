package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// boardsFile is the name of the watched boards' file in Options.StateDir.
const boardsFile = "boards.json"

// savedBoard is a watched board with its filters as saved in boards.json,
// under the keys of a layout's board in the config file.
type savedBoard struct {
	Stop      int      `json:"stop"`
	StopPoint string   `json:"stoppoint,omitempty"`
	Arrivals  bool     `json:"arrivals,omitempty"`
	Lines     []string `json:"lines,omitempty"`
	Platform  string   `json:"platform,omitempty"`
	Direction string   `json:"direction,omitempty"`
}

// spec returns the saved board as a BoardSpec, or why it is not one.
func (b savedBoard) spec() (BoardSpec, error) {
	s := BoardSpec{Stop: b.Stop, Arrivals: b.Arrivals, Lines: b.Lines, Platform: b.Platform, Direction: b.Direction}
	if b.StopPoint != "" {
		c, err := model.ParseStopPointCode(b.StopPoint)
		if err != nil {
			return BoardSpec{}, err
		}
		s.StopPoint = c
	}
	if s.Stop < 0 || (s.Stop == 0 && s.StopPoint == "") {
		return BoardSpec{}, errors.New("no stop or stop point")
	}
	return s, nil
}

// boardsMsg carries the watched boards loaded from disk at start.
type boardsMsg struct {
	specs []BoardSpec
	err   error
}

// boardsSavedMsg reports the outcome of writing boards.json.
type boardsSavedMsg struct{ err error }

// loadBoardsCmd reads the watched boards from path; a missing file is no
// boards.
func loadBoardsCmd(path string) tea.Cmd {
	return func() tea.Msg {
		var saved []savedBoard
		if err := readJSON(path, &saved); err != nil {
			return boardsMsg{err: err}
		}
		specs := make([]BoardSpec, 0, len(saved))
		for i, b := range saved {
			s, err := b.spec()
			if err != nil {
				return boardsMsg{err: fmt.Errorf("%s: board %d: %w", path, i+1, err)}
			}
			specs = append(specs, s)
		}
		return boardsMsg{specs: specs}
	}
}

// saveBoardsCmd writes specs to path as a JSON list, atomically (see
// writeAtomic); no specs is an empty list.
func saveBoardsCmd(path string, specs []BoardSpec) tea.Cmd {
	saved := make([]savedBoard, 0, len(specs))
	for _, s := range specs {
		saved = append(saved, savedBoard{Stop: s.Stop, StopPoint: s.StopPoint.String(), Arrivals: s.Arrivals,
			Lines: slices.Clone(s.Lines), Platform: s.Platform, Direction: s.Direction})
	}
	return func() tea.Msg { return boardsSavedMsg{err: writeAtomic(path, saved)} }
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
	if w.path == "" {
		return nil
	}
	if w.writing {
		w.again = true
		return nil
	}
	w.writing = true
	return saveBoardsCmd(w.path, specs)
}

// written takes the end of a write and starts the next one if the set
// changed meanwhile.
func (w *watchedSet) written() tea.Cmd {
	w.writing = false
	if !w.again {
		return nil
	}
	w.again, w.writing = false, true
	return saveBoardsCmd(w.path, w.saved)
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
// that cannot be read is reported in the status bar and left as it is.
func (m *Model) restoreBoards(msg boardsMsg) tea.Cmd {
	d := &m.disp
	if msg.err != nil {
		m.sh.notice = fmt.Sprintf(m.sh.dt.BoardsCorrupt, oneLine(msg.err.Error()))
		return nil
	}
	if len(msg.specs) == 0 || d.boards.changed || d.grid.len() > 0 {
		return nil
	}
	var cmds []tea.Cmd
	for _, s := range msg.specs[:min(len(msg.specs), MaxBoards)] {
		cmds = append(cmds, d.grid.add(s, nil))
	}
	d.grid.focus = 0
	d.boards.saved = d.grid.specs()
	if d.mode == modeBoard {
		cmds = append(cmds, m.setMode(modeGrid))
	} else {
		m.layout()
	}
	return tea.Batch(cmds...)
}
