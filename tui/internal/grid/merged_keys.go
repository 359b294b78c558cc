package grid

import (
	"github.com/charmbracelet/bubbles/key"

	"abfahrt/tui/internal/ui"
)

// mergedKeys are the merged list's bindings (merged.go): its rows, the
// vehicle of a row, and the view keys.
type mergedKeys struct {
	ui.RowKeys
	ui.ViewKeys
}

// NewMergedKeys returns the merged list's bindings in the language of t.
func NewMergedKeys(t *ui.Texts) mergedKeys {
	return mergedKeys{RowKeys: ui.NewRowKeys(t), ViewKeys: ui.NewViewKeys(t)}
}

// Sync enables the merged list's keys from its rows over the grid g (only
// counted while on: it shows and takes keys) and the board side's state.
func (k *mergedKeys) Sync(on bool, p *mergedPane, g *gridPane, pinned bool) {
	rows, vehicle, boards := 0, false, g.Len()
	if on {
		rows, vehicle = p.state(g)
	}
	k.SyncRows(on, rows, vehicle)
	k.Back.SetEnabled(on)
	k.SyncViews(on, boards, boards > 0, pinned)
}

// Footer returns the merged list's part of the key hint.
func (k *mergedKeys) Footer(g *ui.GlobalKeys) []key.Binding {
	return []key.Binding{k.Back, k.Open, k.Fleet, g.Search, g.Refresh, k.Up, k.Down}
}

// List returns the bindings for the help overlay.
func (k *mergedKeys) List() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Back, k.Pin, k.Merged, k.Fleet}
}
