package termio

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

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

// KeyMsgFor is the key press a binding's key names ("enter", "ctrl+c",
// "l", "alt+x"): every name Bubble Tea gives a key type, so that a
// named key is never taken for runes typed together (Several).
func KeyMsgFor(k string) tea.KeyMsg {
	if t, ok := keyTypes[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	if r, ok := strings.CutPrefix(k, "alt+"); ok && k != "alt+" {
		msg := KeyMsgFor(r)
		msg.Alt = true
		return msg
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// keyTypes maps Bubble Tea's key names to their key types.
var keyTypes = func() map[string]tea.KeyType {
	m := map[string]tea.KeyType{}
	for t := tea.KeyType(-128); t <= 127; t++ {
		if name := t.String(); name != "" && t != tea.KeyRunes {
			if _, ok := m[name]; !ok {
				m[name] = t
			}
		}
	}
	return m
}()
