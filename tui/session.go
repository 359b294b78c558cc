package tui

import (
	"context"
	"io"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/remind"
)

// NewProgram returns the program of o for a terminal that is not the
// process's own, such as an SSH session: the root model (or the kiosk) on
// in and out, painted by abfahrt's renderer in the alternate screen, with
// no signal handler, suspension or terminal watch (those belong to the
// process). o.Renderer should be the session's, for its colour profile.
// The program ends when ctx does; the caller runs it and sends it the
// terminal's size.
func NewProgram(ctx context.Context, o app.Options, in io.Reader, out io.Writer) *Program {
	p := newProgram(forFont(o, rootModel(ctx, o)), in, out, tea.WithContext(ctx), tea.WithoutSignalHandler())
	p.askSync = in != nil // the client's terminal answers on the session's input
	p.mouse.On = o.Mouse && !o.Kiosk.Enabled && in != nil
	p.input.On = true // a client may flood its session: at most termio.InputRate a second
	// The session's window title and, for a notification of the
	// client's terminal, its focus reports, as a local board's (run.go).
	p.title.On = o.TitleOn()
	p.focus = remind.NotifyOSC(o.Notify) && !o.Kiosk.Enabled && in != nil
	return p
}
