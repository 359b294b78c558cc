package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Key bindings. Each pane owns its key map, next to the pane: the bindings
// with their help texts from the catalogue (made once, in the chosen
// language), a sync method that enables exactly the keys that do something
// in the pane's state, and the pane's part of the footer hint:
//
//	globalKeys   keys.go          the root's: quit, help, search, refresh, focus
//	boardKeys    board_keys.go    the boards (grid cells, the zoomed board, the plain board)
//	mergedKeys   merged_keys.go   the merged list
//	fleetKeys    fleet_keys.go    the fleet list
//	vehicleKeys  vehicle_keys.go  the vehicle pane
//	searchKeys   search_keys.go   the search overlay
//	helpKeys     help.go          the help overlay
//
// Model.syncKeys syncs every map after each Update; the footer and the `?`
// overlay are assembled from the focused pane's map and the globals
// (help.go).

// bind returns a binding of keys with its help text: the key as shown and
// what it does (from the catalogue).
func bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// globalKeys are the root's bindings, which work on every pane.
type globalKeys struct {
	Quit      key.Binding
	ForceQuit key.Binding
	Help      key.Binding
	Search    key.Binding
	Refresh   key.Binding
	Focus     key.Binding
	FocusBack key.Binding
}

// newGlobalKeys returns the root's bindings in the language of t.
func newGlobalKeys(t *texts) globalKeys {
	return globalKeys{
		Quit:      bind("q", t.KeyQuit, "q"),
		ForceQuit: bind("ctrl+c", t.KeyQuit, "ctrl+c"),
		Help:      bind("?", t.KeyHelp, "?"),
		Search:    bind("/", t.KeySearch, "/"),
		Refresh:   bind("r", t.KeyRefresh, "r"),
		Focus:     bind("tab", t.KeyNextPane, "tab"),
		FocusBack: bind("shift+tab", t.KeyPrevPane, "shift+tab"),
	}
}

// sync enables the root's bindings: quit and help except while typing a
// search, the others with no overlay open, focus moves with the vehicle
// pane open.
func (k *globalKeys) sync(o overlay, vehicleOpen bool) {
	none := o == overlayNone
	k.Quit.SetEnabled(o != overlaySearch)
	k.Help.SetEnabled(o != overlaySearch)
	k.Search.SetEnabled(none)
	k.Refresh.SetEnabled(none)
	k.Focus.SetEnabled(none && vehicleOpen)
	k.FocusBack.SetEnabled(none && vehicleOpen)
}

// list returns the root's bindings for the help overlay.
func (k *globalKeys) list() []key.Binding {
	return []key.Binding{k.Search, k.Refresh, k.Focus, k.FocusBack, k.Help, k.Quit}
}

// tail is the end of every footer hint: help and quit.
func (k *globalKeys) tail() []key.Binding { return []key.Binding{k.Help, k.Quit} }

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

// rowKeys move the cursor through a list of rows and open the vehicle of
// the row under it: the merged and fleet lists have them.
type rowKeys struct {
	Up     key.Binding
	Down   key.Binding
	Top    key.Binding
	Bottom key.Binding
	Open   key.Binding
}

// newRowKeys returns the row bindings in the language of t.
func newRowKeys(t *texts) rowKeys {
	return rowKeys{
		Up:     bind("↑/k", t.KeyUp, "up", "k"),
		Down:   bind("↓/j", t.KeyDown, "down", "j"),
		Top:    bind("g/home", t.KeyFirst, "g", "home"),
		Bottom: bind("G/end", t.KeyLast, "G", "end"),
		Open:   bind("enter", t.KeyVehicle, "enter"),
	}
}

// syncRows enables the row keys on a list that takes keys (on): moving
// with more than one row, opening on a row with a vehicle.
func (k *rowKeys) syncRows(on bool, rows int, vehicle bool) {
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Top, &k.Bottom} {
		b.SetEnabled(on && rows > 1)
	}
	k.Open.SetEnabled(on && vehicle)
}

// move returns the row a moving key takes the cursor to from cur among n
// rows; ok is false for any other key.
func (k *rowKeys) move(msg tea.KeyMsg, cur, n int) (row int, ok bool) {
	switch {
	case key.Matches(msg, k.Up):
		return cur - 1, true
	case key.Matches(msg, k.Down):
		return cur + 1, true
	case key.Matches(msg, k.Top):
		return 0, true
	case key.Matches(msg, k.Bottom):
		return n - 1, true
	}
	return cur, false
}

// viewKeys switch the board side's views: the merged and fleet lists, back
// to the boards, and pin the focused stop. The boards' and both lists'
// maps have them.
type viewKeys struct {
	Back   key.Binding // esc: back to the grid (from a zoomed board or a list)
	Pin    key.Binding
	Merged key.Binding
	Fleet  key.Binding
	t      *texts
}

// newViewKeys returns the view bindings in the language of t.
func newViewKeys(t *texts) viewKeys {
	return viewKeys{
		Back:   bind("esc", t.KeyBack, "esc"),
		Pin:    bind("p", t.KeyPin, "p"),
		Merged: bind("m", t.KeyMerged, "m"),
		Fleet:  bind("v", t.KeyFleet, "v"),
		t:      t,
	}
}

// syncViews enables the view keys on a view of the board side that takes
// keys (on): the merged list needs watched boards, pin a focused stop.
func (k *viewKeys) syncViews(on bool, boards int, pinnable, pinned bool) {
	k.Pin.SetEnabled(on && pinnable)
	if pinned {
		k.Pin.SetHelp("p", k.t.KeyUnpin)
	} else {
		k.Pin.SetHelp("p", k.t.KeyPin)
	}
	k.Merged.SetEnabled(on && boards > 0)
	k.Fleet.SetEnabled(on)
}
