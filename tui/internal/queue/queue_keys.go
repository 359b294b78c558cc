package queue

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Ctx is what the queue's keys act on: the queue, and the action they
// leave for the root (a vehicle to open). The root lays the board side
// out again when a key opens or closes the queue (Pane.Open changes).
type Ctx struct {
	P   *Pane
	Act app.Action
}

// KeyRows is the queue's rows and cursor, for the row keys.
func (c *Ctx) KeyRows() (n, cursor int) { return len(c.P.Rows), c.P.Cursor }

// KeySetRow moves the cursor to row i (the row keys).
func (c *Ctx) KeySetRow(i int) tea.Cmd {
	c.P.moved = true // from now on the cursor stays on its item
	c.P.ListSet(i, len(c.P.Rows), rowKeys(c.P.Rows))
	c.P.Rev++
	return nil
}

// open is the rule of the keys of the queue shown; row of those on a row;
// lateGroup of those on a line's late vehicles taken together.
func open(c *Ctx) bool      { return c.P.Open }
func row(c *Ctx) bool       { return c.P.Open && c.P.Cursor < len(c.P.Rows) }
func lateGroup(c *Ctx) bool { return row(c) && c.P.Rows[c.P.Cursor].Count > 1 }

// Keys are the queue's bindings: E opens it from the
// board side; shown, its rows, the vehicle of a row, acknowledge, hide,
// list the hidden, refresh and back (esc or E).
var Keys = append(ui.Keymap[*Ctx]{
	{Keys: []string{"E"}, Text: func(t *ui.Texts) string { return t.KeyQueue }, Group: ui.GroupQueue, Prio: ui.PrioHigh + 15,
		If: func(c *Ctx) bool { return !c.P.Open },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.P.Open = true; return c.P.Watch() }},
	{Keys: []string{"esc", "E"}, Show: "esc/E", Text: func(t *ui.Texts) string { return t.KeyBack }, Group: ui.GroupQueue, Prio: ui.PrioTop,
		If: open, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.P.Open = false; return nil }},
	{Keys: []string{"r"}, Text: func(t *ui.Texts) string { return t.KeyRefresh }, Group: ui.GroupEverywhere, Prio: ui.PrioLow,
		If: open, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { return c.P.Refresh() }},
}, append(ui.Lift(ui.RowMoves(func(c *Ctx) ui.RowList { return c }), func(c *Ctx) (*Ctx, bool) { return c, c.P.Open }), ui.Keymap[*Ctx]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Group: ui.GroupQueue, Prio: ui.PrioHigh,
		Alt: func(t *ui.Texts) string { return t.KeyOpen }, AltIf: lateGroup,
		If: func(c *Ctx) bool { return row(c) && (c.P.Rows[c.P.Cursor].Vehicle != 0 || lateGroup(c)) },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			if lateGroup(c) {
				// A line's late group opens to its vehicles, and closes again.
				k := c.P.Rows[c.P.Cursor].Key()
				c.P.opened[k] = !c.P.opened[k]
				c.P.moved = true
				c.P.refresh()
				return nil
			}
			c.Act.Open = &app.Target{Kind: app.TargetVehicle, Vehicle: c.P.Rows[c.P.Cursor].Vehicle}
			return nil
		}},
	{Keys: []string{"a"}, Text: func(t *ui.Texts) string { return t.KeyAck }, Group: ui.GroupQueue, Prio: ui.PrioHigh + 10,
		Alt: func(t *ui.Texts) string { return t.KeyUnack }, AltIf: func(c *Ctx) bool { return c.P.Rows[c.P.Cursor].Acked },
		If: row, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { cmd, n := c.P.mark(false); c.Act.Notice = n; return cmd }},
	{Keys: []string{"h"}, Text: func(t *ui.Texts) string { return t.KeyHide }, Group: ui.GroupQueue, Prio: ui.PrioHigh + 5,
		Alt: func(t *ui.Texts) string { return t.KeyUnhide }, AltIf: func(c *Ctx) bool { return c.P.Rows[c.P.Cursor].Hidden },
		If: row, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { cmd, n := c.P.mark(true); c.Act.Notice = n; return cmd }},
	{Keys: []string{"H"}, Text: func(t *ui.Texts) string { return t.KeyShowHidden }, Group: ui.GroupQueue, Prio: ui.PrioMid,
		Alt: func(t *ui.Texts) string { return t.KeyHideHidden }, AltIf: func(c *Ctx) bool { return c.P.listHid },
		If: func(c *Ctx) bool { return c.P.Open && (c.P.hidden > 0 || c.P.listHid) },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.P.listHid = !c.P.listHid; c.P.refresh(); return nil }},
}...)...)
