package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/termio"
)

// Bubble Tea v1 hands the runes of one read to Update as one key message
// ("jjjjj"): a held key's autorepeat, fast typing over SSH, mosh or tmux,
// a loaded machine. Each rune is a key (issue 33 item 1).

func TestKeysReadTogetherEachCount(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjjjj")})
	if got := cursorRow(e.screenLines()); got != 5 {
		t.Fatalf("cursor %d after jjjjj in one read, want 5", got)
	}
	e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("kk")})
	if got := cursorRow(e.screenLines()); got != 3 {
		t.Fatalf("cursor %d after kk in one read, want 3", got)
	}
}

func TestQQInOneReadQuits(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	cmd := e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("qq")})
	if !quits(cmd) {
		t.Fatal("qq in one read does not quit")
	}
}

func TestSlashThenTextInOneReadIsTyped(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/rathaus")})
	if got := e.m.search.input.Value(); got != "rathaus" {
		t.Fatalf("search holds %q after /rathaus in one read, want rathaus", got)
	}
	// Into an open text input, a read is typed or pasted text, whole.
	e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(" ulm"), Paste: true})
	if got := e.m.search.input.Value(); got != "rathaus ulm" {
		t.Fatalf("search holds %q after a paste, want rathaus ulm", got)
	}
}

func TestKioskQuitKeyInOneRead(t *testing.T) {
	e := newKioskEnv(t, 100, 30, app.KioskOptions{QuitKey: "q"})
	if cmd := e.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("xq")}); !quits(cmd) {
		t.Fatal("x then q in one read does not quit a kiosk whose quit key is q")
	}
}

// quits reports whether cmd, run with its batches, ends the program.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if quits(c) {
				return true
			}
		}
	}
	return false
}

// The palette presses a binding's key by its name: a named key is one
// key, never runes typed together.
func TestPaletteKeyNames(t *testing.T) {
	for name, want := range map[string]tea.KeyMsg{
		"enter": {Type: tea.KeyEnter}, "ctrl+r": {Type: tea.KeyCtrlR}, "f5": {Type: tea.KeyF5},
		"pgdown": {Type: tea.KeyPgDown}, " ": {Type: tea.KeySpace}, "shift+tab": {Type: tea.KeyShiftTab},
		"L": {Type: tea.KeyRunes, Runes: []rune("L")}, "alt+x": {Type: tea.KeyRunes, Runes: []rune("x"), Alt: true},
	} {
		if got := termio.KeyMsgFor(name); got.String() != want.String() || got.Type != want.Type {
			t.Errorf("%q: %v (%d), want %v (%d)", name, got, got.Type, want, want.Type)
		}
	}
}
