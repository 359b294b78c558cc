package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// fakeTerminal records what the suspender does with the terminal.
type fakeTerminal struct{ calls []string }

func (f *fakeTerminal) ReleaseTerminal() error { f.calls = append(f.calls, "release"); return nil }

func (f *fakeTerminal) RestoreTerminal() error { f.calls = append(f.calls, "restore"); return nil }

func newFakeSuspender(kiosk bool) (*suspender, *fakeTerminal) {
	ft := &fakeTerminal{}
	s := &suspender{p: ft, kiosk: kiosk}
	s.stop = func() { ft.calls = append(ft.calls, "stop") }
	return s, ft
}

// TestCtrlZSuspends: ctrl+z hands the terminal back before the process
// stops and takes it again after `fg`; the key goes no further.
func TestCtrlZSuspends(t *testing.T) {
	if !canSuspend {
		t.Skip("no job control here")
	}
	s, ft := newFakeSuspender(false)
	if msg := s.filter(nil, tea.KeyMsg{Type: tea.KeyCtrlZ}); msg != nil {
		t.Errorf("ctrl+z reached the model as %v", msg)
	}
	if got := strings.Join(ft.calls, " "); got != "release stop restore" {
		t.Errorf("ctrl+z did %q, want release, stop, restore", got)
	}
}

// TestSIGTSTPSuspendsEvenInKiosk: SIGTSTP from outside suspends the same
// way, also a kiosk (the signal is the operator's, not a passer-by's key).
func TestSIGTSTPSuspendsEvenInKiosk(t *testing.T) {
	s, ft := newFakeSuspender(true)
	if msg := s.filter(nil, suspendMsg{}); msg != nil {
		t.Errorf("the suspend message reached the model as %v", msg)
	}
	if got := strings.Join(ft.calls, " "); got != "release stop restore" {
		t.Errorf("SIGTSTP did %q, want release, stop, restore", got)
	}
}

// TestKioskIgnoresCtrlZ: the kiosk's keys are locked, ctrl+z too; the key
// goes on to the kiosk, which ignores it.
func TestKioskIgnoresCtrlZ(t *testing.T) {
	s, ft := newFakeSuspender(true)
	key := tea.KeyMsg{Type: tea.KeyCtrlZ}
	if msg, ok := s.filter(nil, key).(tea.KeyMsg); !ok || msg.Type != tea.KeyCtrlZ {
		t.Errorf("filter(ctrl+z) = %v, want the key passed on", msg)
	}
	if len(ft.calls) != 0 {
		t.Errorf("the kiosk suspended on ctrl+z: %v", ft.calls)
	}
}

// TestOtherKeysPass: every other message passes the filter unchanged.
func TestOtherKeysPass(t *testing.T) {
	s, ft := newFakeSuspender(false)
	for _, msg := range []tea.Msg{keyMsg("q"), tea.KeyMsg{Type: tea.KeyCtrlC}, tea.WindowSizeMsg{Width: 80, Height: 24}} {
		if got := s.filter(nil, msg); fmt.Sprint(got) != fmt.Sprint(msg) {
			t.Errorf("filter(%v) = %v", msg, got)
		}
	}
	if len(ft.calls) != 0 {
		t.Errorf("the terminal was touched: %v", ft.calls)
	}
}
