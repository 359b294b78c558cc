package tui

import (
	"fmt"
	"os"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"
)

// tty is the process's terminal while abfahrt runs on it: keys come from
// stdin, or from /dev/tty when stdin is not a terminal (data piped in), in
// raw mode; frames go to stdout; the size is that of whichever of the two
// is a terminal.
type tty struct {
	in     *os.File
	opened bool // in was opened here (/dev/tty)

	mu    sync.Mutex
	state *term.State // the mode to restore; nil while not raw
	size  *os.File    // nil: the size is unknown
}

// openTTY finds the process's terminal and puts it in raw mode.
func openTTY() (*tty, error) {
	t := &tty{in: os.Stdin}
	if !term.IsTerminal(os.Stdin.Fd()) {
		f, err := os.Open("/dev/tty")
		if err != nil {
			return nil, fmt.Errorf("no terminal to read keys from: %w", err)
		}
		t.in, t.opened = f, true
	}
	for _, f := range []*os.File{os.Stdout, t.in} {
		if term.IsTerminal(f.Fd()) {
			t.size = f
			break
		}
	}
	if err := t.raw(); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// raw puts the terminal in raw mode (keys one by one, no echo).
func (t *tty) raw() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state != nil || !term.IsTerminal(t.in.Fd()) {
		return nil
	}
	st, err := term.MakeRaw(t.in.Fd())
	if err != nil {
		return fmt.Errorf("the terminal's raw mode: %w", err)
	}
	t.state = st
	return nil
}

// cooked restores the mode the terminal had before raw.
func (t *tty) cooked() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state != nil {
		_ = term.Restore(t.in.Fd(), t.state)
		t.state = nil
	}
}

// Close restores the terminal's mode and closes what openTTY opened.
func (t *tty) Close() {
	t.cooked()
	if t.opened {
		_ = t.in.Close()
	}
}

// sendSize sends the terminal's size, if it is known.
func (t *tty) sendSize(send func(tea.Msg)) {
	if t.size == nil {
		return
	}
	if w, h, err := term.GetSize(t.size.Fd()); err == nil {
		send(tea.WindowSizeMsg{Width: w, Height: h})
	}
}
