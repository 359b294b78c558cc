package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"abfahrt/tui/internal/ui"
)

// searchKeys are the search overlay's bindings (searchpane.go); every
// other key types into the query.
type searchKeys struct {
	SearchChoose key.Binding
	SearchPrev   key.Binding
	SearchNext   key.Binding
	SearchClose  key.Binding
}

// newSearchKeys returns the overlay's bindings in the language of t.
func newSearchKeys(t *ui.Texts) searchKeys {
	return searchKeys{
		SearchChoose: ui.Bind("enter", t.KeyOpen, "enter"),
		SearchPrev:   ui.Bind("↑/ctrl+p", t.KeyPrevious, "up", "ctrl+p", "ctrl+k"),
		SearchNext:   ui.Bind("↓/ctrl+n", t.KeyNext, "down", "ctrl+n", "ctrl+j"),
		SearchClose:  ui.Bind("esc", t.KeyClose, "esc"),
	}
}

// Sync enables the overlay's keys: open is whether it is open, hits the
// results listed.
func (k *searchKeys) Sync(open bool, hits int) {
	k.SearchChoose.SetEnabled(open && hits > 0)
	k.SearchPrev.SetEnabled(open && hits > 1)
	k.SearchNext.SetEnabled(open && hits > 1)
	k.SearchClose.SetEnabled(open)
}

// List returns the bindings for the help overlay.
func (k *searchKeys) List() []key.Binding {
	return []key.Binding{k.SearchChoose, k.SearchPrev, k.SearchNext, k.SearchClose}
}

// keys returns the overlay's key hint.
func (p *searchPane) keys() ui.KeyHelp {
	k := &p.km
	return ui.KeyHelp{Short: []key.Binding{k.SearchPrev, k.SearchNext}, Always: []key.Binding{k.SearchChoose, k.SearchClose},
		Full: [][]key.Binding{k.List()}}
}
