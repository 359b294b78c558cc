package tui

import "github.com/charmbracelet/bubbles/key"

// searchKeys are the search overlay's bindings (searchpane.go); every
// other key types into the query.
type searchKeys struct {
	SearchChoose key.Binding
	SearchPrev   key.Binding
	SearchNext   key.Binding
	SearchClose  key.Binding
}

// newSearchKeys returns the overlay's bindings in the language of t.
func newSearchKeys(t *texts) searchKeys {
	return searchKeys{
		SearchChoose: bind("enter", t.KeyOpen, "enter"),
		SearchPrev:   bind("↑/ctrl+p", t.KeyPrevious, "up", "ctrl+p", "ctrl+k"),
		SearchNext:   bind("↓/ctrl+n", t.KeyNext, "down", "ctrl+n", "ctrl+j"),
		SearchClose:  bind("esc", t.KeyClose, "esc"),
	}
}

// sync enables the overlay's keys: open is whether it is open, hits the
// results listed.
func (k *searchKeys) sync(open bool, hits int) {
	k.SearchChoose.SetEnabled(open && hits > 0)
	k.SearchPrev.SetEnabled(open && hits > 1)
	k.SearchNext.SetEnabled(open && hits > 1)
	k.SearchClose.SetEnabled(open)
}

// list returns the bindings for the help overlay.
func (k *searchKeys) list() []key.Binding {
	return []key.Binding{k.SearchChoose, k.SearchPrev, k.SearchNext, k.SearchClose}
}

// keys returns the overlay's key hint.
func (p *searchPane) keys() keyHelp {
	k := &p.km
	return keyHelp{short: []key.Binding{k.SearchPrev, k.SearchNext}, always: []key.Binding{k.SearchChoose, k.SearchClose},
		full: [][]key.Binding{k.list()}}
}
