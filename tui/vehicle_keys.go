package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"abfahrt/model"
)

// vehicleKeys are the vehicle pane's bindings (vehicle.go).
type vehicleKeys struct {
	Close      key.Binding
	Range      key.Binding // u: all stops or the upcoming ones
	Follow     key.Binding
	ScrollUp   key.Binding
	ScrollDown key.Binding
	PageUp     key.Binding
	PageDown   key.Binding
	Top        key.Binding
	Bottom     key.Binding
	t          *texts
}

// newVehicleKeys returns the vehicle pane's bindings in the language of t.
func newVehicleKeys(t *texts) vehicleKeys {
	return vehicleKeys{
		Close:      bind("esc", t.KeyBack, "esc"),
		Range:      bind("u", t.KeyUpcoming, "u"),
		Follow:     bind("f", t.KeyFollow, "f"),
		ScrollUp:   bind("↑/k", t.KeyScrollUp, "up", "k"),
		ScrollDown: bind("↓/j", t.KeyScrollDown, "down", "j"),
		PageUp:     bind("pgup", t.KeyPageUp, "pgup", "ctrl+u"),
		PageDown:   bind("pgdn", t.KeyPageDown, "pgdown", "ctrl+d"),
		Top:        bind("g/home", t.KeyFirst, "g", "home"),
		Bottom:     bind("G/end", t.KeyLast, "G", "end"),
		t:          t,
	}
}

// sync enables the pane's keys from its state; on is whether it has the
// focus (and no overlay is open).
func (k *vehicleKeys) sync(on bool, p *vehiclePane) {
	scrollable := p.list.lines > p.list.rows
	k.Close.SetEnabled(on)
	k.Range.SetEnabled(on)
	if p.rng != model.RangeUpcoming {
		k.Range.SetHelp("u", k.t.KeyUpcoming)
	} else {
		k.Range.SetHelp("u", k.t.KeyAllStops)
	}
	k.Follow.SetEnabled(on && !p.follow)
	for _, b := range []*key.Binding{&k.ScrollUp, &k.ScrollDown, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom} {
		b.SetEnabled(on && scrollable)
	}
}

// footer returns the pane's part of the key hint.
func (k *vehicleKeys) footer(g *globalKeys) []key.Binding {
	return []key.Binding{k.Close, k.Range, k.Follow, g.Focus, g.Search, g.Refresh, k.ScrollUp, k.ScrollDown}
}

// list and scroll are the pane's groups of the help overlay.
func (k *vehicleKeys) list() []key.Binding { return []key.Binding{k.Close, k.Range, k.Follow} }

func (k *vehicleKeys) scroll() []key.Binding {
	return []key.Binding{k.ScrollUp, k.ScrollDown, k.PageUp, k.PageDown}
}
