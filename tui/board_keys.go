package tui

import (
	"errors"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
)

// boardKeys are the boards' bindings: the grid's cells, the zoomed board
// and the plain board (the grid's open board) take the same board keys;
// the cells take the row keys as focus moves. The map belongs to the board
// side (dispatch.keys); boardKeyState is its state.
type boardKeys struct {
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Toggle   key.Binding // a: arrivals or departures
	Platform key.Binding // f: the next platform's stop point
	Open     key.Binding // enter: the vehicle of the row
	Clear    key.Binding // esc: clear the filters
	// Row filters (board_filters.go).
	Line      key.Binding
	Direction key.Binding
	// Walking time (walk.go), per line and grouped (perline.go), reminder
	// (reminder.go).
	WalkUp     key.Binding
	WalkDown   key.Binding
	HideMissed key.Binding
	PerLine    key.Binding
	Grouped    key.Binding
	Remind     key.Binding
	// The grid.
	Left   key.Binding // focus the previous board
	Right  key.Binding // focus the next board
	Num    key.Binding // 1–9: focus a board (cells) or open a pin (plain board)
	Zoom   key.Binding
	Remove key.Binding
	Watch  key.Binding
	viewKeys
	mode boardMode // what the bindings were synced for, for the footer
}

// boardMode is what the board side shows, for the footer.
type boardMode int

const (
	boardCells boardMode = iota // the grid's cells
	boardZoom                   // a watched board, zoomed
	boardPlain                  // the plain board (the open board)
)

// newBoardKeys returns the boards' bindings in the language of t.
func newBoardKeys(t *texts) boardKeys {
	return boardKeys{
		Up:       bind("↑/k", t.KeyUp, "up", "k"),
		Down:     bind("↓/j", t.KeyDown, "down", "j"),
		Top:      bind("g/home", t.KeyFirst, "g", "home"),
		Bottom:   bind("G/end", t.KeyLast, "G", "end"),
		Toggle:   bind("a", t.KeyArrivals, "a"),
		Platform: bind("f", t.KeyPlatform, "f"),
		Open:     bind("enter", t.KeyVehicle, "enter"),
		Clear:    bind("esc", t.KeyClearFilters, "esc"),

		Line:      bind("l", t.KeyLine, "l"),
		Direction: bind("d", t.KeyDirection, "d"),

		WalkUp:     bind("+", t.KeyWalkUp, "+", "="),
		WalkDown:   bind("-", t.KeyWalkDn, "-"),
		HideMissed: bind("H", t.KeyMissed, "H"),
		PerLine:    bind("n", t.KeyPerLine, "n"),
		Grouped:    bind("b", t.KeyGrouped, "b"),
		Remind:     bind("t", t.KeyRemind, "t"),

		Left:     bind("←/h", t.KeyPrevBoard, "left", "h"),
		Right:    bind("→", t.KeyNextBoard, "right"),
		Num:      bind("1-9", t.KeyFocusBoard, "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Zoom:     bind("enter", t.KeyZoom, "enter"),
		Remove:   bind("x", t.KeyRemove, "x"),
		Watch:    bind("w", t.KeyWatch, "w"),
		viewKeys: newViewKeys(t),
	}
}

// boardKeyState is what decides which board keys are live.
type boardKeyState struct {
	on         bool // the boards show and take keys (focus, no overlay)
	mode       boardMode
	boards     int  // watched boards
	strip      int  // pins on the strip above the plain board
	pinned     bool // the focused board's stop is pinned
	rows       int  // rows of the focused board
	rowVehicle bool // its row under the cursor has a vehicle
	arrivals   bool // it shows arrivals, so `a` offers departures
	platforms  bool // its stop has more than one platform to cycle
	filtered   bool // it has a line, platform or direction filter
	walk       bool // it has a walking time
	wholeStop  bool // it shows a whole stop (it can group by platform)
	remind     bool // it has rows and reminders are on (not in the kiosk)
	unknown    bool // the service does not know its stop: nothing to watch or pin
}

// keyState sums up the boards' state for their bindings; on is whether
// the board side takes keys.
func (d *dispatch) keyState(on bool, reminders bool, pinned bool) boardKeyState {
	g := &d.grid
	s := boardKeyState{on: on && d.mode == modeGrid, boards: g.len(), pinned: pinned}
	switch {
	case g.plain():
		s.mode, s.strip = boardPlain, d.pins.stripCount()
	case g.zoomed:
		s.mode = boardZoom
	}
	if b := g.focused(); b != nil {
		rows := b.rows()
		if c := b.cursorIn(rows); c >= 0 && c < len(rows) {
			s.rowVehicle = b.data.Events[rows[c]].VehicleNumber != 0
		}
		s.arrivals, s.rows = b.subj.arrivals, len(rows)
		s.platforms = len(b.platforms()) > 1
		s.filtered = b.filt.active() || b.narrowed
		s.walk, s.wholeStop = b.walk > 0, b.subj.point == ""
		s.remind = reminders && len(rows) > 0
		s.unknown = !b.have && errors.Is(b.polls().lastErr, feed.ErrNotFound)
	}
	return s
}

// sync enables exactly the board keys that do something in state s.
func (k *boardKeys) sync(s boardKeyState) {
	t := k.t
	k.mode = s.mode
	on := s.on
	cells := on && s.mode == boardCells
	zoom := on && s.mode != boardCells
	plain := on && s.mode == boardPlain
	k.Up.SetEnabled((zoom && s.rows > 1) || (cells && s.boards > 1))
	k.Down.SetEnabled((zoom && s.rows > 1) || (cells && s.boards > 1))
	k.Top.SetEnabled(zoom && s.rows > 1)
	k.Bottom.SetEnabled(zoom && s.rows > 1)
	k.Toggle.SetEnabled(on)
	if s.arrivals {
		k.Toggle.SetHelp("a", t.KeyDepartures)
	} else {
		k.Toggle.SetHelp("a", t.KeyArrivals)
	}
	k.Platform.SetEnabled(on && s.platforms)
	k.Open.SetEnabled(zoom && s.rowVehicle)
	k.Clear.SetEnabled(on && s.filtered)
	k.Line.SetEnabled(on)
	k.Direction.SetEnabled(on)
	k.WalkUp.SetEnabled(on)
	k.WalkDown.SetEnabled(on && s.walk)
	k.HideMissed.SetEnabled(on && s.walk)
	k.PerLine.SetEnabled(on)
	k.Remind.SetEnabled(zoom && s.remind)
	k.Grouped.SetEnabled(zoom && s.wholeStop)

	k.Zoom.SetEnabled(cells)
	k.Left.SetEnabled(cells && s.boards > 1)
	k.Right.SetEnabled(cells && s.boards > 1)
	k.Num.SetEnabled((cells && s.boards > 1) || (plain && s.strip > 0))
	if plain {
		k.Num.SetHelp("1-9", t.KeyOpenPin)
	} else {
		k.Num.SetHelp("1-9", t.KeyFocusBoard)
	}
	k.Remove.SetEnabled(on && !plain && s.boards > 0)
	k.Watch.SetEnabled(plain && s.boards < MaxBoards && !s.unknown)
	k.Back.SetEnabled(zoom && !s.filtered && s.boards > 0)
	k.Back.SetHelp("esc", t.KeyToGrid)
	k.syncViews(on, s.boards, !s.unknown || s.pinned, s.pinned)
}

// footer returns the boards' part of the key hint, most useful first,
// with the globals g where they are most useful.
func (k *boardKeys) footer(g *globalKeys) []key.Binding {
	switch k.mode {
	case boardCells:
		return []key.Binding{k.Zoom, k.Num, k.Up, k.Line, k.Platform, k.Direction, k.Clear, k.Remove,
			k.Merged, k.Fleet, k.Pin, k.Toggle, g.Search, g.Refresh}
	case boardPlain:
		return []key.Binding{g.Search, k.Toggle, k.Platform, k.Open, k.Clear, k.Watch, k.Pin, k.Num, k.Back,
			k.Fleet, k.Merged, g.Refresh, g.Focus, k.Up, k.Down}
	case boardZoom:
	}
	return []key.Binding{k.Back, k.Clear, k.Open, k.Line, k.Platform, k.Direction, k.Toggle, k.Remove, k.Pin,
		g.Search, g.Refresh, k.Up, k.Down}
}

// board, rows and views are the groups of the help overlay.
func (k *boardKeys) board() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Toggle, k.Platform, k.Open, k.Clear}
}

func (k *boardKeys) rows() []key.Binding {
	return []key.Binding{k.Line, k.Direction, k.WalkUp, k.WalkDown, k.HideMissed, k.PerLine, k.Grouped, k.Remind}
}

func (k *boardKeys) views() []key.Binding {
	return []key.Binding{k.Zoom, k.Back, k.Num, k.Left, k.Right, k.Watch, k.Remove, k.Pin, k.Merged, k.Fleet}
}

// views returns the view keys of the view that shows.
func (d *dispatch) views() *viewKeys {
	switch d.mode {
	case modeMerged:
		return &d.merged.km.viewKeys
	case modeFleet:
		return &d.fleet.km.viewKeys
	case modeGrid:
	}
	return &d.keys.viewKeys
}

// dispatchKey handles a key when the board side has focus: the views
// (merged, fleet), pins, and the boards' keys. ok is false for keys it
// leaves to the root (quit, help, search, focus).
func (m *Model) dispatchKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	g := &m.keys
	if m.focus != paneBoard || key.Matches(msg, g.Quit, g.Help, g.Search, g.Focus, g.FocusBack) {
		return nil, false
	}
	v := m.disp.views()
	switch {
	case key.Matches(msg, v.Fleet):
		if m.disp.mode == modeFleet {
			return m.setMode(modeGrid), true
		}
		return m.setMode(modeFleet), true
	case key.Matches(msg, v.Merged):
		if m.disp.mode == modeMerged {
			return m.setMode(modeGrid), true
		}
		return m.setMode(modeMerged), true
	case key.Matches(msg, v.Pin):
		m.disp.togglePin(m.sh)
		m.layout() // the strip may grow or shrink
		return tea.Batch(m.disp.pins.saveCmd(), m.disp.pins.syncFeeds()), true
	}
	switch m.disp.mode {
	case modeMerged:
		if key.Matches(msg, v.Back) {
			return m.setMode(modeGrid), true
		}
		if key.Matches(msg, g.Refresh) {
			return m.disp.refreshWatched(), true
		}
		return m.disp.merged.update(msg, &m.disp.grid), true
	case modeFleet:
		switch {
		case key.Matches(msg, v.Back):
			return m.setMode(modeGrid), true
		case key.Matches(msg, g.Refresh):
			return m.disp.fleet.refresh(), true
		}
		return m.disp.fleet.update(msg), true
	case modeGrid:
	}
	return m.gridKey(msg), true
}

// refreshWatched polls the focused watched board's feed now (merged view).
func (d *dispatch) refreshWatched() tea.Cmd {
	g := &d.grid
	if g.focus >= 0 && g.focus < g.len() {
		return g.boards[g.focus].refresh()
	}
	return nil
}

// gridKey handles a key on the boards: the grid's cells or the zoomed
// board (the plain board is the grid's open board, zoomed). Every board
// takes the same keys (boardPane.update); the cells take the row keys as
// focus moves and enter as zoom.
func (m *Model) gridKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.disp.keys
	g := &m.disp.grid
	b := g.focused()
	if b == nil {
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Refresh):
		return b.refresh()
	case key.Matches(msg, k.Remove):
		return m.removeBoard()
	case key.Matches(msg, k.Watch):
		return m.watchBoard()
	case key.Matches(msg, k.Clear):
		return b.clearFilters()
	case key.Matches(msg, k.Back):
		return m.unzoom()
	case key.Matches(msg, k.Num):
		n := digit(msg)
		if g.plain() {
			if p, ok := m.disp.pins.at(n); ok {
				return m.open(p.target())
			}
		} else if n >= 1 && n <= g.len() {
			g.focus = n - 1
		}
		return nil
	}
	if g.zoomed {
		return b.update(msg, k) // rows, top/bottom, enter opens the vehicle
	}
	switch {
	case key.Matches(msg, k.Zoom):
		g.zoomed = true
		m.layout()
	case key.Matches(msg, k.Left):
		g.moveFocus(-1)
	case key.Matches(msg, k.Right):
		g.moveFocus(1)
	case key.Matches(msg, k.Up):
		g.moveFocus(-max(g.columns(), 1))
	case key.Matches(msg, k.Down):
		g.moveFocus(max(g.columns(), 1))
	default:
		return b.update(msg, k) // a, f, l, d, walking time, per line
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
