package termio

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// An SSH session's input is cut to InputBurst at once and InputRate a
// second, keys apart from focus reports and unknown sequences; other
// messages always pass, and a gate that is off passes everything.
func TestInputGate(t *testing.T) {
	at := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	g := InputGate{On: true, Clock: func() time.Time { return at }}
	count := func(msgs ...tea.Msg) int {
		n := 0
		for range 1000 {
			for _, m := range msgs {
				if g.Pass(m) {
					n++
				}
			}
		}
		return n
	}
	if n := count(tea.FocusMsg{}, tea.BlurMsg{}); n != InputBurst {
		t.Errorf("%d focus reports at once, want %d", n, InputBurst)
	}
	// A flood of reports leaves the keys' own budget whole.
	if n := count(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j")}); n != InputBurst {
		t.Errorf("%d keys at once after a flood of reports, want %d", n, InputBurst)
	}
	at = at.Add(time.Second)
	if n := count(tea.KeyMsg{Type: tea.KeyDown}); n != InputRate {
		t.Errorf("%d keys a second later, want %d", n, InputRate)
	}
	if !g.Pass(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}) || !g.Pass(tea.KeyMsg{Type: tea.KeyCtrlC}) {
		t.Error("a quit key was dropped in a flood")
	}
	if !g.Pass(tea.WindowSizeMsg{Width: 80, Height: 24}) || !g.Pass(nil) {
		t.Error("a message that is not input was dropped")
	}
	off := InputGate{}
	for range 1000 {
		if !off.Pass(tea.KeyMsg{Type: tea.KeyDown}) {
			t.Fatal("a gate that is off dropped a key")
		}
	}
}

// Keys read at once count one each: a held j's "jjjjj" takes five of the
// budget, and what the budget no longer holds is cut, not all dropped.
func TestInputGateCountsEachKeyOfARead(t *testing.T) {
	at := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	g := InputGate{On: true, Clock: func() time.Time { return at }}
	keys := 0
	for range 100 {
		if out, ok := g.Admit(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjjjj")}).(tea.KeyMsg); ok {
			keys += len(out.Runes)
		}
	}
	if keys != InputBurst {
		t.Errorf("%d keys of 100 reads of jjjjj passed at once, want the burst %d", keys, InputBurst)
	}
	at = at.Add(100 * time.Millisecond) // 3 keys' worth
	out, ok := g.Admit(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjjjj")}).(tea.KeyMsg)
	if !ok || string(out.Runes) != "jjj" {
		t.Errorf("a read of 5 keys with 3 in the budget passed as %q, want jjj", string(out.Runes))
	}
	if out, ok := g.Admit(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjq")}).(tea.KeyMsg); !ok || string(out.Runes) != "jjq" {
		t.Error("a read with q was dropped in a flood")
	}
	paste := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Hauptbahnhof"), Paste: true}
	at = at.Add(time.Second)
	if out, ok := g.Admit(paste).(tea.KeyMsg); !ok || string(out.Runes) != "Hauptbahnhof" {
		t.Error("a paste was cut")
	}
}
