package vehicle

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// Ctx is what the vehicle pane's keys act on: the pane, and whether esc
// asked the root to close it (the root gives the focus back).
type Ctx struct {
	Pane  *Pane
	Close bool
}

// scrollable is the rule of the scroll keys: the passages do not fit.
func scrollable(c *Ctx) bool { return c.Pane.List.Lines > c.Pane.List.Rows }

// scroll is a scroll key's handler: d lines, or to the top (-1<<20) or
// the bottom (1<<20); page is ±1 for a page of lines.
func scroll(to func(p *Pane) int) func(*Ctx, tea.KeyMsg) tea.Cmd {
	return func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
		c.Pane.scrollTo(to(c.Pane))
		c.Pane.Touch()
		return nil
	}
}

// page is a page of the passage list.
func page(p *Pane) int { return max(p.List.Rows-1, 1) }

// Keys are the vehicle pane's bindings.
var Keys = ui.Keymap[*Ctx]{
	{Keys: []string{"esc"}, Text: func(t *ui.Texts) string { return t.KeyBack }, Group: ui.GroupVehicle, Priority: ui.PrioTop,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Close = true; return nil }},
	{Keys: []string{"u"}, Text: func(t *ui.Texts) string { return t.KeyUpcoming }, Group: ui.GroupVehicle, Priority: ui.PrioHigh,
		Alt: func(t *ui.Texts) string { return t.KeyAllStops }, AltIf: func(c *Ctx) bool { return c.Pane.Range == model.RangeUpcoming },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { return c.Pane.toggleRange() }},
	{Keys: []string{"f"}, Text: func(t *ui.Texts) string { return t.KeyFollow }, Group: ui.GroupVehicle, Priority: ui.PrioHigh,
		If: func(c *Ctx) bool { return !c.Pane.Follow },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Pane.Follow = true; c.Pane.Touch(); return nil }},
	{Keys: []string{"r"}, Text: func(t *ui.Texts) string { return t.KeyRefresh }, Group: ui.GroupEverywhere, Priority: ui.PrioLow,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { return c.Pane.Refresh() }},
	{Keys: []string{"up", "k"}, Show: "↑/k", Text: func(t *ui.Texts) string { return t.KeyScrollUp }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(p *Pane) int { return p.List.First - 1 })},
	{Keys: []string{"down", "j"}, Show: "↓/j", Text: func(t *ui.Texts) string { return t.KeyScrollDown }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(p *Pane) int { return p.List.First + 1 })},
	{Keys: []string{"pgup", "ctrl+u"}, Show: "pgup", Text: func(t *ui.Texts) string { return t.KeyPageUp }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(p *Pane) int { return p.List.First - page(p) })},
	{Keys: []string{"pgdown", "ctrl+d"}, Show: "pgdn", Text: func(t *ui.Texts) string { return t.KeyPageDown }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(p *Pane) int { return p.List.First + page(p) })},
	{Keys: []string{"g", "home"}, Show: "g/home", Text: func(t *ui.Texts) string { return t.KeyFirst }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(*Pane) int { return 0 })},
	{Keys: []string{"G", "end"}, Show: "G/end", Text: func(t *ui.Texts) string { return t.KeyLast }, Group: ui.GroupScroll, Move: true,
		If: scrollable, Do: scroll(func(*Pane) int { return 1 << 20 })},
}
