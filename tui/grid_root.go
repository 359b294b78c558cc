package tui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// dispMode is the main view of the dispatcher's half of the TUI.
type dispMode int

const (
	modeBoard  dispMode = iota // the single board (Model.board)
	modeGrid                   // the grid of watched boards (or one zoomed)
	modeMerged                 // one chronological list over the watched boards
	modeFleet                  // every vehicle in service
)

// dispatch is the dispatcher's state in the root model: the grid, the
// merged and fleet views, the pins and the request rate.
type dispatch struct {
	mode   dispMode
	back   dispMode // the view esc returns to from merged and fleet
	grid   gridPane
	merged mergedPane
	fleet  fleetPane
	pins   pinSet
	boards watchedSet // the grid's boards in boards.json (watched.go)
	rate   rateMeter
	start  []tea.Cmd
}

// newDispatch sets up the dispatcher from o: the grid when o.Boards has
// several boards (or one with filters the single board cannot show). With
// no boards given, the watched boards of the last run open the grid when
// they are loaded.
func newDispatch(sh *shared, o Options) dispatch {
	none := len(o.Boards) == 0
	d := dispatch{
		grid:   gridPane{sh: sh, cache: &memo{}, body: &memo{}},
		merged: mergedPane{sh: sh, cache: &memo{}},
		fleet:  newFleetPane(sh),
		pins:   newPinSet(sh, o.StateDir, none),
		rate:   rateMeter{stats: o.Stats},
	}
	if len(o.Boards) > 1 || (len(o.Boards) == 1 && needsGrid(o.Boards[0])) {
		for _, s := range o.Boards[:min(len(o.Boards), MaxBoards)] {
			if cmd := d.grid.add(s, nil); cmd != nil {
				d.start = append(d.start, cmd)
			}
		}
		d.grid.focus = 0
		d.grid.zoomed = len(o.Boards) == 1
		d.mode = modeGrid
	}
	d.boards = newWatchedSet(o.StateDir, none && !o.Kiosk.Enabled, d.grid.specs())
	return d
}

// needsGrid reports whether spec s has filters only a grid board applies.
func needsGrid(s BoardSpec) bool {
	return s.Platform != "" || s.Direction != "" || len(s.Lines) > 1
}

// singleSubject returns the single board's subject and line filter for
// Options with one board.
func singleSubject(o Options) (subject, string, bool) {
	if len(o.Boards) != 1 || needsGrid(o.Boards[0]) {
		return subject{}, "", false
	}
	s := o.Boards[0]
	line := ""
	if len(s.Lines) == 1 {
		line = s.Lines[0]
	}
	return s.subject(), line, true
}

// init returns the dispatcher's start commands: the grid's first polls
// and the loads of the pins and the watched boards.
func (d *dispatch) init() tea.Cmd {
	cmds := append([]tea.Cmd(nil), d.start...)
	d.start = nil
	cmds = append(cmds, d.pins.loadCmd(), d.boards.loadCmd())
	return tea.Batch(cmds...)
}

// active reports whether a dispatcher view replaces the single board.
func (d *dispatch) active() bool { return d.mode != modeBoard }

// setSize hands the main rectangle to the dispatcher's views.
func (d *dispatch) setSize(w, h int, focused bool) {
	d.grid.zoomed = d.grid.zoomed && d.grid.len() > 0
	d.grid.setSize(w, h, focused)
	d.merged.setSize(w, h)
	d.fleet.setSize(w, h)
}

// layoutDispatch sizes the dispatcher's views to the board's rectangle
// and makes room for the pin strip above the single board. Called at the
// end of layout.
func (m *Model) layoutDispatch() {
	w, h := m.board.width, m.board.height
	m.disp.setSize(w, h, m.focus == paneBoard)
	m.disp.pins.stripH = 0
	if n := m.disp.pins.stripHeight(h); n > 0 && m.disp.mode == modeBoard {
		m.disp.pins.stripH = n
		m.board.setSize(w, h-n)
	}
}

// mainView renders the main pane: the single board (under the pin strip)
// or the dispatcher's view.
func (m *Model) mainView() string {
	switch m.disp.mode {
	case modeGrid:
		return m.disp.grid.view()
	case modeMerged:
		return m.disp.merged.view(&m.disp.grid)
	case modeFleet:
		return m.disp.fleet.view(&m.disp.grid)
	case modeBoard:
	}
	if n := m.disp.pins.stripH; n > 0 {
		return m.disp.pins.strip(m.board.width, n) + "\n" + m.board.view()
	}
	return m.board.view()
}

// statusBoard is the board whose poll the status bar reports: the single
// board, the focused grid board, or the fleet's poll.
func (m *Model) statusBoard() *boardPane {
	switch m.disp.mode {
	case modeFleet:
		return &boardPane{idle: *m.disp.fleet.polls()}
	case modeGrid, modeMerged:
		if b := m.disp.grid.focused(); b != nil {
			return &b.boardPane
		}
	case modeBoard:
	}
	return &m.board
}

// setMode switches the main view, starting and stopping the polls that
// only the old or new view needs: the single board polls only while it
// shows, the fleet only while it shows.
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
	if to == modeMerged || to == modeFleet {
		if from == modeGrid || from == modeBoard {
			m.disp.back = from
		}
	}
	boardShows := to == modeBoard || ((to == modeMerged || to == modeFleet) && m.disp.back == modeBoard)
	boardShowed := from == modeBoard || ((from == modeMerged || from == modeFleet) && m.disp.back == modeBoard)
	switch {
	case boardShowed && !boardShows:
		m.board.hide()
	case !boardShowed && boardShows:
		cmds = append(cmds, m.board.show())
	}
	m.disp.pins.showStrip(to == modeBoard)
	cmds = append(cmds, m.disp.pins.stripCmd(to == modeBoard))
	m.layout()
	return tea.Batch(cmds...)
}

// showBoard returns to the single board, as when a stop is opened from
// the search; the grid keeps its boards for esc.
func (m *Model) showBoard() tea.Cmd {
	m.disp.grid.zoomed = false
	return m.setMode(modeBoard)
}

// dispatchKey handles the dispatcher's keys when the board side has focus:
// in the grid, merged and fleet views every pane key, on the single board
// watch, pin, the views and the pin numbers. ok is false for keys it
// leaves to the root (quit, help, search, focus).
func (m *Model) dispatchKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.sh.keys
	if m.focus != paneBoard || key.Matches(msg, k.Quit, k.Help, k.Search, k.Focus, k.FocusBack) {
		return nil, false
	}
	switch {
	case key.Matches(msg, k.disp.Fleet):
		if m.disp.mode == modeFleet {
			return m.setMode(m.disp.back), true
		}
		return m.setMode(modeFleet), true
	case key.Matches(msg, k.disp.Merged):
		if m.disp.mode == modeMerged {
			return m.setMode(m.disp.back), true
		}
		return m.setMode(modeMerged), true
	case key.Matches(msg, k.disp.Pin):
		m.togglePin()
		return tea.Batch(m.disp.pins.saveCmd(), m.disp.pins.syncFeeds()), true
	}
	switch m.disp.mode {
	case modeGrid:
		return m.gridKey(msg), true
	case modeMerged:
		if key.Matches(msg, k.disp.Back) {
			return m.setMode(m.disp.back), true
		}
		if key.Matches(msg, k.Refresh) {
			return m.disp.grid.refresh(), true
		}
		return m.disp.merged.update(msg, &m.disp.grid), true
	case modeFleet:
		switch {
		case key.Matches(msg, k.disp.Back):
			return m.setMode(m.disp.back), true
		case key.Matches(msg, k.Refresh):
			return m.disp.fleet.refresh(), true
		}
		return m.disp.fleet.update(msg), true
	case modeBoard:
	}
	return m.boardModeKey(msg)
}

// boardModeKey handles the dispatcher's keys on the single board.
func (m *Model) boardModeKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.sh.keys
	switch {
	case key.Matches(msg, k.disp.Watch):
		return m.watchBoard(), true
	case key.Matches(msg, k.disp.Back):
		return m.setMode(modeGrid), true
	case key.Matches(msg, k.disp.Num):
		if p, ok := m.disp.pins.at(digit(msg)); ok {
			return m.open(p.target()), true
		}
		return nil, true
	}
	return nil, false
}

// gridKey handles a key in the grid or the zoomed board.
func (m *Model) gridKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.sh.keys
	g := &m.disp.grid
	b := g.focused()
	if b == nil {
		return nil
	}
	switch {
	case key.Matches(msg, k.Refresh):
		return g.refresh()
	case key.Matches(msg, k.disp.Remove):
		g.remove()
		if g.len() == 0 {
			return m.setMode(modeBoard)
		}
		m.layout()
		return nil
	case key.Matches(msg, k.disp.Line):
		b.cycleLine()
		return nil
	case key.Matches(msg, k.disp.Direction):
		b.cycleDirection()
		return nil
	case key.Matches(msg, k.Platform):
		b.cyclePlatform()
		return nil
	case key.Matches(msg, k.Toggle):
		s := b.subj
		s.arrivals = !s.arrivals
		return g.setSubject(b, s)
	case key.Matches(msg, k.WalkUp, k.WalkDown, k.HideMissed, k.PerLine):
		return b.update(msg) // walking time of the focused board (walk.go)
	}
	if g.zoomed {
		if key.Matches(msg, k.disp.Back) {
			g.zoomed = false
			m.layout()
			return nil
		}
		return b.update(msg) // rows, top/bottom, enter opens the vehicle
	}
	switch {
	case key.Matches(msg, k.disp.Zoom):
		g.zoomed = true
		m.layout()
	case key.Matches(msg, k.Clear):
		b.clearFilters()
	case key.Matches(msg, k.disp.Left):
		g.moveFocus(-1)
	case key.Matches(msg, k.disp.Right):
		g.moveFocus(1)
	case key.Matches(msg, k.Up):
		g.moveFocus(-max(g.cols, 1))
	case key.Matches(msg, k.Down):
		g.moveFocus(max(g.cols, 1))
	case key.Matches(msg, k.disp.Num):
		if n := digit(msg); n >= 1 && n <= g.len() {
			g.focus = n - 1
		}
	}
	return nil
}

// digit returns the number of a digit key, 0 for any other key.
func digit(msg tea.KeyMsg) int {
	s := msg.String()
	if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
		return int(s[0] - '0')
	}
	return 0
}

// watchBoard adds the single board to the watched set and shows the grid.
func (m *Model) watchBoard() tea.Cmd {
	g := &m.disp.grid
	spec := BoardSpec{Stop: m.board.subj.stop, StopPoint: m.board.subj.point, Arrivals: m.board.subj.arrivals}
	if m.board.line != "" {
		spec.Lines = []string{m.board.line}
	}
	for i, b := range g.boards {
		if b.subj == spec.subject() && !b.filt.active() && spec.Lines == nil {
			g.focus = i
			m.sh.notice = m.sh.dt.AlreadyWatched
			return m.setMode(modeGrid)
		}
	}
	if g.len() >= MaxBoards {
		m.sh.notice = fmt.Sprintf(m.sh.dt.GridFull, MaxBoards)
		return nil
	}
	cmd := g.add(spec, &m.board)
	return tea.Batch(cmd, m.setMode(modeGrid))
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

// quitDispatch ends the dispatcher's polls and requests.
func (m *Model) quitDispatch() {
	m.disp.grid.stop()
	m.disp.fleet.close()
	m.disp.pins.stop()
}

// sample records the request counter at a clock message (ratemeter.go).
func (m *Model) sample(now time.Time) {
	m.sh.rate = m.disp.rate.sample(now, m.sh.dt)
}

// pinSubject is the stop the `p` key pins: the focused grid board's, else
// the single board's.
func (m *Model) pinSubject() (subject, string) {
	if m.disp.mode != modeBoard {
		if b := m.disp.grid.focused(); b != nil {
			return b.subj, b.name()
		}
	}
	return m.board.subj, m.board.name()
}

// togglePin pins or unpins the current stop (or stop point).
func (m *Model) togglePin() {
	s, name := m.pinSubject()
	p := pin{Stop: s.stop, Name: name}
	if s.point != "" {
		p.StopPoint = s.point.String()
	}
	if !m.disp.pins.has(p) && m.disp.pins.full() {
		m.sh.notice = fmt.Sprintf(m.sh.dt.PinsFull, maxPins)
		return
	}
	if m.disp.pins.toggle(p) {
		m.sh.notice = fmt.Sprintf(m.sh.dt.Pinned, name)
	} else {
		m.sh.notice = fmt.Sprintf(m.sh.dt.Unpinned, name)
	}
	m.layout()
}

// pinned reports whether the current stop is pinned, for the key help.
func (m *Model) pinned() bool {
	s, _ := m.pinSubject()
	p := pin{Stop: s.stop}
	if s.point != "" {
		p.StopPoint = s.point.String()
	}
	return m.disp.pins.has(p)
}

// dispKeyState is the dispatcher's part of keyState.
type dispKeyState struct {
	mode      dispMode
	boards    int  // watched boards
	zoomed    bool // the grid shows its focused board whole
	filtered  bool // the focused grid board has filters
	strip     int  // pins on the strip (single board)
	pinned    bool // the current stop is pinned
	listRows  int  // rows of the merged or fleet list
	rowVeh    bool // the merged/fleet row under the cursor has a vehicle
	byDelay   bool // the fleet is sorted by delay
	zoomRows  int  // rows of the zoomed board
	zoomVeh   bool // the zoomed board's row under the cursor has a vehicle
	arrivals  bool // the focused grid board shows arrivals
	multiPlat bool // the focused grid board's stop has several platforms
}

// dispKeyState sums up the dispatcher's state for the key bindings.
func (m *Model) dispKeyState() dispKeyState {
	d := &m.disp
	s := dispKeyState{mode: d.mode, boards: d.grid.len(), zoomed: d.grid.zoomed, pinned: m.pinned(),
		byDelay: d.fleet.byDelay}
	if d.mode == modeBoard {
		s.strip = d.pins.stripCount()
	}
	if b := d.grid.focused(); b != nil {
		s.filtered, s.arrivals = b.filt.active(), b.subj.arrivals
		s.multiPlat = b.subj.point == "" && len(b.platforms()) > 1
		if d.grid.zoomed {
			rows := b.rows()
			s.zoomRows = len(rows)
			if c := b.cursorIn(rows); c >= 0 && c < len(rows) {
				s.zoomVeh = b.data.Events[rows[c]].VehicleNumber != 0
			}
		}
	}
	switch d.mode {
	case modeMerged:
		s.listRows, s.rowVeh = d.merged.state(&d.grid)
	case modeFleet:
		s.listRows, s.rowVeh = d.fleet.state()
	case modeBoard, modeGrid:
	}
	return s
}
