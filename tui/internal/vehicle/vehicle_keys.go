package vehicle

import (
	"github.com/charmbracelet/bubbles/key"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
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
	t          *ui.Texts
}

// NewKeys returns the vehicle pane's bindings in the language of t.
func NewKeys(t *ui.Texts) vehicleKeys {
	return vehicleKeys{
		Close:      ui.Bind("esc", t.KeyBack, "esc"),
		Range:      ui.Bind("u", t.KeyUpcoming, "u"),
		Follow:     ui.Bind("f", t.KeyFollow, "f"),
		ScrollUp:   ui.Bind("↑/k", t.KeyScrollUp, "up", "k"),
		ScrollDown: ui.Bind("↓/j", t.KeyScrollDown, "down", "j"),
		PageUp:     ui.Bind("pgup", t.KeyPageUp, "pgup", "ctrl+u"),
		PageDown:   ui.Bind("pgdn", t.KeyPageDown, "pgdown", "ctrl+d"),
		Top:        ui.Bind("g/home", t.KeyFirst, "g", "home"),
		Bottom:     ui.Bind("G/end", t.KeyLast, "G", "end"),
		t:          t,
	}
}

// Sync enables the pane's keys from its state; on is whether it has the
// focus (and no overlay is open).
func (k *vehicleKeys) Sync(on bool, p *Pane) {
	scrollable := p.List.Lines > p.List.Rows
	k.Close.SetEnabled(on)
	k.Range.SetEnabled(on)
	if p.Rng != model.RangeUpcoming {
		k.Range.SetHelp("u", k.t.KeyUpcoming)
	} else {
		k.Range.SetHelp("u", k.t.KeyAllStops)
	}
	k.Follow.SetEnabled(on && !p.Follow)
	for _, b := range []*key.Binding{&k.ScrollUp, &k.ScrollDown, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom} {
		b.SetEnabled(on && scrollable)
	}
}

// Footer returns the pane's part of the key hint.
func (k *vehicleKeys) Footer(g *ui.GlobalKeys) []key.Binding {
	return []key.Binding{k.Close, k.Range, k.Follow, g.Focus, g.Search, g.Refresh, k.ScrollUp, k.ScrollDown}
}

// List and scroll are the pane's groups of the help overlay.
func (k *vehicleKeys) List() []key.Binding { return []key.Binding{k.Close, k.Range, k.Follow} }

func (k *vehicleKeys) Scroll() []key.Binding {
	return []key.Binding{k.ScrollUp, k.ScrollDown, k.PageUp, k.PageDown}
}
