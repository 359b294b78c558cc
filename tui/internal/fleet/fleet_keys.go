package fleet

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// KeyRows is the fleet list's length and cursor, for the row keys.
func (f *Pane) KeyRows() (n, cursor int) { return len(f.Trips), f.Cursor }

// KeySetRow moves the cursor to row i (the row keys).
func (f *Pane) KeySetRow(i int) tea.Cmd {
	f.SetCursor(i)
	return f.syncNext()
}

// Keys are the fleet list's bindings: its rows, the
// vehicle of a row, the sort order and the line filter. The board side
// adds the view keys (grid/keys.go).
var Keys = append(ui.RowMoves(func(f *Pane) ui.RowList { return f }), ui.Keymap[*Pane]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Priority: ui.PrioTop - 5,
		If: func(f *Pane) bool { return f.Cursor < len(f.Trips) },
		Do: func(f *Pane, _ tea.KeyMsg) tea.Cmd {
			return app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: f.Trips[f.Cursor].VehicleNumber})
		}},
	{Keys: []string{"s"}, Text: func(t *ui.Texts) string { return t.KeySortDelay }, Priority: ui.PrioHigh,
		Alt: func(t *ui.Texts) string { return t.KeySortLine }, AltIf: func(f *Pane) bool { return f.byDelay },
		Do: func(f *Pane, _ tea.KeyMsg) tea.Cmd {
			f.byDelay = !f.byDelay
			f.sort()
			f.SetCursor(0) // a new order shows its top: the worst delays first
			return f.syncNext()
		}},
	// The next line in service, after the last all lines.
	{Keys: []string{"l"}, Text: func(t *ui.Texts) string { return t.KeyLine }, Priority: ui.PrioHigh,
		If: func(f *Pane) bool { return f.line != "" || len(f.lines()) > 1 },
		Do: func(f *Pane, _ tea.KeyMsg) tea.Cmd {
			f.line = nextLine(f.lines(), f.line)
			f.Fed()
			f.SetCursor(0)
			return f.syncNext()
		}},
}...)
