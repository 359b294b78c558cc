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
		d.Line, d.Direction, d.Pin, d.Merged, d.Fleet, d.Sort}
}

// syncDispatch enables the dispatcher's bindings for state s and adapts
// the board bindings to the grid, merged and fleet views, whose keys mean
// something else than on the single board.
func (k *keyMap) syncDispatch(s keyState) {
	d, ds := &k.disp, s.disp
	tx := k.t
	d.mode, d.zoomed = ds.mode, ds.zoomed
	on := s.overlay == overlayNone && s.focus == paneBoard
	grid := on && ds.mode == modeGrid && !ds.zoomed
	zoom := on && ds.mode == modeGrid && ds.zoomed
	list := on && (ds.mode == modeMerged || ds.mode == modeFleet)
	single := on && ds.mode == modeBoard

	d.Watch.SetEnabled(single && ds.boards < MaxBoards)
	d.Watch.SetHelp("w", tx.KeyWatch)
	d.Pin.SetEnabled(on && (ds.mode == modeBoard || ds.boards > 0))
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
	d.Zoom.SetEnabled(grid)
	d.Zoom.SetHelp("enter", tx.KeyZoom)
	d.Left.SetEnabled(grid && ds.boards > 1)
	d.Left.SetHelp("←/h", tx.KeyPrevBoard)
	d.Right.SetEnabled(grid && ds.boards > 1)
	d.Right.SetHelp("→", tx.KeyNextBoard)
	d.Num.SetEnabled((grid && ds.boards > 1) || (single && ds.strip > 0))
	if single {
		d.Num.SetHelp("1-9", tx.KeyOpenPin)
	} else {
		d.Num.SetHelp("1-9", tx.KeyFocusBoard)
	}
	d.Remove.SetEnabled(grid || zoom)
	d.Remove.SetHelp("x", tx.KeyRemove)
	d.Line.SetEnabled(grid || zoom)
	d.Line.SetHelp("l", tx.KeyLine)
	d.Direction.SetEnabled(grid || zoom)
	d.Direction.SetHelp("d", tx.KeyDirection)
	d.Back.SetEnabled(zoom || list || (single && ds.boards > 0 && !s.filtered))
	if zoom || single {
		d.Back.SetHelp("esc", tx.KeyToGrid)
	} else {
		d.Back.SetHelp("esc", tx.KeyBack)
	}

	switch {
	case grid:
		k.Up.SetEnabled(ds.boards > 1)
		k.Down.SetEnabled(ds.boards > 1)
		k.Top.SetEnabled(false)
		k.Bottom.SetEnabled(false)
		k.Platform.SetEnabled(ds.multiPlat)
		k.Open.SetEnabled(false)
		k.Clear.SetEnabled(ds.filtered)
		k.Toggle.SetEnabled(true)
	case zoom:
		k.Up.SetEnabled(ds.zoomRows > 1)
		k.Down.SetEnabled(ds.zoomRows > 1)
		k.Top.SetEnabled(ds.zoomRows > 1)
		k.Bottom.SetEnabled(ds.zoomRows > 1)
		k.Platform.SetEnabled(ds.multiPlat)
		k.Open.SetEnabled(ds.zoomVeh)
		k.Clear.SetEnabled(false)
		k.Toggle.SetEnabled(true)
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
	if grid || zoom {
		if ds.arrivals {
			k.Toggle.SetHelp("a", tx.KeyDepartures)
		} else {
			k.Toggle.SetHelp("a", tx.KeyArrivals)
		}
		k.Clear.SetHelp("esc", tx.KeyClearFilters)
	}
}

// dispatchFooter returns the key hint of the dispatcher's views, most
// useful first; ok is false when the pane is not the dispatcher's.
func (k *keyMap) dispatchFooter(focus paneID) (opt []key.Binding, ok bool) {
	d := &k.disp
	if focus != paneBoard {
		return nil, false
	}
	switch {
	case d.mode == modeGrid && !d.zoomed:
		return []key.Binding{d.Zoom, d.Num, k.Up, d.Line, k.Platform, d.Direction, k.Clear, d.Remove,
			d.Merged, d.Fleet, d.Pin, k.Toggle, k.Search, k.Refresh}, true
	case d.mode == modeGrid:
		return []key.Binding{d.Back, k.Open, d.Line, k.Platform, d.Direction, k.Toggle, d.Remove, d.Pin,
			k.Search, k.Refresh, k.Up, k.Down}, true
	case d.mode == modeFleet:
		return []key.Binding{d.Back, k.Open, d.Sort, d.Merged, k.Search, k.Refresh, k.Up, k.Down}, true
	case d.mode == modeBoard:
		return []key.Binding{k.Search, k.Toggle, k.Platform, k.Open, k.Clear, d.Watch, d.Pin, d.Num, d.Back,
			d.Fleet, d.Merged, k.Refresh, k.Focus, k.Up, k.Down}, true
	}
	return []key.Binding{d.Back, k.Open, d.Fleet, k.Search, k.Refresh, k.Up, k.Down}, true // merged
}
