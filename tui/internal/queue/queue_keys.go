package queue

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/ui"
)

// Keys are the queue's bindings: its rows, the vehicle of a row,
// acknowledge, hide, list the hidden, and back (esc or E).
type Keys struct {
	ui.RowKeys
	Ack        key.Binding
	Hide       key.Binding
	ListHidden key.Binding
	Back       key.Binding
	// Queue is E: it opens the queue from the grid and the board, and
	// closes it again.
	Queue key.Binding
	t     *ui.Texts
}

// NewKeys returns the queue's bindings in the language of t.
func NewKeys(t *ui.Texts) Keys {
	return Keys{RowKeys: ui.NewRowKeys(t), Ack: ui.Bind("a", t.KeyAck, "a"), Hide: ui.Bind("h", t.KeyHide, "h"),
		ListHidden: ui.Bind("H", t.KeyShowHidden, "H"), Back: ui.Bind("esc", t.KeyBack, "esc"),
		Queue: ui.Bind("E", t.KeyQueue, "E"), t: t}
}

// Sync enables the keys that do something: on is whether the queue shows
// and takes keys; board whether the board side takes keys (E opens it).
func (k *Keys) Sync(on, board bool, p *Pane) {
	rows := len(p.Rows)
	vehicle := p.Cursor < rows && (p.Rows[p.Cursor].Vehicle != 0 || p.Rows[p.Cursor].Count > 1) // a late group opens
	k.SyncRows(on, rows, vehicle)
	row := on && p.Cursor < rows
	k.Ack.SetEnabled(row)
	k.Hide.SetEnabled(row)
	k.ListHidden.SetEnabled(on && (p.hidden > 0 || p.listHid))
	k.Back.SetEnabled(on)
	k.Queue.SetEnabled(board)
	k.Ack.SetHelp("a", k.t.KeyAck)
	k.Hide.SetHelp("h", k.t.KeyHide)
	k.ListHidden.SetHelp("H", k.t.KeyShowHidden)
	if row && p.Rows[p.Cursor].Acked {
		k.Ack.SetHelp("a", k.t.KeyUnack)
	}
	if row && p.Rows[p.Cursor].Hidden {
		k.Hide.SetHelp("h", k.t.KeyUnhide)
	}
	if p.listHid {
		k.ListHidden.SetHelp("H", k.t.KeyHideHidden)
	}
}

// Footer returns the queue's part of the key hint.
func (k *Keys) Footer(g *ui.GlobalKeys) []key.Binding {
	return []key.Binding{k.Back, k.Ack, k.Hide, k.Open, k.ListHidden, g.Refresh, k.Up, k.Down}
}

// List returns the bindings for the help overlay.
func (k *Keys) List() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Open, k.Ack, k.Hide, k.ListHidden, k.Back}
}

func matches(msg tea.KeyMsg, b key.Binding) bool { return key.Matches(msg, b) }
