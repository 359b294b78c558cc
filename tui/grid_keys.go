package tui

import "github.com/charmbracelet/bubbles/key"

// dispKeys are the dispatcher's bindings: the grid, the merged and fleet
// views, pins. They live in keyMap.disp and are synced with the others.
type dispKeys struct {
	Left      key.Binding // focus the previous board
	Right     key.Binding // focus the next board
	Num       key.Binding // 1–9: focus a board (grid) or open a pin (start screen)
	Zoom      key.Binding
	Back      key.Binding // esc: back to the grid, or from merged/fleet
	Remove    key.Binding
	Watch     key.Binding
	Line      key.Binding
	Direction key.Binding
	Pin       key.Binding
	Merged    key.Binding
	Fleet     key.Binding
	Sort      key.Binding
	mode      dispMode // the view the bindings were synced for
	zoomed    bool     // the grid's board was zoomed
	plain     bool     // the zoomed board was the plain (open) board
}

// defaultDispKeys returns the dispatcher's bindings.
func defaultDispKeys() dispKeys {
	b := func(keys ...string) key.Binding { return key.NewBinding(key.WithKeys(keys...)) }
	return dispKeys{
		Left:      b("left", "h"),
		Right:     b("right"),
		Num:       b("1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Zoom:      b("enter"),
		Back:      b("esc"),
		Remove:    b("x"),
		Watch:     b("w"),
		Line:      b("l"),
		Direction: b("d"),
		Pin:       b("p"),
		Merged:    b("m"),
		Fleet:     b("v"),
		Sort:      b("s"),
	}
}

// list returns the dispatcher's bindings for the help overlay.
func (d *dispKeys) list() []key.Binding {
	return []key.Binding{d.Zoom, d.Back, d.Num, d.Left, d.Right, d.Watch, d.Remove,
		d.Pin, d.Merged, d.Fleet, d.Sort}
}

// syncDispatch enables the bindings of the board side's views for state
// s: the grid's cells take the row keys as focus moves, the merged and
// fleet lists as their rows; a zoomed board (the plain board too) keeps
// the board's meaning, synced in keyMap.sync.
func (k *keyMap) syncDispatch(s keyState) {
	d, ds := &k.disp, s.disp
	tx := k.t
	d.mode, d.zoomed, d.plain = ds.mode, ds.zoomed, ds.plain
	on := s.overlay == overlayNone && s.focus == paneBoard
	boards := on && ds.mode == modeGrid
	cells := boards && !ds.zoomed
	zoom := boards && ds.zoomed
	plain := zoom && ds.plain
	list := on && (ds.mode == modeMerged || ds.mode == modeFleet)

	d.Watch.SetEnabled(plain && ds.boards < MaxBoards)
	d.Watch.SetHelp("w", tx.KeyWatch)
	d.Pin.SetEnabled(on && (ds.mode == modeGrid || ds.boards > 0))
	if ds.pinned {
		d.Pin.SetHelp("p", tx.KeyUnpin)
	} else {
		d.Pin.SetHelp("p", tx.KeyPin)
	}
	d.Merged.SetEnabled(on && ds.boards > 0)
	d.Merged.SetHelp("m", tx.KeyMerged)
	d.Fleet.SetEnabled(on)
	d.Fleet.SetHelp("v", tx.KeyFleet)
	d.Sort.SetEnabled(on && ds.mode == modeFleet)
	if ds.byDelay {
		d.Sort.SetHelp("s", tx.KeySortLine)
	} else {
		d.Sort.SetHelp("s", tx.KeySortDelay)
	}
	d.Zoom.SetEnabled(cells)
	d.Zoom.SetHelp("enter", tx.KeyZoom)
	d.Left.SetEnabled(cells && ds.boards > 1)
	d.Left.SetHelp("←/h", tx.KeyPrevBoard)
	d.Right.SetEnabled(cells && ds.boards > 1)
	d.Right.SetHelp("→", tx.KeyNextBoard)
	d.Num.SetEnabled((cells && ds.boards > 1) || (plain && ds.strip > 0))
	if plain {
		d.Num.SetHelp("1-9", tx.KeyOpenPin)
	} else {
		d.Num.SetHelp("1-9", tx.KeyFocusBoard)
	}
	d.Remove.SetEnabled(boards && !ds.plain && ds.boards > 0)
	d.Remove.SetHelp("x", tx.KeyRemove)
	d.Line.SetEnabled(boards)
	d.Line.SetHelp("l", tx.KeyLine)
	d.Direction.SetEnabled(boards)
	d.Direction.SetHelp("d", tx.KeyDirection)
	d.Back.SetEnabled(list || (zoom && !s.filtered && ds.boards > 0))
	if zoom {
		d.Back.SetHelp("esc", tx.KeyToGrid)
	} else {
		d.Back.SetHelp("esc", tx.KeyBack)
	}

	switch {
	case cells:
		k.Up.SetEnabled(ds.boards > 1)
		k.Down.SetEnabled(ds.boards > 1)
		k.Top.SetEnabled(false)
		k.Bottom.SetEnabled(false)
		k.Open.SetEnabled(false)
	case list:
		k.Up.SetEnabled(ds.listRows > 1)
		k.Down.SetEnabled(ds.listRows > 1)
		k.Top.SetEnabled(ds.listRows > 1)
		k.Bottom.SetEnabled(ds.listRows > 1)
		k.Platform.SetEnabled(false)
		k.Open.SetEnabled(ds.rowVeh)
		k.Clear.SetEnabled(false)
		k.Toggle.SetEnabled(false)
	}
}

// dispatchFooter returns the key hint of the board side, most useful
// first; ok is false when the pane is not the board side.
func (k *keyMap) dispatchFooter(focus paneID) (opt []key.Binding, ok bool) {
	d := &k.disp
	if focus != paneBoard {
		return nil, false
	}
	switch {
	case d.mode == modeGrid && !d.zoomed:
		return []key.Binding{d.Zoom, d.Num, k.Up, d.Line, k.Platform, d.Direction, k.Clear, d.Remove,
			d.Merged, d.Fleet, d.Pin, k.Toggle, k.Search, k.Refresh}, true
	case d.mode == modeGrid && d.plain:
		return []key.Binding{k.Search, k.Toggle, k.Platform, k.Open, k.Clear, d.Watch, d.Pin, d.Num, d.Back,
			d.Fleet, d.Merged, k.Refresh, k.Focus, k.Up, k.Down}, true
	case d.mode == modeGrid:
		return []key.Binding{d.Back, k.Clear, k.Open, d.Line, k.Platform, d.Direction, k.Toggle, d.Remove, d.Pin,
			k.Search, k.Refresh, k.Up, k.Down}, true
	case d.mode == modeFleet:
		return []key.Binding{d.Back, k.Open, d.Sort, d.Merged, k.Search, k.Refresh, k.Up, k.Down}, true
	case d.mode == modeMerged:
	}
	return []key.Binding{d.Back, k.Open, d.Fleet, k.Search, k.Refresh, k.Up, k.Down}, true // merged
}

// dispKeyState is the board side's part of keyState.
type dispKeyState struct {
	mode     dispMode
	boards   int  // watched boards
	zoomed   bool // the grid shows its focused board whole
	plain    bool // that board is the open one (the plain board)
	strip    int  // pins on the strip (plain board)
	pinned   bool // the current stop is pinned
	listRows int  // rows of the merged or fleet list
	rowVeh   bool // the merged/fleet row under the cursor has a vehicle
	byDelay  bool // the fleet is sorted by delay
}

// dispKeyState sums up the board side's state for the key bindings.
func (m *Model) dispKeyState() dispKeyState {
	d := &m.disp
	s := dispKeyState{mode: d.mode, boards: d.grid.len(), zoomed: d.grid.zoomed, plain: d.grid.plain(),
		pinned: m.pinned(), byDelay: d.fleet.byDelay}
	if d.plain() {
		s.strip = d.pins.stripCount()
	}
	switch d.mode {
	case modeMerged:
		s.listRows, s.rowVeh = d.merged.state(&d.grid)
	case modeFleet:
		s.listRows, s.rowVeh = d.fleet.state()
	case modeGrid:
	}
	return s
}
