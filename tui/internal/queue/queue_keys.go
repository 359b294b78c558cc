package queue

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Ctx is what the queue's keys act on: the queue, the frame of the key,
// and the action they leave for the root (a vehicle to open). The root lays the board side
// out again when a key opens or closes the queue (Pane.Open changes).
type Ctx struct {
	Pane  *Pane
	Frame app.Frame
	Act   app.Action
}

// KeyRows is the queue's rows and cursor, for the row keys.
func (c *Ctx) KeyRows() (n, cursor int) { return len(c.Pane.Rows), c.Pane.Cursor }

// KeySetRow moves the cursor to row i (the row keys).
func (c *Ctx) KeySetRow(i int) tea.Cmd {
	c.Pane.moved = true // from now on the cursor stays on its item
	c.Pane.ListSet(i, len(c.Pane.Rows), rowKeys(c.Pane.Rows))
	c.Pane.Revision++
	return nil
}

// open is the rule of the keys of the queue shown; row of those on a row;
// lateGroup of those on a line's late vehicles taken together.
func open(c *Ctx) bool      { return c.Pane.Open }
func row(c *Ctx) bool       { return c.Pane.Open && c.Pane.Cursor < len(c.Pane.Rows) }
func lateGroup(c *Ctx) bool { return row(c) && c.Pane.Rows[c.Pane.Cursor].Count > 1 }

// Keys are the queue's bindings: E opens it from the
// board side; shown, its rows, the vehicle of a row, acknowledge, hide,
// list the hidden, refresh and back (esc or E).
var Keys = append(ui.Keymap[*Ctx]{
	{Keys: []string{"E"}, Text: func(t *ui.Texts) string { return t.KeyQueue }, Group: ui.GroupQueue, Priority: ui.PrioHigh + 15,
		If: func(c *Ctx) bool { return !c.Pane.Open },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Pane.Open = true; return c.Pane.Watch(c.Frame.Now) }},
	{Keys: []string{"esc", "E"}, Show: "esc/E", Text: func(t *ui.Texts) string { return t.KeyBack }, Group: ui.GroupQueue, Priority: ui.PrioTop,
		If: open, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Pane.Open = false; return nil }},
	{Keys: []string{"r"}, Text: func(t *ui.Texts) string { return t.KeyRefresh }, Group: ui.GroupEverywhere, Priority: ui.PrioLow,
		If: open, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { return c.Pane.Refresh() }},
}, append(ui.Lift(ui.RowMoves(func(c *Ctx) ui.RowList { return c }), func(c *Ctx) (*Ctx, bool) { return c, c.Pane.Open }), ui.Keymap[*Ctx]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Group: ui.GroupQueue, Priority: ui.PrioHigh,
		Alt: func(t *ui.Texts) string { return t.KeyOpen }, AltIf: lateGroup,
		If: func(c *Ctx) bool { return row(c) && (c.Pane.Rows[c.Pane.Cursor].Vehicle != 0 || lateGroup(c)) },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			if lateGroup(c) {
				// A line's late group opens to its vehicles, and closes again.
				k := c.Pane.Rows[c.Pane.Cursor].Key()
				c.Pane.opened[k] = !c.Pane.opened[k]
				c.Pane.moved = true
				c.Pane.refresh()
				return nil
			}
			c.Act.Open = &app.Target{Kind: app.TargetVehicle, Vehicle: c.Pane.Rows[c.Pane.Cursor].Vehicle}
			return nil
		}},
	{Keys: []string{"a"}, Text: func(t *ui.Texts) string { return t.KeyAck }, Group: ui.GroupQueue, Priority: ui.PrioHigh + 10,
		Alt: func(t *ui.Texts) string { return t.KeyUnack }, AltIf: func(c *Ctx) bool { return c.Pane.Rows[c.Pane.Cursor].Acked },
		If: row, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			cmd, n := c.Pane.mark(c.Frame, false)
			c.Act.Notice = n
			return cmd
		}},
	{Keys: []string{"h"}, Text: func(t *ui.Texts) string { return t.KeyHide }, Group: ui.GroupQueue, Priority: ui.PrioHigh + 5,
		Alt: func(t *ui.Texts) string { return t.KeyUnhide }, AltIf: func(c *Ctx) bool { return c.Pane.Rows[c.Pane.Cursor].Hidden },
		If: row, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { cmd, n := c.Pane.mark(c.Frame, true); c.Act.Notice = n; return cmd }},
	{Keys: []string{"H"}, Text: func(t *ui.Texts) string { return t.KeyShowHidden }, Group: ui.GroupQueue, Priority: ui.PrioMid,
		Alt: func(t *ui.Texts) string { return t.KeyHideHidden }, AltIf: func(c *Ctx) bool { return c.Pane.listHid },
		If: func(c *Ctx) bool { return c.Pane.Open && (c.Pane.hidden > 0 || c.Pane.listHid) },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Pane.listHid = !c.Pane.listHid; c.Pane.refresh(); return nil }},
}...)...)
