package tui

import (
	"context"
	"errors"
	"io"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// TestRunEndsWithContext: when the caller's context ends, Run returns nil
// (a normal end, e.g. SIGTERM handled by the caller).
func TestRunEndsWithContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		src := newFakeSource()
		err := run(ctx, Options{Source: src, Now: func() time.Time { return t0 }}, nil, io.Discard)
		if err != nil {
			t.Fatalf("Run = %v, want nil when the context ends", err)
		}
		if src.callCount() == 0 {
			t.Error("the board was never polled")
		}
		time.Sleep(2 * DefaultInterval)
	})
}

// panicSource panics on the first board request.
type panicSource struct{ *fakeSource }

func (panicSource) StopDepartures(context.Context, int, int) (model.Board, error) {
	panic("boom")
}

// TestRunReturnsPanic: a panic inside the program comes back as an error
// (Bubble Tea restores the terminal and prints the stack).
func TestRunReturnsPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		err := run(t.Context(), Options{Source: panicSource{newFakeSource()}}, nil, io.Discard)
		if !errors.Is(err, tea.ErrProgramPanic) {
			t.Fatalf("Run = %v, want a panic error", err)
		}
		time.Sleep(2 * DefaultInterval)
	})
}
