package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/termio"
)

// list is a list of n rows with a cursor, for the row keys.
type list struct{ n, cur int }

func (l *list) KeyRows() (n, cursor int) { return l.n, l.cur }
func (l *list) KeySetRow(i int) tea.Cmd  { l.cur = min(max(i, 0), l.n-1); return nil }

// TestKeymapRecords: a key does what its first live record does, only
// while its rule holds; the help says the toggle's other way while it
// holds; a lifted map answers only where its part takes keys.
func TestKeymapRecords(t *testing.T) {
	en := EnglishTexts()
	on := false
	m := append(RowMoves(func(l *list) RowList { return l }), Keymap[*list]{
		{Keys: []string{"x"}, Text: func(t *Texts) string { return t.KeyPin }, Alt: func(t *Texts) string { return t.KeyUnpin },
			AltIf: func(*list) bool { return on }, Priority: PrioMid, Do: func(*list, tea.KeyMsg) tea.Cmd { on = !on; return nil }},
	}...)
	one := &list{n: 1}
	if _, ok := m.Run(termio.KeyMsgFor("j"), one); ok {
		t.Error("j moved on a list of one row")
	}
	for _, h := range m.Hints(one, &en) {
		if h.Move {
			t.Errorf("a move is live on one row: %+v", h)
		}
	}
	l := &list{n: 5}
	for _, k := range []string{"j", "j", "down", "G", "k", "g", "end"} {
		if _, ok := m.Run(termio.KeyMsgFor(k), l); !ok {
			t.Fatalf("%s did nothing", k)
		}
	}
	if l.cur != 4 {
		t.Errorf("cursor %d after j j ↓ G k g end, want 4", l.cur)
	}
	if h := m.Hints(l, &en); h[len(h)-1].Desc != en.KeyPin {
		t.Errorf("x says %q, want %q", h[len(h)-1].Desc, en.KeyPin)
	}
	m.Run(termio.KeyMsgFor("x"), l)
	if h := m.Hints(l, &en); h[len(h)-1].Desc != en.KeyUnpin {
		t.Errorf("after x it says %q, want %q", h[len(h)-1].Desc, en.KeyUnpin)
	}
	type whole struct {
		l    *list
		open bool
	}
	lifted := Lift(m, func(w *whole) (*list, bool) { return w.l, w.open })
	w := &whole{l: l}
	if _, ok := lifted.Run(termio.KeyMsgFor("k"), w); ok || len(lifted.Hints(w, &en)) != 0 {
		t.Error("a lifted map answers where its part takes no keys")
	}
	w.open = true
	if _, ok := lifted.Run(termio.KeyMsgFor("k"), w); !ok || l.cur != 3 {
		t.Errorf("the lifted k: cursor %d, want 3", l.cur)
	}
}
