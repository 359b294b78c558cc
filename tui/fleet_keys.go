package tui

import "github.com/charmbracelet/bubbles/key"

// fleetKeys are the fleet list's bindings (fleet.go): its rows, the
// vehicle of a row, the sort order, and the view keys.
type fleetKeys struct {
	rowKeys
	Sort key.Binding
	viewKeys
}

// newFleetKeys returns the fleet list's bindings in the language of t.
func newFleetKeys(t *texts) fleetKeys {
	return fleetKeys{rowKeys: newRowKeys(t), Sort: bind("s", t.KeySortDelay, "s"), viewKeys: newViewKeys(t)}
}

// sync enables the fleet's keys from its own state (on: it shows and
// takes keys) and the board side's (boards, pinned).
func (k *fleetKeys) sync(on bool, f *fleetPane, boards int, pinned bool) {
	rows, vehicle := f.state()
	k.syncRows(on, rows, vehicle)
	k.Sort.SetEnabled(on)
	if f.byDelay {
		k.Sort.SetHelp("s", k.t.KeySortLine)
	} else {
		k.Sort.SetHelp("s", k.t.KeySortDelay)
	}
	k.Back.SetEnabled(on)
	k.syncViews(on, boards, boards > 0, pinned)
}

// footer returns the fleet's part of the key hint.
func (k *fleetKeys) footer(g *globalKeys) []key.Binding {
	return []key.Binding{k.Back, k.Open, k.Sort, k.Merged, g.Search, g.Refresh, k.Up, k.Down}
}

// list returns the bindings for the help overlay.
func (k *fleetKeys) list() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Sort, k.Back, k.Pin, k.Merged, k.Fleet}
}
