package tui

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// fps caps Bubble Tea's redraw rate: the board changes once a second, so
// 10 frames are plenty for typing (at most 100 ms to see a key) and keep
// an idle board near zero CPU: measured with .ci/perf/idle-cpu.sh, the
// renderer's wake-ups at 15 FPS cost an idle board 0.52 % of a core
// against 0.40 % at 10 FPS.
const fps = 10

// Run runs the TUI until the user quits or ctx ends, and restores the
// terminal either way. It returns nil on a normal end (including ctx
// ending) and an error if the program failed or panicked; Bubble Tea
// recovers the panic, restores the terminal and prints the stack.
//
// Signals are the caller's: SIGINT and SIGTERM should end ctx (the CLI
// uses signal.NotifyContext). Bubble Tea's own signal handler is off,
// because with both in place a signal could end the program through the
// context while Bubble Tea's handler blocks forever delivering its quit
// message to the stopped loop, and the program would never exit.
func Run(ctx context.Context, o Options, progOpts ...tea.ProgramOption) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("tui: panic: %v", r)
		}
	}()
	m := rootModel(ctx, o)
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithFPS(fps), tea.WithoutSignalHandler()}
	if o.AltScreen {
		opts = append(opts, tea.WithAltScreen())
	}
	opts = append(opts, progOpts...)
	_, err = tea.NewProgram(m, opts...).Run()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tea.ErrProgramPanic):
		return fmt.Errorf("tui: %w", err)
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		return nil // the caller ended the context: a normal end
	case errors.Is(err, tea.ErrInterrupted):
		return nil // SIGINT from outside (a kiosk's service manager): a normal end
	}
	return fmt.Errorf("tui: %w", err)
}
