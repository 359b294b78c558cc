package ladder

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	ldr "abfahrt/ladder"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Keys are the ladder's bindings: move along the vehicles, open one,
// switch the direction shown, and the view keys (esc back).
type Keys struct {
	ui.RowKeys
	Dir key.Binding
	ui.ViewKeys
}

// NewKeys returns the ladder's bindings in the language of t.
func NewKeys(t *ui.Texts) Keys {
	return Keys{RowKeys: ui.NewRowKeys(t), Dir: ui.Bind("d", t.KeyLadderDir, "d"), ViewKeys: ui.NewViewKeys(t)}
}

// Sync enables the keys from the ladder's state (on: it shows and takes
// keys) and the board side's (boards, pinned).
func (k *Keys) Sync(on bool, p *Pane, boards int, pinned bool) {
	cars := p.cars()
	vehicle := p.Cursor < len(cars) && cars[p.Cursor].Vehicle != 0
	k.SyncRows(on, len(cars), vehicle)
	k.Dir.SetEnabled(on && len(p.L.Rails) > 1)
	k.Back.SetEnabled(on)
	k.SyncViews(on, boards, false, pinned)
}

// Footer returns the ladder's part of the key hint.
func (k *Keys) Footer(g *ui.GlobalKeys) []key.Binding {
	return []key.Binding{k.Back, k.Open, k.Dir, g.Search, g.Refresh, k.Up, k.Down}
}

// List returns the bindings for the help overlay.
func (k *Keys) List() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Dir, k.Back, k.Merged, k.Fleet}
}

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
		if carKey(&cars[i]) == p.Sel {
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
	p.Sel = 0
	if p.Cursor < len(cars) {
		p.Sel = carKey(&cars[p.Cursor])
	}
	p.Rev++
}

// Update answers the ladder's keys.
func (p *Pane) Update(msg tea.KeyMsg) tea.Cmd {
	k := &p.Km
	cars := p.cars()
	if row, ok := k.Move(msg, p.Cursor, len(cars)); ok {
		p.moved = true
		p.setCursor(row)
		return nil
	}
	switch {
	case key.Matches(msg, k.Dir):
		p.Dir = nextDir(p.L.Rails, p.Dir)
		p.keepCursor()
		p.Rev++
	case key.Matches(msg, k.Open):
		if p.Cursor < len(cars) && cars[p.Cursor].Vehicle != 0 {
			return app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: cars[p.Cursor].Vehicle})
		}
	}
	return nil
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
