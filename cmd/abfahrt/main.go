// Command abfahrt is a terminal departure board for public transport: a
// live board of a mobility/v1 data service (by default the embedded
// simulation of the Ulm network), and a small command line client of it.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"abfahrt/feed"
	"abfahrt/internal/startup"
	"abfahrt/internal/usage"
	"abfahrt/model"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	// exitNotInService: `abfahrt vehicle N` for a vehicle that runs no
	// trip now; stdout says so (or "InService": false with --json).
	exitNotInService = 3
)

func main() {
	// The start over (its first frames drawn), the collector's target goes
	// back and the executable's pages only the start used are let go.
	var restoreGC func()
	startup.GC(func(restore func()) { restoreGC = restore })
	time.AfterFunc(startup.GCFor, func() {
		if restoreGC != nil {
			restoreGC()
		}
		startup.DropStartPages()
	})
	ctx, stop := signal.NotifyContext(context.Background(), endSignals()...)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// endSignals end abfahrt like q does: the board restores the terminal
// (main screen, cursor, cooked mode) and the exit code is 0. SIGHUP is
// one of them unless abfahrt was started with it ignored (nohup, or
// a trap of the shell): then it stays ignored, and a board whose terminal goes
// away notices by itself (tui.ErrTerminalGone, exit code 1).
func endSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// run executes the command line and returns the process exit code. Errors
// are printed as one line "abfahrt: ..." on stderr.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errNotInService) {
		return exitNotInService
	}
	// The message may quote the service or a file: one clean line.
	_, _ = fmt.Fprintf(stderr, "abfahrt: %s\n", model.CleanText(err.Error(), 0))
	if isUsage(err) {
		_, _ = fmt.Fprintln(stderr, "Run 'abfahrt --help' for usage.")
		return exitUsage
	}
	return exitFailure
}

// usageError marks an error in how abfahrt was called (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

func isUsage(err error) bool {
	var u usageError
	var p *feed.ParamError
	if errors.As(err, &u) || errors.As(err, &p) || usage.Is(err) {
		return true
	}
	// cobra reports its own usage errors as plain errors.
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "invalid argument", "accepts ", "flag needs an argument", "required flag"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}
