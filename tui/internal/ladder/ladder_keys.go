package ladder

import (
	tea "github.com/charmbracelet/bubbletea"

	ldr "abfahrt/ladder"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// KeyRows is the ladder's cars and the cursor, for the row keys.
func (p *Pane) KeyRows() (n, cursor int) { return len(p.cars()), p.Cursor }

// KeySetRow moves the cursor to car i (the row keys).
func (p *Pane) KeySetRow(i int) tea.Cmd {
	p.moved = true
	p.setCursor(i)
	return nil
}

// Keys are the ladder's bindings: move along the
// vehicles, open one, switch the direction shown. The board side adds
// the view keys (esc back: grid/keys.go).
var Keys = append(ui.RowMoves(func(p *Pane) ui.RowList { return p }), ui.Keymap[*Pane]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Priority: ui.PrioTop - 5,
		If: func(p *Pane) bool { cars := p.cars(); return p.Cursor < len(cars) && cars[p.Cursor].Vehicle != 0 },
		Do: func(p *Pane, _ tea.KeyMsg) tea.Cmd {
			return app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: p.cars()[p.Cursor].Vehicle})
		}},
	{Keys: []string{"d"}, Text: func(t *ui.Texts) string { return t.KeyLadderDir }, Priority: ui.PrioHigh,
		If: func(p *Pane) bool { return len(p.L.Rails) > 1 },
		Do: func(p *Pane, _ tea.KeyMsg) tea.Cmd {
			p.Dir = nextDir(p.L.Rails, p.Dir)
			p.keepCursor()
			p.Revision++
			return nil
		}},
}...)

// carKey identifies a car across answers: its vehicle, or a ghost's start.
func carKey(c *ldr.Car) int {
	if c.Vehicle != 0 {
		return c.Vehicle
	}
	return -int(c.Start.Unix())
}

// cars are the cars of the rails shown, rail by rail, in order.
func (p *Pane) cars() []ldr.Car {
	var out []ldr.Car
	for _, r := range p.rails() {
		out = append(out, r.Vehicles...)
	}
	return out
}

// rails are the rails shown.
func (p *Pane) rails() []ldr.Rail {
	if p.Dir == 0 {
		return p.L.Rails
	}
	for _, r := range p.L.Rails {
		if r.Direction == p.Dir {
			return []ldr.Rail{r}
		}
	}
	return p.L.Rails
}

// keepCursor keeps the cursor on its car when the order changes; until
// the user moves it, on the vehicle to select (Select) once it is there,
// else on the first car (the leader of the first rail).
func (p *Pane) keepCursor() {
	if p.want != 0 && !p.moved && p.Pick(p.want) {
		p.want = 0
		return
	}
	if !p.moved {
		p.setCursor(0)
		return
	}
	cars := p.cars()
	for i := range cars {
		if carKey(&cars[i]) == p.Selected {
			p.Cursor = i
			return
		}
	}
	p.setCursor(p.Cursor)
}

// Pick moves the cursor to the car of key k (carKey), as the row keys
// do (a click); ok is false when no car shown has it.
func (p *Pane) Pick(k int) bool {
	for i, c := range p.cars() {
		if carKey(&c) == k {
			p.moved = true
			p.setCursor(i)
			return true
		}
	}
	return false
}

func (p *Pane) setCursor(i int) {
	cars := p.cars()
	p.Cursor = min(max(i, 0), max(len(cars)-1, 0))
	p.Selected = 0
	if p.Cursor < len(cars) {
		p.Selected = carKey(&cars[p.Cursor])
	}
	p.Revision++
}

// nextDir is the direction shown after cur: both, the first, the second,
// both again.
func nextDir(rails []ldr.Rail, cur int) int {
	if cur == 0 {
		if len(rails) > 0 {
			return rails[0].Direction
		}
		return 0
	}
	for i, r := range rails {
		if r.Direction == cur && i+1 < len(rails) {
			return rails[i+1].Direction
		}
	}
	return 0
}
