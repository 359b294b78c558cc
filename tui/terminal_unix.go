//go:build unix

package tui

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"
)

// ttyCheckEvery is how often Run checks that its terminal still exists:
// one ioctl a second, and a board whose terminal went away (SIGHUP
// ignored, as under nohup) ends within a second or two.
const ttyCheckEvery = time.Second

// canSuspend: ctrl+z suspends abfahrt (job control).
const canSuspend = true

// terminalFDs are the descriptors of stdin and stdout that are terminals:
// the terminal Bubble Tea draws on and reads keys from.
func terminalFDs() []uintptr {
	var fds []uintptr
	for _, f := range []*os.File{os.Stdin, os.Stdout} {
		if term.IsTerminal(f.Fd()) {
			fds = append(fds, f.Fd())
		}
	}
	return fds
}

// ttyGone reports whether the terminal on fd has gone away: after a
// hangup (the terminal emulator or the SSH connection closed) the kernel
// answers every ioctl on it with EIO. Reads would return end-of-file,
// which Bubble Tea takes quietly, so without this check a board with
// SIGHUP ignored polled on, headless, forever.
func ttyGone(fd uintptr) bool {
	_, err := term.GetState(fd)
	return errors.Is(err, syscall.EIO) || errors.Is(err, syscall.ENXIO)
}

// watchTerminal calls gone once when any of fds stops being a terminal,
// checking every ttyCheckEvery until ctx ends.
func watchTerminal(ctx context.Context, fds []uintptr, gone func()) {
	if len(fds) == 0 {
		return
	}
	go func() {
		t := time.NewTicker(ttyCheckEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if anyGone(fds) {
					gone()
					return
				}
			}
		}
	}()
}

// suspendMsg asks the program to suspend: SIGTSTP came from outside
// (kill -TSTP); ctrl+z arrives as a key, because the terminal is raw.
type suspendMsg struct{}

// notifySuspend turns SIGTSTP into a suspendMsg for p until ctx ends.
// Without it SIGTSTP stopped the process with the terminal still raw and
// in the alternate screen, and after `fg` nothing restored either.
func notifySuspend(ctx context.Context, p *tea.Program) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTSTP)
	go func() {
		defer signal.Stop(ch)
		for {
			select {
			case <-ctx.Done():
				return
			case <-ch:
				p.Send(suspendMsg{})
			}
		}
	}()
}

// stopProcess stops abfahrt's process group, as ctrl+z in a cooked
// terminal would, and returns when the shell continues it (`fg`). It
// sends SIGSTOP, not SIGTSTP: SIGTSTP is caught (notifySuspend) and
// would only come back as another suspendMsg. kill returns before every
// thread has stopped, so it waits for the SIGCONT: without the wait the
// terminal was sometimes taken back (raw mode, alternate screen) in the
// instant before the process stopped, and the shell got it that way.
func stopProcess() {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	if syscall.Kill(0, syscall.SIGSTOP) == nil {
		<-cont
	}
}

// watchSize sends the terminal's size now and whenever it changes
// (SIGWINCH) until ctx ends.
func (t *tty) watchSize(ctx context.Context, send func(tea.Msg)) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGWINCH)
	go func() {
		defer signal.Stop(ch)
		t.sendSize(send)
		for {
			select {
			case <-ctx.Done():
				return
			case <-ch:
				t.sendSize(send)
			}
		}
	}()
}
