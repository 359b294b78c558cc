package grid

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// mergedRows is the merged list for the row keys, in the key's frame.
type mergedRows struct {
	d *Dispatch
	f app.Frame
}

// KeyRows is the merged list's rows and cursor.
func (m mergedRows) KeyRows() (n, cursor int) {
	rows := m.d.Merged.Rows(m.f, &m.d.Grid)
	return len(rows), m.d.Merged.CursorIn(rows)
}

// KeySetRow moves the merged list's cursor to row i.
func (m mergedRows) KeySetRow(i int) tea.Cmd {
	m.d.Merged.SetCursor(m.d.Merged.Rows(m.f, &m.d.Grid), i)
	return nil
}

// mergedVehicle is the vehicle of the merged list's row under the
// cursor; 0 without one.
func mergedVehicle(c *keyCtx) int {
	p := &c.d.Merged
	rows := p.Rows(c.f, &c.d.Grid)
	if cur := p.CursorIn(rows); cur >= 0 && cur < len(rows) {
		return rows[cur].E.VehicleNumber
	}
	return 0
}

// mergedKeys are the merged list's bindings (merged.go): its rows and
// the vehicle of a row; the view keys are the board side's (keys.go).
var mergedKeys = append(ui.Lift(ui.RowMoves(func(c *keyCtx) ui.RowList { return mergedRows{c.d, c.f} }),
	func(c *keyCtx) (*keyCtx, bool) { return c, c.d.Mode == ModeMerged }), ui.Keymap[*keyCtx]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Priority: ui.PrioTop - 5,
		If: func(c *keyCtx) bool { return c.d.Mode == ModeMerged && mergedVehicle(c) != 0 },
		Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
			return app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: mergedVehicle(c)})
		}},
}...)
