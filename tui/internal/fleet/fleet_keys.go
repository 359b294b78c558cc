package fleet

import (
	"github.com/charmbracelet/bubbles/key"

	"abfahrt/tui/internal/ui"
)

// fleetKeys are the fleet list's bindings (fleet.go): its rows, the
// vehicle of a row, the sort order, and the view keys.
type fleetKeys struct {
	ui.RowKeys
	Sort key.Binding
	Line key.Binding // the next line in service, after the last all lines
	ui.ViewKeys
}

// NewKeys returns the fleet list's bindings in the language of t.
func NewKeys(t *ui.Texts) fleetKeys {
	return fleetKeys{RowKeys: ui.NewRowKeys(t), Sort: ui.Bind("s", t.KeySortDelay, "s"),
		Line: ui.Bind("l", t.KeyLine, "l"), ViewKeys: ui.NewViewKeys(t)}
}

// Sync enables the fleet's keys from its own state (on: it shows and
// takes keys) and the board side's (boards, pinned).
func (k *fleetKeys) Sync(on bool, f *Pane, boards int, pinned bool) {
	rows, vehicle := f.state()
	k.SyncRows(on, rows, vehicle)
	k.Sort.SetEnabled(on)
	k.Line.SetEnabled(on && (f.line != "" || len(f.lines()) > 1))
	if f.byDelay {
		k.Sort.SetHelp("s", k.T.KeySortLine)
	} else {
		k.Sort.SetHelp("s", k.T.KeySortDelay)
	}
	k.Back.SetEnabled(on)
	k.SyncViews(on, boards, boards > 0, pinned)
}

// Footer returns the fleet's part of the key hint.
func (k *fleetKeys) Footer(g *ui.GlobalKeys) []key.Binding {
	return []key.Binding{k.Back, k.Open, k.Sort, k.Line, k.Merged, g.Search, g.Refresh, k.Up, k.Down}
}

// List returns the bindings for the help overlay.
func (k *fleetKeys) List() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Sort, k.Line, k.Back, k.Pin, k.Merged, k.Fleet}
}
