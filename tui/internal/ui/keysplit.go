package ui

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea v1 hands the runes of one read of the terminal to Update as
// one key message: "jj" when a held key repeats, "jjjjjt" typed fast over
// SSH, mosh or tmux, or on a loaded machine. No binding matches such a
// message, so every key of it was lost. Outside a text input each rune is
// a key of its own; into a focused text input the read is typed (or
// pasted) text and goes whole.

// Several reports whether msg holds more than one key: several runes
// that were not pasted (a bracketed paste is text, never keys).
func Several(msg tea.KeyMsg) bool {
	return msg.Type == tea.KeyRunes && !msg.Paste && len(msg.Runes) > 1
}

// KeyAt is the i-th rune of msg as a key message of its own.
func KeyAt(msg tea.KeyMsg, i int) tea.KeyMsg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i : i+1], Alt: msg.Alt}
}

// Rest is msg from its i-th rune on: what goes whole to a text input that
// a key before it opened ("/rathaus" in one read opens the search and
// types "rathaus").
func Rest(msg tea.KeyMsg, i int) tea.KeyMsg {
	msg.Runes = msg.Runes[i:]
	return msg
}
