package tui

import (
	"io"
	"runtime/debug"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/screen"
	"abfahrt/tui/internal/termio"
)

// Terminal control sequences of the program's screen.
const (
	seqEnter = "\x1b[?1049h\x1b[?25l\x1b[?2004h" // alternate screen, cursor hidden, bracketed paste
	seqLeave = "\x1b[m\x1b[?2004l\x1b[?25h\x1b[?1049l"
	// Focus reporting, asked for when a reminder notifies the desktop.
	seqFocusOn  = "\x1b[?1004h"
	seqFocusOff = "\x1b[?1004l"
)

// painted runs a model's frames through the renderer: View hands the
// frame to it and gives Bubble Tea nothing to draw. It also notes a panic
// of the model or of its commands before Bubble Tea catches it: Bubble
// Tea prints the stack while the alternate screen is still up, where
// nobody sees it.
type painted struct {
	tea.Model
	r     *screen.Renderer
	box   *panicBox
	title *termio.Titler // the window title, when on (title.go)
}

// The largest screen abfahrt paints: a size from outside (a terminal, an
// SSH client's pty or window-change) is clamped to it before anything is
// allocated for it. A 65535×65535 "terminal" would otherwise make a
// frame of 4 billion cells.
const (
	MaxWidth  = 500
	MaxHeight = 300
)

// ClampSize bounds a window size to MaxWidth×MaxHeight, and a negative one
// to 0.
func ClampSize(s tea.WindowSizeMsg) tea.WindowSizeMsg {
	s.Width = min(max(s.Width, 0), MaxWidth)
	s.Height = min(max(s.Height, 0), MaxHeight)
	return s
}

// Init starts the wrapped model.
func (p painted) Init() tea.Cmd {
	defer p.box.catch()
	return p.box.wrap(p.Model.Init())
}

// Update updates the wrapped model; a new size goes to the renderer first.
func (p painted) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer p.box.catch()
	if supported, ok := termio.SyncReply(msg); ok {
		p.r.SetSync(supported) // the terminal's answer to termio.SeqSyncQuery (syncout.go)
		return p, nil
	}
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		size = ClampSize(size)
		p.r.Resize(size.Width, size.Height)
		msg = size
	}
	m, cmd := p.Model.Update(msg)
	p.Model = m
	return p, p.box.wrap(cmd)
}

// View paints the wrapped model's frame.
func (p painted) View() string {
	defer p.box.catch()
	p.r.Frame(p.Model.View())
	if t, ok := p.Model.(titled); ok && p.title != nil {
		p.title.Update(p.r, t.WindowTitle())
	}
	return ""
}

// panicBox keeps the first panic of a program and its stack.
type panicBox struct {
	mu    sync.Mutex
	v     any
	stack []byte
}

// catch notes a panic and panics on, for Bubble Tea to end the program.
func (b *panicBox) catch() {
	if r := recover(); r != nil {
		b.mu.Lock()
		if b.v == nil {
			b.v, b.stack = r, debug.Stack()
		}
		b.mu.Unlock()
		panic(r)
	}
}

// wrap makes cmd (and the commands of a batch it returns) note its panic.
func (b *panicBox) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		defer b.catch()
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for i := range batch {
				batch[i] = b.wrap(batch[i])
			}
		}
		return msg
	}
}

// caught returns the panic noted, if any.
func (b *panicBox) caught() (any, []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.v, b.stack
}

// Program is a Bubble Tea program that paints through abfahrt's renderer
// on out, in the alternate screen.
type Program struct {
	*tea.Program
	r     *screen.Renderer
	box   *panicBox
	tty   *tty // the process's terminal; nil for an SSH session
	title *termio.Titler
	focus bool // the terminal reports focus (mode 1004)
	// input bounds what an SSH session's client sends (mouse.go's
	// filter); off for the process's own terminal.
	input termio.InputGate
	// askSync asks the terminal for synchronized output (a terminal's
	// program, not a test's writer).
	askSync bool
	// mouse lets the mouse events through (mouse.go); when it is on, the
	// program turns mouse reporting on. next is the message filter
	// after it (suspension).
	mouse *termio.MouseGate
	next  func(tea.Model, tea.Msg) tea.Msg
}

// newProgram returns the program of m on in and out (nil in: no input).
func newProgram(m tea.Model, in io.Reader, out io.Writer, opts ...tea.ProgramOption) *Program {
	r := screen.NewRenderer(out, app.MaxFPS)
	box, title := &panicBox{}, &termio.Titler{}
	p := &Program{r: r, box: box, title: title, mouse: &termio.MouseGate{}}
	opts = append([]tea.ProgramOption{tea.WithInput(in), tea.WithOutput(out), tea.WithoutRenderer()}, opts...)
	opts = append(opts, tea.WithFilter(p.filter)) // a filter of the caller's goes in p.next
	p.Program = tea.NewProgram(painted{Model: m, r: r, box: box, title: title}, opts...)
	return p
}

// Run enters the alternate screen, runs the program and leaves the screen
// as it was, also when the program panicked. It returns the wrapped
// model.
func (p *Program) Run() (tea.Model, error) {
	enter, leave := seqEnter, seqLeave
	if p.focus {
		enter, leave = enter+seqFocusOn, seqFocusOff+leave // focus reports for desktop notifications
	}
	if p.title.On {
		enter, leave = enter+termio.SeqTitlePush, termio.SeqTitlePop+leave // the terminal's own title back at the end
	}
	if p.mouse.On {
		enter, leave = enter+termio.SeqMouseOn, termio.SeqMouseOff+leave // mouse reporting (mouse.go)
	}
	if p.askSync {
		enter += termio.SeqSyncQuery // answered later, if at all (syncout.go)
	}
	p.r.Control(enter)
	m, err := p.Program.Run()
	p.r.Stop(leave)
	if pm, ok := m.(painted); ok {
		m = pm.Model
	}
	return m, err
}

// Panic returns what the program panicked with and where, if it did.
func (p *Program) Panic() (any, []byte) { return p.box.caught() }

// ReleaseTerminal gives the terminal back for a while (suspending): input
// stops, the screen is left and the terminal cooked.
func (p *Program) ReleaseTerminal() error {
	err := p.Program.ReleaseTerminal()
	p.r.Hold(p.mouseSeq(termio.SeqMouseOff) + seqLeave) // the shell gets no mouse reports
	if p.tty != nil {
		p.tty.cooked()
	}
	return err
}

// RestoreTerminal takes the terminal again after ReleaseTerminal and
// paints the frame whole in its current size.
func (p *Program) RestoreTerminal() error {
	var err error
	if p.tty != nil {
		err = p.tty.raw()
	}
	p.r.Resume(seqEnter + p.mouseSeq(termio.SeqMouseOn))
	if e := p.Program.RestoreTerminal(); err == nil {
		err = e
	}
	if p.tty != nil {
		go p.tty.sendSize(p.Send) // from the event loop: Send would wait for it
	}
	return err
}

// mouseSeq is seq when the program reports the mouse, else "".
func (p *Program) mouseSeq(seq string) string {
	if p.mouse.On {
		return seq
	}
	return ""
}
