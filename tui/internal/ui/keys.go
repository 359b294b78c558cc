package ui

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

// Bind returns a binding of keys with its help text: the key as shown and
// what it does (from the catalogue).
func Bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// GlobalKeys are the root's bindings, which work on every pane.
type GlobalKeys struct {
	Quit      key.Binding
	ForceQuit key.Binding
	Help      key.Binding
	Search    key.Binding
	Palette   key.Binding
	Refresh   key.Binding
	Focus     key.Binding
	FocusBack key.Binding
}

// NewGlobalKeys returns the root's bindings in the language of t.
func NewGlobalKeys(t *Texts) GlobalKeys {
	return GlobalKeys{
		Quit:      Bind("q", t.KeyQuit, "q"),
		ForceQuit: Bind("ctrl+c", t.KeyQuit, "ctrl+c"),
		Help:      Bind("?", t.KeyHelp, "?"),
		Search:    Bind("/", t.KeySearch, "/"),
		Palette:   Bind(":", t.KeyPalette, ":"),
		Refresh:   Bind("r", t.KeyRefresh, "r"),
		Focus:     Bind("tab", t.KeyNextPane, "tab"),
		FocusBack: Bind("shift+tab", t.KeyPrevPane, "shift+tab"),
	}
}

// Sync enables the root's bindings: quit and help except while typing a
// search, the others with no overlay open, focus moves with the vehicle
// pane open.
func (k *GlobalKeys) Sync(o Overlay, vehicleOpen bool) {
	none := o == OverlayNone
	k.Quit.SetEnabled(o != OverlaySearch)
	k.Help.SetEnabled(o != OverlaySearch)
	k.Search.SetEnabled(none)
	k.Palette.SetEnabled(none)
	k.Refresh.SetEnabled(none)
	k.Focus.SetEnabled(none && vehicleOpen)
	k.FocusBack.SetEnabled(none && vehicleOpen)
}

// List returns the root's bindings for the help overlay.
func (k *GlobalKeys) List() []key.Binding {
	return []key.Binding{k.Search, k.Palette, k.Refresh, k.Focus, k.FocusBack, k.Help, k.Quit}
}

// Tail is the end of every footer hint: help and quit.
func (k *GlobalKeys) Tail() []key.Binding { return []key.Binding{k.Help, k.Quit} }

// KeyHelp is a help.KeyMap assembled from bindings for one context: the
// footer shows always, then as many of short as fit.
type KeyHelp struct {
	Short  []key.Binding
	Always []key.Binding
	Full   [][]key.Binding
}

var _ help.KeyMap = KeyHelp{}

// ShortHelp returns the bindings of the one-line footer.
func (h KeyHelp) ShortHelp() []key.Binding {
	return append(append([]key.Binding(nil), h.Short...), h.Always...)
}

// FullHelp returns the columns of the `?` overlay.
func (h KeyHelp) FullHelp() [][]key.Binding { return h.Full }

// RowKeys move the cursor through a list of rows and open the vehicle of
// the row under it: the merged and fleet lists have them.
type RowKeys struct {
	Up     key.Binding
	Down   key.Binding
	Top    key.Binding
	Bottom key.Binding
	Open   key.Binding
}

// NewRowKeys returns the row bindings in the language of t.
func NewRowKeys(t *Texts) RowKeys {
	return RowKeys{
		Up:     Bind("↑/k", t.KeyUp, "up", "k"),
		Down:   Bind("↓/j", t.KeyDown, "down", "j"),
		Top:    Bind("g/home", t.KeyFirst, "g", "home"),
		Bottom: Bind("G/end", t.KeyLast, "G", "end"),
		Open:   Bind("enter", t.KeyVehicle, "enter"),
	}
}

// SyncRows enables the row keys on a list that takes keys (on): moving
// with more than one row, opening on a row with a vehicle.
func (k *RowKeys) SyncRows(on bool, rows int, vehicle bool) {
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Top, &k.Bottom} {
		b.SetEnabled(on && rows > 1)
	}
	k.Open.SetEnabled(on && vehicle)
}

// Move returns the row a moving key takes the cursor to from cur among n
// rows; ok is false for any other key.
func (k *RowKeys) Move(msg tea.KeyMsg, cur, n int) (row int, ok bool) {
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

// ViewKeys switch the board side's views: the merged and fleet lists, back
// to the boards, and pin the focused stop. The boards' and both lists'
// maps have them.
type ViewKeys struct {
	Back   key.Binding // esc: back to the grid (from a zoomed board or a list)
	Pin    key.Binding
	Merged key.Binding
	Fleet  key.Binding
	T      *Texts
}

// NewViewKeys returns the view bindings in the language of t.
func NewViewKeys(t *Texts) ViewKeys {
	return ViewKeys{
		Back:   Bind("esc", t.KeyBack, "esc"),
		Pin:    Bind("p", t.KeyPin, "p"),
		Merged: Bind("m", t.KeyMerged, "m"),
		Fleet:  Bind("v", t.KeyFleet, "v"),
		T:      t,
	}
}

// SyncViews enables the view keys on a view of the board side that takes
// keys (on): the merged list needs watched boards, pin a focused stop.
func (k *ViewKeys) SyncViews(on bool, boards int, pinnable, pinned bool) {
	k.Pin.SetEnabled(on && pinnable)
	if pinned {
		k.Pin.SetHelp("p", k.T.KeyUnpin)
	} else {
		k.Pin.SetHelp("p", k.T.KeyPin)
	}
	k.Merged.SetEnabled(on && boards > 0)
	k.Fleet.SetEnabled(on)
}

// Minimum terminal size for the board; below it a short notice shows.
const (
	MinWidth  = 30
	MinHeight = 8
)

// Overlay is a modal layer above the panes that takes all keys.
type Overlay int

// The overlays.
const (
	OverlayNone Overlay = iota
	OverlaySearch
	OverlayHelp
)
