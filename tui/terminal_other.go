//go:build !unix

package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
)

// On systems without job control and hangups (Windows) the terminal is
// not watched and there is nothing to suspend.

// canSuspend: ctrl+z suspends abfahrt.
const canSuspend = false

func terminalFDs() []uintptr                           { return nil }
func watchTerminal(context.Context, []uintptr, func()) {}
func notifySuspend(context.Context, *tea.Program)      {}
func ttyGone(uintptr) bool                             { return false }
func stopProcess()                                     {}

// suspendMsg asks the program to suspend (never sent here).
type suspendMsg struct{}

// watchSize sends the terminal's size once: there is no resize signal.
func (t *tty) watchSize(_ context.Context, send func(tea.Msg)) { go t.sendSize(send) }
