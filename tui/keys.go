package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// keyMap holds every key binding of the TUI. The footer hint and the `?`
// overlay are generated from these bindings, and sync enables or disables
// them from the state in one place, so help never lists a dead key.
type keyMap struct {
	// Global.
	Quit      key.Binding
	ForceQuit key.Binding
	Help      key.Binding
	Search    key.Binding
	Refresh   key.Binding
	Focus     key.Binding
	FocusBack key.Binding

	// Board.
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Toggle   key.Binding
	Platform key.Binding
	Open     key.Binding
	Clear    key.Binding
	// Walking time (walk.go).
	WalkUp     key.Binding
	WalkDown   key.Binding
	HideMissed key.Binding
	// Per line and grouped (perline.go).
	PerLine key.Binding
	Grouped key.Binding
	// Reminder (reminder.go).
	Remind key.Binding

	// Vehicle pane.
	Close      key.Binding
	Range      key.Binding
	ScrollUp   key.Binding
	ScrollDown key.Binding
	PageUp     key.Binding
	PageDown   key.Binding
	Follow     key.Binding

	// Search overlay.
	SearchChoose key.Binding
	SearchPrev   key.Binding
	SearchNext   key.Binding
	SearchClose  key.Binding

	// Help overlay.
	HelpClose key.Binding

	// Dispatcher: the grid, merged and fleet views and pins (grid_keys.go).
	disp dispKeys

	// t is the catalogue the help texts come from.
	t *texts
}

// defaultKeyMap returns the bindings with their help texts in the
// language of t.
func defaultKeyMap(t *texts) keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Quit:      b("q", t.KeyQuit, "q"),
		ForceQuit: b("ctrl+c", t.KeyQuit, "ctrl+c"),
		Help:      b("?", t.KeyHelp, "?"),
		Search:    b("/", t.KeySearch, "/"),
		Refresh:   b("r", t.KeyRefresh, "r"),
		Focus:     b("tab", t.KeyNextPane, "tab"),
		FocusBack: b("shift+tab", t.KeyPrevPane, "shift+tab"),

		Up:       b("↑/k", t.KeyUp, "up", "k"),
		Down:     b("↓/j", t.KeyDown, "down", "j"),
		Top:      b("g/home", t.KeyFirst, "g", "home"),
		Bottom:   b("G/end", t.KeyLast, "G", "end"),
		Toggle:   b("a", t.KeyArrivals, "a"),
		Platform: b("f", t.KeyPlatform, "f"),
		Open:     b("enter", t.KeyVehicle, "enter"),
		Clear:    b("esc", t.KeyClearFilters, "esc"),

		WalkUp:     b("+", t.KeyWalkUp, "+", "="),
		WalkDown:   b("-", t.KeyWalkDn, "-"),
		HideMissed: b("H", t.KeyMissed, "H"),
		PerLine:    b("n", t.KeyPerLine, "n"),
		Grouped:    b("b", t.KeyGrouped, "b"),
		Remind:     b("t", t.KeyRemind, "t"),

		Close:      b("esc", t.KeyBack, "esc"),
		Range:      b("u", t.KeyUpcoming, "u"),
		ScrollUp:   b("↑/k", t.KeyScrollUp, "up", "k"),
		ScrollDown: b("↓/j", t.KeyScrollDown, "down", "j"),
		PageUp:     b("pgup", t.KeyPageUp, "pgup", "ctrl+u"),
		PageDown:   b("pgdn", t.KeyPageDown, "pgdown", "ctrl+d"),
		Follow:     b("f", t.KeyFollow, "f"),

		SearchChoose: b("enter", t.KeyOpen, "enter"),
		SearchPrev:   b("↑/ctrl+p", t.KeyPrevious, "up", "ctrl+p", "ctrl+k"),
		SearchNext:   b("↓/ctrl+n", t.KeyNext, "down", "ctrl+n", "ctrl+j"),
		SearchClose:  b("esc", t.KeyClose, "esc"),

		HelpClose: b("esc/?", t.KeyCloseHelp, "esc", "?"),

		disp: defaultDispKeys(),
		t:    t,
	}
}

// keyState is what decides which bindings are live.
type keyState struct {
	overlay      overlay
	focus        paneID
	vehicleOpen  bool
	allStops     bool // the vehicle pane lists all passages, so `u` offers upcoming
	scrollable   bool // the vehicle pane's passages do not fit
	following    bool // the vehicle pane follows the vehicle
	arrivals     bool // the board shows arrivals, so `a` offers departures
	rows         int  // rows on the board
	rowVehicle   bool // the row under the cursor has a vehicle
	platforms    bool // the stop has more than one platform to cycle
	filtered     bool // the board has a line, platform or direction filter
	walk         bool // the focused board has a walking time
	wholeStop    bool // the focused board shows a whole stop (it can group by platform)
	remind       bool // the board has rows and reminders are on (not in the kiosk)
	searchHits   int  // results in the search list
	searchLoaded bool // base data has arrived
	// disp is the state of the dispatcher's views (grid_keys.go).
	disp dispKeyState
}

// sync enables exactly the bindings that do something in state s.
func (k *keyMap) sync(s keyState) {
	none := s.overlay == overlayNone
	board := none && s.focus == paneBoard
	k.Quit.SetEnabled(s.overlay != overlaySearch)
	k.Help.SetEnabled(s.overlay != overlaySearch)
	k.Search.SetEnabled(none)
	k.Refresh.SetEnabled(none)
	k.Focus.SetEnabled(none && s.vehicleOpen)
	k.FocusBack.SetEnabled(none && s.vehicleOpen)

	vehicle := none && s.focus == paneVehicle
	// The boards: the same keys on every board (boardPane.update).
	boards := board && s.disp.mode == modeGrid
	zoom := boards && s.disp.zoomed
	k.Up.SetEnabled(zoom && s.rows > 1)
	k.Down.SetEnabled(zoom && s.rows > 1)
	k.Top.SetEnabled((zoom && s.rows > 1) || (vehicle && s.scrollable))
	k.Bottom.SetEnabled((zoom && s.rows > 1) || (vehicle && s.scrollable))
	k.Toggle.SetEnabled(boards)
	if s.arrivals {
		k.Toggle.SetHelp("a", k.t.KeyDepartures)
	} else {
		k.Toggle.SetHelp("a", k.t.KeyArrivals)
	}
	k.Platform.SetEnabled(boards && s.platforms)
	k.Open.SetEnabled(zoom && s.rowVehicle)
	k.Clear.SetEnabled(boards && s.filtered)
	k.WalkUp.SetEnabled(boards)
	k.WalkDown.SetEnabled(boards && s.walk)
	k.HideMissed.SetEnabled(boards && s.walk)
	k.PerLine.SetEnabled(boards)
	k.Remind.SetEnabled(zoom && s.remind)
	k.Grouped.SetEnabled(zoom && s.wholeStop)

	k.Close.SetEnabled(vehicle)
	k.Range.SetEnabled(vehicle)
	if s.allStops {
		k.Range.SetHelp("u", k.t.KeyUpcoming)
	} else {
		k.Range.SetHelp("u", k.t.KeyAllStops)
	}
	k.ScrollUp.SetEnabled(vehicle && s.scrollable)
	k.ScrollDown.SetEnabled(vehicle && s.scrollable)
	k.PageUp.SetEnabled(vehicle && s.scrollable)
	k.PageDown.SetEnabled(vehicle && s.scrollable)
	k.Follow.SetEnabled(vehicle && !s.following)

	k.SearchChoose.SetEnabled(s.overlay == overlaySearch && s.searchHits > 0)
	k.SearchPrev.SetEnabled(s.overlay == overlaySearch && s.searchHits > 1)
	k.SearchNext.SetEnabled(s.overlay == overlaySearch && s.searchHits > 1)
	k.SearchClose.SetEnabled(s.overlay == overlaySearch)

	k.HelpClose.SetEnabled(s.overlay == overlayHelp)
	k.syncDispatch(s)
}

// keyHelp is a help.KeyMap assembled from bindings for one context: the
// footer shows always, then as many of short as fit.
type keyHelp struct {
	short  []key.Binding
	always []key.Binding
	full   [][]key.Binding
}

var _ help.KeyMap = keyHelp{}

// ShortHelp returns the bindings of the one-line footer.
func (h keyHelp) ShortHelp() []key.Binding {
	return append(append([]key.Binding(nil), h.short...), h.always...)
}

// FullHelp returns the columns of the `?` overlay.
func (h keyHelp) FullHelp() [][]key.Binding { return h.full }

// boardKeys are the board's bindings, most useful first.
func (k *keyMap) boardKeys() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Toggle, k.Platform, k.Open, k.Clear}
}

// walkKeys are the board's row filters, walking time and row bindings
// (board_filters.go, walk.go, perline.go, reminder.go).
func (k *keyMap) walkKeys() []key.Binding {
	return []key.Binding{k.disp.Line, k.disp.Direction, k.WalkUp, k.WalkDown, k.HideMissed, k.PerLine, k.Grouped, k.Remind}
}

// vehicleKeys are the vehicle pane's bindings, most useful first.
func (k *keyMap) vehicleKeys() []key.Binding {
	return []key.Binding{k.Close, k.Range, k.Follow}
}

// scrollKeys scroll the vehicle pane's passages (g and G too, as on the board).
func (k *keyMap) scrollKeys() []key.Binding {
	return []key.Binding{k.ScrollUp, k.ScrollDown, k.PageUp, k.PageDown}
}

// globalKeys are the bindings that work on any pane.
func (k *keyMap) globalKeys() []key.Binding {
	return []key.Binding{k.Search, k.Refresh, k.Focus, k.FocusBack, k.Help, k.Quit}
}

// searchKeys are the search overlay's bindings.
func (k *keyMap) searchKeys() []key.Binding {
	return []key.Binding{k.SearchChoose, k.SearchPrev, k.SearchNext, k.SearchClose}
}

// footer returns the bindings of the one-line hint for the current
// context: the optional ones, most useful first, and the tail that always
// shows (help and quit).
func (k *keyMap) footer(o overlay, focus paneID) (opt, tail []key.Binding) {
	switch o {
	case overlaySearch:
		return []key.Binding{k.SearchPrev, k.SearchNext}, []key.Binding{k.SearchChoose, k.SearchClose}
	case overlayHelp:
		return nil, []key.Binding{k.HelpClose, k.Quit}
	case overlayNone:
	}
	tail = []key.Binding{k.Help, k.Quit}
	if focus == paneVehicle {
		return []key.Binding{k.Close, k.Range, k.Follow, k.Focus, k.Search, k.Refresh, k.ScrollUp, k.ScrollDown}, tail
	}
	if opt, ok := k.dispatchFooter(focus); ok {
		return opt, tail
	}
	return []key.Binding{k.Search, k.Toggle, k.Platform, k.Open, k.Clear, k.Refresh, k.Focus, k.Up, k.Down, k.Remind, k.WalkUp}, tail
}

// full returns every column of the `?` overlay.
func (k *keyMap) full() [][]key.Binding {
	return [][]key.Binding{k.boardKeys(), k.walkKeys(), k.disp.list(), k.globalKeys(), k.searchKeys(), k.vehicleKeys(), k.scrollKeys()}
}
