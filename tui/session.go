package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
)

// NewProgram returns the program of o for a terminal that is not the
// process's own, such as an SSH session: the root model (or the kiosk)
// at the board's frame rate, in the alternate screen, with no signal
// handler, suspension or terminal watch (those belong to the process).
// progOpts must give its input and output (tea.WithInput, tea.WithOutput);
// o.Renderer should be the session's, for its colour profile. The program
// ends when ctx does; the caller runs it and sends it the terminal's size.
func NewProgram(ctx context.Context, o Options, progOpts ...tea.ProgramOption) *tea.Program {
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithFPS(fps), tea.WithoutSignalHandler(), tea.WithAltScreen()}
	return tea.NewProgram(forFont(o, rootModel(ctx, o)), append(opts, progOpts...)...)
}
