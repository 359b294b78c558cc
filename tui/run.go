package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	_ "abfahrt/internal/nocolorquery"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/kiosk"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/ui"
)

// monoProfile is the colour profile to render with: under NO_COLOR termenv
// picks Ascii, which drops bold and reverse too; but no-color.org forbids
// colour, not emphasis, and the mono theme carries its meaning (cursor,
// late, cancelled) in attributes. So the mono theme renders with ANSI
// attributes (its styles hold no colour) unless the terminal is dumb.
func monoProfile(theme string, p termenv.Profile, term string) termenv.Profile {
	if theme == ui.ThemeMono && p == termenv.Ascii && term != "dumb" {
		return termenv.ANSI
	}
	return p
}

// ErrTerminalGone is Run's error when the terminal went away under a
// running board (a hangup with SIGHUP ignored, as under nohup): with
// nobody to see it, the board ends instead of polling on.
var ErrTerminalGone = errors.New("the terminal is gone")

// Run runs the TUI until the user quits or ctx ends, and restores the
// terminal either way. It returns nil on a normal end (including ctx
// ending), ErrTerminalGone when the terminal went away, and an error if
// the program failed or panicked: the panic is caught, the terminal
// restored, and then the panic and its stack are written to stderr.
//
// Signals are the caller's: SIGINT, SIGTERM and SIGHUP should end ctx
// (the CLI uses signal.NotifyContext). Bubble Tea's own signal handler is
// off, because with both in place a signal could end the program through
// the context while Bubble Tea's handler blocks forever delivering its
// quit message to the stopped loop, and the program would never exit.
//
// When stdin or stdout is a terminal, Run also suspends properly: ctrl+z
// (but not in kiosk mode, whose keys are locked) and SIGTSTP restore the
// terminal, stop the process group, and on `fg` take the terminal back
// and repaint. And it checks every second that the terminal still exists.
func Run(ctx context.Context, o app.Options) error {
	return run(ctx, o, nil, nil)
}

// run is Run on the process's terminal (in and out nil), or on in and out
// (no raw mode, size, suspension or terminal watch: tests).
func run(ctx context.Context, o app.Options, in io.Reader, out io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("tui: panic: %v", r)
		}
	}()
	if p := monoProfile(o.Theme, lipgloss.ColorProfile(), os.Getenv("TERM")); p != lipgloss.ColorProfile() {
		lipgloss.SetColorProfile(p)
		o.NoColour = true
	}
	caller := ctx
	ctx, cancel := context.WithCancelCause(caller)
	defer cancel(nil)
	var t *tty
	if in == nil && out == nil {
		if t, err = openTTY(); err != nil {
			return fmt.Errorf("tui: %w", err)
		}
		defer t.Close()
		in, out = t.in, os.Stdout
	}
	m := forFont(o, rootModel(ctx, o))
	s := &suspender{kiosk: o.Kiosk.Enabled, stop: stopProcess}
	p := newProgram(m, in, out, tea.WithContext(ctx), tea.WithoutSignalHandler())
	p.next = s.filter
	p.mouse.On = o.Mouse && !o.Kiosk.Enabled // the kiosk is unattended: nobody clicks
	p.tty = t
	p.title.On = o.TitleOn()
	p.focus = remind.NotifyOSC(o.Notify) && !o.Kiosk.Enabled
	p.askSync = t != nil
	s.p = p
	var fds []uintptr
	if t != nil {
		fds = terminalFDs()
		if len(fds) > 0 {
			watchTerminal(ctx, fds, func() { cancel(ErrTerminalGone) })
			notifySuspend(ctx, p.Program)
		}
		t.watchSize(ctx, p.Send)
	}
	final, err := p.Run()
	if !errors.Is(err, tea.ErrProgramPanic) {
		saveState(final)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tea.ErrProgramPanic):
		if v, stack := p.Panic(); v != nil {
			if t != nil {
				fmt.Fprintf(os.Stderr, "abfahrt: panic: %v\n\n%s\n", v, stack)
			}
			return fmt.Errorf("tui: %w: %v", err, v)
		}
		return fmt.Errorf("tui: %w", err)
	case errors.Is(err, tea.ErrProgramKilled) && caller.Err() != nil:
		return nil // the caller ended the context (SIGHUP too): a normal end
	case errors.Is(context.Cause(ctx), ErrTerminalGone) || anyGone(fds):
		return ErrTerminalGone // Bubble Tea's read of a hung-up terminal may fail first
	case errors.Is(err, tea.ErrInterrupted):
		return nil // SIGINT from outside (a kiosk's service manager): a normal end
	}
	return fmt.Errorf("tui: %w", err)
}

// saveState writes what the board side of final, the program's last
// model, has not yet written to its state files (pins, the watched
// boards) and waits for it: a write in the background that the end cut
// short is lost otherwise. The kiosk keeps no state files.
func saveState(final tea.Model) {
	var m *Model
	switch v := final.(type) {
	case Model:
		m = &v
	case *Model:
		m = v
	default:
		return
	}
	m.disp.Pins.SaveNow()
	m.disp.Boards.SaveNow()
}

// anyGone reports whether the terminal on any of fds has gone away.
func anyGone(fds []uintptr) bool {
	for _, fd := range fds {
		if ttyGone(fd) {
			return true
		}
	}
	return false
}

// suspender suspends the program on ctrl+z and SIGTSTP, in Bubble Tea's
// event loop (as a message filter), where releasing the terminal is safe.
// Bubble Tea's own tea.Suspend is not used: it stops the process group
// with SIGTSTP, which abfahrt catches itself.
type suspender struct {
	p     terminalOwner
	kiosk bool
	stop  func() // stops the process until it is continued
}

// terminalOwner is what suspending needs of a *tea.Program.
type terminalOwner interface {
	ReleaseTerminal() error
	RestoreTerminal() error
}

// filter suspends on suspendMsg and, outside kiosk mode, on ctrl+z; every
// other message passes.
func (s *suspender) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case suspendMsg:
		s.suspend()
		return nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlZ && !s.kiosk && canSuspend {
			s.suspend()
			return nil
		}
	}
	return msg
}

// suspend hands the terminal back (cooked mode, main screen, cursor
// shown), stops, and on continuing takes it again: raw mode, the
// alternate screen, a full repaint and the current size.
func (s *suspender) suspend() {
	if s.p == nil || s.p.ReleaseTerminal() != nil {
		return
	}
	s.stop()
	_ = s.p.RestoreTerminal()
}

// rootModel is the program Run runs for o: the kiosk when o.Kiosk is
// enabled, else the interactive board; its requests end with ctx.
func rootModel(ctx context.Context, o app.Options) tea.Model {
	if o.Kiosk.Enabled {
		m := kiosk.NewModel(o)
		m.Shared.Ctx = ctx
		return m
	}
	m := New(o)
	m.sh.Ctx = ctx
	return m
}
