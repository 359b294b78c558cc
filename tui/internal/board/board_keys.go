package board

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Keys are the boards' bindings: the grid's cells, the zoomed board
// and the plain board (the grid's open board) take the same board keys;
// the cells take the row keys as focus moves. The map belongs to the board
// side (dispatch.keys); boardKeyState is its state.
type Keys struct {
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
	// History says the row's line's recorded punctuality at the stop.
	History key.Binding
	// Ladder opens the row's line's ladder (issue 25).
	Ladder key.Binding
	// The grid.
	Left   key.Binding // focus the previous board
	Right  key.Binding // focus the next board
	Num    key.Binding // 1–9: focus a board (cells) or open a pin (plain board)
	Zoom   key.Binding
	Remove key.Binding
	Watch  key.Binding
	ui.ViewKeys
	mode boardMode // what the bindings were synced for, for the footer
}

// boardMode is what the board side shows, for the footer.
type boardMode int

// The modes of the boards' keys.
const (
	boardCells boardMode = iota // the grid's cells
	BoardZoom                   // a watched board, zoomed
	BoardPlain                  // the plain board (the open board)
)

// NewKeys returns the boards' bindings in the language of t.
func NewKeys(t *ui.Texts) Keys {
	return Keys{
		Up:       ui.Bind("↑/k", t.KeyUp, "up", "k"),
		Down:     ui.Bind("↓/j", t.KeyDown, "down", "j"),
		Top:      ui.Bind("g/home", t.KeyFirst, "g", "home"),
		Bottom:   ui.Bind("G/end", t.KeyLast, "G", "end"),
		Toggle:   ui.Bind("a", t.KeyArrivals, "a"),
		Platform: ui.Bind("f", t.KeyPlatform, "f"),
		Open:     ui.Bind("enter", t.KeyVehicle, "enter"),
		Clear:    ui.Bind("esc", t.KeyClearFilters, "esc"),

		Line:      ui.Bind("l", t.KeyLine, "l"),
		Direction: ui.Bind("d", t.KeyDirection, "d"),

		WalkUp:     ui.Bind("+", t.KeyWalkUp, "+", "="),
		WalkDown:   ui.Bind("-", t.KeyWalkDn, "-"),
		HideMissed: ui.Bind("H", t.KeyMissed, "H"),
		PerLine:    ui.Bind("n", t.KeyPerLine, "n"),
		Grouped:    ui.Bind("b", t.KeyGrouped, "b"),
		Remind:     ui.Bind("t", t.KeyRemind, "t"),
		History:    ui.Bind("i", t.KeyHistory, "i"),
		Ladder:     ui.Bind("L", t.KeyLadder, "L"),

		Left:     ui.Bind("←/h", t.KeyPrevBoard, "left", "h"),
		Right:    ui.Bind("→", t.KeyNextBoard, "right"),
		Num:      ui.Bind("1-9", t.KeyFocusBoard, "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Zoom:     ui.Bind("enter", t.KeyZoom, "enter"),
		Remove:   ui.Bind("x", t.KeyRemove, "x"),
		Watch:    ui.Bind("w", t.KeyWatch, "w"),
		ViewKeys: ui.NewViewKeys(t),
	}
}

// KeyState is what decides which board keys are live.
type KeyState struct {
	On         bool // the boards show and take keys (focus, no overlay)
	Mode       boardMode
	Boards     int  // watched boards
	Strip      int  // pins on the strip above the plain board
	Pinned     bool // the focused board's stop is pinned
	Rows       int  // rows of the focused board
	RowVehicle bool // its row under the cursor has a vehicle
	Arrivals   bool // it shows arrivals, so `a` offers departures
	Platforms  bool // its stop has more than one platform to cycle
	Filtered   bool // it has a line, platform or direction filter
	Walk       bool // it has a walking time
	WholeStop  bool // it shows a whole stop (it can group by platform)
	Remind     bool // it has rows and reminders are on (not in the kiosk)
	Unknown    bool // the service does not know its stop: nothing to watch or pin
}

// Sync enables exactly the board keys that do something in state s.
func (k *Keys) Sync(s KeyState) {
	t := k.T
	k.mode = s.Mode
	on := s.On
	cells := on && s.Mode == boardCells
	zoom := on && s.Mode != boardCells
	plain := on && s.Mode == BoardPlain
	k.Up.SetEnabled((zoom && s.Rows > 1) || (cells && s.Boards > 1))
	k.Down.SetEnabled((zoom && s.Rows > 1) || (cells && s.Boards > 1))
	k.Top.SetEnabled(zoom && s.Rows > 1)
	k.Bottom.SetEnabled(zoom && s.Rows > 1)
	k.Toggle.SetEnabled(on)
	if s.Arrivals {
		k.Toggle.SetHelp("a", t.KeyDepartures)
	} else {
		k.Toggle.SetHelp("a", t.KeyArrivals)
	}
	k.Platform.SetEnabled(on && s.Platforms)
	k.Open.SetEnabled(zoom && s.RowVehicle)
	k.Clear.SetEnabled(on && s.Filtered)
	k.Line.SetEnabled(on)
	k.Direction.SetEnabled(on)
	k.WalkUp.SetEnabled(on)
	k.WalkDown.SetEnabled(on && s.Walk)
	k.HideMissed.SetEnabled(on && s.Walk)
	k.PerLine.SetEnabled(on)
	k.Remind.SetEnabled(on && s.Remind) // a cell's t takes its first departure ahead (RemindFirst)
	k.Grouped.SetEnabled(zoom && s.WholeStop)
	k.History.SetEnabled(zoom && s.Rows > 0)
	k.Ladder.SetEnabled(on && s.Rows > 0)

	k.Zoom.SetEnabled(cells)
	k.Left.SetEnabled(cells && s.Boards > 1)
	k.Right.SetEnabled(cells && s.Boards > 1)
	k.Num.SetEnabled((cells && s.Boards > 1) || (plain && s.Strip > 0))
	if plain {
		k.Num.SetHelp("1-9", t.KeyOpenPin)
	} else {
		k.Num.SetHelp("1-9", t.KeyFocusBoard)
	}
	k.Remove.SetEnabled(on && !plain && s.Boards > 0)
	k.Watch.SetEnabled(plain && s.Boards < app.MaxBoards && !s.Unknown)
	k.Back.SetEnabled(zoom && !s.Filtered && s.Boards > 0)
	k.Back.SetHelp("esc", t.KeyToGrid)
	k.SyncViews(on, s.Boards, !s.Unknown || s.Pinned, s.Pinned)
}

// Footer returns the boards' part of the key hint, most useful first,
// with the globals g where they are most useful.
func (k *Keys) Footer(g *ui.GlobalKeys) []key.Binding {
	switch k.mode {
	case boardCells:
		return []key.Binding{k.Zoom, k.Num, k.Up, k.Line, k.Platform, k.Direction, k.Clear, k.Remove,
			k.Merged, k.Fleet, k.Pin, k.Toggle, g.Search, g.Refresh}
	case BoardPlain:
		return []key.Binding{g.Search, k.HideMissed, k.Toggle, k.Platform, k.Open, k.Clear, k.Watch, k.Pin, k.Num, k.Back,
			k.Fleet, k.Merged, g.Refresh, g.Focus, k.Up, k.Down}
	case BoardZoom:
	}
	return []key.Binding{k.Back, k.HideMissed, k.Clear, k.Open, k.Line, k.Platform, k.Direction, k.Toggle, k.Remove, k.Pin,
		g.Search, g.Refresh, k.Up, k.Down}
}

// Board is the help overlay's group of board keys (with Rows and Views).
func (k *Keys) Board() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Toggle, k.Platform, k.Open, k.Clear}
}

// Rows is the help overlay's group of row keys.
func (k *Keys) Rows() []key.Binding {
	return []key.Binding{k.Line, k.Direction, k.WalkUp, k.WalkDown, k.HideMissed, k.PerLine, k.Grouped, k.Remind, k.History, k.Ladder}
}

// Views is the help overlay's group of view keys.
func (k *Keys) Views() []key.Binding {
	return []key.Binding{k.Zoom, k.Back, k.Num, k.Left, k.Right, k.Watch, k.Remove, k.Pin, k.Merged, k.Fleet}
}

// Digit returns the number of a digit key, 0 for any other key.
func Digit(msg tea.KeyMsg) int {
	s := msg.String()
	if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
		return int(s[0] - '0')
	}
	return 0
}
