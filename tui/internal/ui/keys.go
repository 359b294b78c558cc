package ui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"
)

// Key bindings. A key is one record, a Key: the keys it
// answers, what it does, when it does something (a rule over the state of
// the pane that owns it), its help text from the catalogue (English and
// German), its group in the `?` overlay and its place in the footer. Each
// pane owns a Keymap of its records next to it (tui/doc.go lists them);
// the footer, the `?` overlay, the command palette and the keys reference
// (docs/keys.md) are all made from them (Keymap.Hints, Keymap.Ref), so
// none lists a dead key or says what a key does not do.

// Group is where a binding shows in the `?` overlay and the reference.
type Group int

// The groups, in the order the `?` overlay lists them.
const (
	GroupBoard Group = iota
	GroupRows
	GroupViews
	GroupQueue
	GroupEverywhere
	GroupSearch
	GroupVehicle
	GroupScroll
)

// Title is the group's heading in the language of t.
func (g Group) Title(t *Texts) string {
	return [...]string{t.GroupBoard, t.GroupRows, t.GroupViews, t.QueueTitle, t.GroupEverywhere, t.GroupSearch,
		t.GroupVehicle, t.GroupScroll}[g]
}

// Footer priorities: a binding with a higher one shows first in the
// footer; 0 never shows there (the `?` overlay and the palette still
// list it). The scale leaves room between the steps.
const (
	PrioNone = 0
	PrioLow  = 10 // shown when there is room: the filters, the views
	PrioMid  = 40 // the pane's everyday actions
	PrioHigh = 70 // what this view is for, and its new features (E, L, t, i)
	PrioTop  = 90 // the way out or in (back, zoom, open)
	// PrioAlways and above always show, at the footer's end: `:` and `?`.
	PrioAlways = 100
)

// Key is one key binding, whole.
type Key[S any] struct {
	// Keys are the Bubble Tea key names it answers ("j", "down", "ctrl+c").
	Keys []string
	// Show is the key as the help writes it ("↑/k"); Keys[0] when empty.
	Show string
	// Text is what it does (a field of the catalogue); Alt what it does
	// instead while AltIf holds (a toggle's other way: unpin, departures).
	Text, Alt func(*Texts) string
	AltIf     func(S) bool
	// If is when it does something, a rule over the pane's state; nil is
	// always (while the pane takes keys, which the root decides).
	If func(S) bool
	// Do is what it does.
	Do func(S, tea.KeyMsg) tea.Cmd
	// Group is its group in the `?` overlay and the reference.
	Group Group
	// Priority is its place in the footer (PrioTop … PrioNone).
	Priority int
	// Move marks a cursor or scroll move: the palette leaves it out.
	Move bool
}

// Keymap is a pane's bindings; the first live binding of a key wins.
type Keymap[S any] []Key[S]

// Hint is a live binding as the help shows it, in one language.
type Hint struct {
	Show, Desc string
	Key        string // the first key name: what the palette presses
	Group      Group
	Priority   int
	Move       bool
}

// Live reports whether k does something in state s.
func (k *Key[S]) Live(s S) bool { return k.If == nil || k.If(s) }

// Desc is what k does in state s, in the language of t.
func (k *Key[S]) Desc(s S, t *Texts) string {
	if k.Alt != nil && k.AltIf != nil && k.AltIf(s) {
		return k.Alt(t)
	}
	return k.Text(t)
}

// Shown is the key as the help writes it.
func (k *Key[S]) Shown() string {
	if k.Show != "" {
		return k.Show
	}
	return k.Keys[0]
}

// Find returns the live binding of msg in state s; nil when none.
func (m Keymap[S]) Find(msg tea.KeyMsg, s S) *Key[S] {
	name := msg.String()
	for i := range m {
		if slices.Contains(m[i].Keys, name) && m[i].Live(s) {
			return &m[i]
		}
	}
	return nil
}

// Run does what msg's live binding does in s; ok is false when none.
func (m Keymap[S]) Run(msg tea.KeyMsg, s S) (cmd tea.Cmd, ok bool) {
	k := m.Find(msg, s)
	if k == nil {
		return nil, false
	}
	if k.Do == nil {
		return nil, true
	}
	return k.Do(s, msg), true
}

// Hints returns the live bindings in state s, in the language of t.
func (m Keymap[S]) Hints(s S, t *Texts) []Hint {
	out := make([]Hint, 0, len(m))
	for i := range m {
		k := &m[i]
		if !k.Live(s) {
			continue
		}
		out = append(out, Hint{Show: k.Shown(), Desc: k.Desc(s, t), Key: k.Keys[0], Group: k.Group, Priority: k.Priority, Move: k.Move})
	}
	return out
}

// RefRow is a binding in the keys reference: the key, its group, what it
// does in English and German (a toggle's other way after " / ").
type RefRow struct {
	Show                 string
	Group                Group
	Priority             int
	Move                 bool
	En, De, EnAlt, DeAlt string
}

// Ref returns every binding, live or not, for the keys reference and the
// test that every binding has its help text in both languages.
func (m Keymap[S]) Ref(en, de *Texts) []RefRow {
	out := make([]RefRow, 0, len(m))
	for i := range m {
		k := &m[i]
		r := RefRow{Show: k.Shown(), Group: k.Group, Priority: k.Priority, Move: k.Move}
		if k.Text != nil {
			r.En, r.De = k.Text(en), k.Text(de)
		}
		if k.Alt != nil {
			r.EnAlt, r.DeAlt = k.Alt(en), k.Alt(de)
		}
		out = append(out, r)
	}
	return out
}

// Lift makes the bindings of a part (a pane inside another, a board in
// the grid) bindings of the whole: at(s) is the part's state in the
// whole's state s, and ok whether the part takes keys there.
func Lift[A, B any](m Keymap[A], at func(B) (A, bool)) Keymap[B] {
	out := make(Keymap[B], 0, len(m))
	for i := range m {
		k := m[i]
		l := Key[B]{Keys: k.Keys, Show: k.Show, Text: k.Text, Alt: k.Alt, Group: k.Group, Priority: k.Priority, Move: k.Move,
			If: func(s B) bool { a, ok := at(s); return ok && k.Live(a) }}
		if k.AltIf != nil {
			l.AltIf = func(s B) bool { a, _ := at(s); return k.AltIf(a) }
		}
		if k.Do != nil {
			l.Do = func(s B, msg tea.KeyMsg) tea.Cmd { a, _ := at(s); return k.Do(a, msg) }
		}
		out = append(out, l)
	}
	return out
}

// RowList is a list with a cursor that the row keys move: its length,
// the cursor and a setter (which clamps and may return a command).
type RowList interface {
	KeyRows() (n, cursor int)
	KeySetRow(i int) tea.Cmd
}

// RowMoves are the bindings that move a list's cursor (up, down, first,
// last), live with more than one row; at is the list in state s.
func RowMoves[S any](at func(S) RowList) Keymap[S] {
	many := func(s S) bool { n, _ := at(s).KeyRows(); return n > 1 }
	// to moves the cursor to where f says from the list's length and cursor.
	to := func(f func(n, c int) int) func(S, tea.KeyMsg) tea.Cmd {
		return func(s S, _ tea.KeyMsg) tea.Cmd { l := at(s); return l.KeySetRow(f(l.KeyRows())) }
	}
	return Keymap[S]{
		{Keys: []string{"up", "k"}, Show: "↑/k", Text: func(t *Texts) string { return t.KeyUp }, If: many, Move: true,
			Do: to(func(_, c int) int { return c - 1 })},
		{Keys: []string{"down", "j"}, Show: "↓/j", Text: func(t *Texts) string { return t.KeyDown }, If: many, Move: true,
			Do: to(func(_, c int) int { return c + 1 })},
		{Keys: []string{"g", "home"}, Show: "g/home", Text: func(t *Texts) string { return t.KeyFirst }, If: many, Move: true,
			Do: to(func(int, int) int { return 0 })},
		{Keys: []string{"G", "end"}, Show: "G/end", Text: func(t *Texts) string { return t.KeyLast }, If: many, Move: true,
			Do: to(func(n, _ int) int { return n - 1 })},
	}
}

// Minimum terminal size for the board; below it a short notice shows.
const (
	MinWidth  = 30
	MinHeight = 8
)

// Overlay is a modal layer above the panes that takes all keys.
type Overlay int

// The overlays.
const (
	OverlayNone Overlay = iota
	OverlaySearch
	OverlayHelp
)
