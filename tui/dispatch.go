package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// dispMode is the main view of the board side of the TUI.
type dispMode int

const (
	modeGrid   dispMode = iota // the boards: the grid's cells, or one board zoomed (the plain board is the grid's open board)
	modeMerged                 // one chronological list over the watched boards
	modeFleet                  // every vehicle in service
)

// dispatch is the board side's state in the root model: the grid with
// every board, the merged and fleet views, the pins and the request rate.
type dispatch struct {
	mode   dispMode
	grid   gridPane
	merged mergedPane
	fleet  fleetPane
	pins   pinSet
	boards watchedSet // the grid's watched boards in boards.json (watched.go)
	rate   rateMeter
	start  []tea.Cmd
	keys   boardKeys // the boards' key map (board_keys.go)
}

// newDispatch sets up the board side from o: with one board in o.Boards
// (or none: DefaultStop) the grid's open board, zoomed; with several the
// grid of watched boards. With no boards given, the watched boards of the
// last run open the grid when they are loaded (restoreBoards).
func newDispatch(sh *shared, o Options) dispatch {
	none := len(o.Boards) == 0
	d := dispatch{
		grid:   gridPane{sh: sh, cache: &memo{}, body: &memo{}, walk: o.Walk, perLine: o.PerLine},
		merged: mergedPane{sh: sh, cache: &memo{}, km: newMergedKeys(sh.t)},
		keys:   newBoardKeys(sh.t),
		fleet:  newFleetPane(sh),
		pins:   newPinSet(sh, o.StateDir, none),
		rate:   rateMeter{stats: o.Stats},
		mode:   modeGrid,
	}
	switch len(o.Boards) {
	case 0:
		d.start = append(d.start, d.grid.openSpec(BoardSpec{Stop: DefaultStop, Walk: WalkTime(o.Walk), PerLine: o.PerLine}))
	case 1:
		d.start = append(d.start, d.grid.openSpec(o.Boards[0]))
	default:
		for _, s := range o.Boards[:min(len(o.Boards), MaxBoards)] {
			d.start = append(d.start, d.grid.add(s))
		}
		d.grid.focus = 0
	}
	d.grid.home = d.grid.focused().spec()
	d.pins.showStrip(d.grid.plain())
	d.boards = newWatchedSet(o.StateDir, none && !o.Kiosk.Enabled, d.grid.specs())
	return d
}

// init returns the board side's start commands: the boards' first polls
// and the loads of the pins and the watched boards.
func (d *dispatch) init() tea.Cmd {
	cmds := append([]tea.Cmd(nil), d.start...)
	d.start = nil
	cmds = append(cmds, d.pins.loadCmd(), d.boards.loadCmd())
	return tea.Batch(cmds...)
}

// plain reports whether the plain board shows: the grid's open board,
// under the pin strip.
func (d *dispatch) plain() bool { return d.mode == modeGrid && d.grid.plain() }

// setSize hands the board side's rectangle (w×h) to its views and
// makes room for the pin strip above the plain board. focused is whether
// the board side has the focus.
func (d *dispatch) setSize(w, h int, focused bool) {
	d.grid.zoomed = d.grid.zoomed && (d.grid.len() > 0 || d.grid.open != nil)
	d.pins.stripH = 0
	if n := d.pins.stripHeight(h); n > 0 && d.plain() {
		d.pins.stripH = n
		h -= n
	}
	d.grid.setSize(w, h, focused)
	d.merged.setSize(w, h)
	d.fleet.setSize(w, h)
}

// view renders the board side: the grid (or its zoomed board, under
// the pin strip when it is the plain board), the merged or the fleet view.
func (d *dispatch) view() string {
	switch d.mode {
	case modeMerged:
		return d.merged.view(&d.grid)
	case modeFleet:
		return d.fleet.view(d.grid.boards)
	case modeGrid:
	}
	if n := d.pins.stripH; n > 0 {
		return d.pins.strip(d.grid.width, n) + "\n" + d.grid.view()
	}
	return d.grid.view()
}

// statusBoard is the board whose poll the status bar reports: the
// focused board, or the fleet's poll.
func (d *dispatch) statusBoard() *boardPane {
	if d.mode == modeFleet {
		return &boardPane{idle: *d.fleet.polls()}
	}
	if b := d.grid.focused(); b != nil {
		return b
	}
	return &boardPane{sh: d.grid.sh}
}

// setMode switches the main view; the fleet polls only while it shows.
func (m *Model) setMode(to dispMode) tea.Cmd {
	from := m.disp.mode
	if from == to {
		return nil
	}
	m.disp.mode = to
	var cmds []tea.Cmd
	if from == modeFleet {
		m.disp.fleet.close()
	}
	if to == modeFleet {
		cmds = append(cmds, m.disp.fleet.open())
	}
	cmds = append(cmds, m.disp.syncStrip())
	m.layout()
	return tea.Batch(cmds...)
}

// syncStrip shows the pin strip's feeds exactly while the plain board shows.
func (d *dispatch) syncStrip() tea.Cmd {
	on := d.plain()
	d.pins.showStrip(on)
	return d.pins.stripCmd(on)
}

// openBoard shows target t on the grid's open board, zoomed.
func (m *Model) openBoard(t target) tea.Cmd {
	cmd := m.disp.grid.openBoard(t)
	return tea.Batch(cmd, m.setMode(modeGrid), m.disp.syncStrip())
}

// watchBoard watches the open board (`w`) and shows the grid.
func (m *Model) watchBoard() tea.Cmd {
	if n := m.disp.grid.watchOpen(); n != "" {
		m.sh.notice = n
	}
	cmd := m.disp.syncStrip()
	m.layout()
	return cmd
}

// removeBoard is `x`: the first asks, the second removes the focused
// watched board. When none is left, the last open board (or the start
// board) opens again.
func (m *Model) removeBoard() tea.Cmd {
	g := &m.disp.grid
	ask, ok := g.askRemove()
	if !ok {
		m.sh.notice = ask
		return nil
	}
	g.remove()
	var cmd tea.Cmd
	if g.len() == 0 {
		cmd = g.openSpec(g.home)
	}
	m.layout()
	return tea.Batch(cmd, m.disp.syncStrip())
}

// unzoom goes back from the zoomed board to the grid (esc).
func (m *Model) unzoom() tea.Cmd {
	m.disp.grid.unzoom()
	cmd := m.disp.syncStrip()
	m.layout()
	return cmd
}

// stop ends the board side's polls and requests.
func (d *dispatch) stop() {
	d.grid.stop()
	d.fleet.close()
	d.pins.stop()
}

// dispatchData routes the dispatcher's results: grid feeds, the fleet,
// pins. ok is false for messages it does not own.
func (m *Model) dispatchData(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case pinsMsg:
		cmd := m.disp.pins.loaded(msg)
		m.layout()
		return cmd, true
	case pinsSavedMsg:
		if msg.err != nil {
			m.sh.notice = fmt.Sprintf(m.sh.dt.PinsNotSaved, oneLine(msg.err.Error()))
		} else if n := stateNotice(m.sh.dt, msg.problem, pinsFile, 0, 0); n != "" {
			m.sh.notice = n
		}
		return m.disp.pins.saved(msg), true
	case boardsMsg:
		return m.restoreBoards(msg), true
	case boardsSavedMsg:
		if msg.err != nil {
			m.sh.notice = fmt.Sprintf(m.sh.dt.BoardsNotSaved, oneLine(msg.err.Error()))
		} else if n := stateNotice(m.sh.dt, msg.problem, boardsFile, 0, 0); n != "" {
			m.sh.notice = n
		}
		return m.disp.boards.written(msg), true
	}
	return nil, false
}
