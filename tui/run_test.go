package tui

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/internal/lockbuf"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/testkit"
)

// TestRunEndsWithContext: when the caller's context ends, Run returns nil
// (a normal end, e.g. SIGTERM handled by the caller).
func TestRunEndsWithContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		src := testkit.NewFakeSource()
		err := run(ctx, app.Options{Source: src, Now: func() time.Time { return testkit.T0 }}, nil, io.Discard)
		if err != nil {
			t.Fatalf("Run = %v, want nil when the context ends", err)
		}
		if src.CallCount() == 0 {
			t.Error("the board was never polled")
		}
		time.Sleep(2 * feeds.DefaultInterval)
	})
}

// panicSource panics on the first board request.
type panicSource struct{ *testkit.FakeSource }

func (panicSource) StopDepartures(context.Context, int, int) (model.Board, error) {
	panic("boom")
}

// TestRunReturnsPanic: a panic inside the program comes back as an error
// (Bubble Tea restores the terminal and prints the stack).
func TestRunReturnsPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		err := run(t.Context(), app.Options{Source: panicSource{testkit.NewFakeSource()}}, nil, io.Discard)
		if !errors.Is(err, tea.ErrProgramPanic) {
			t.Fatalf("Run = %v, want a panic error", err)
		}
		time.Sleep(2 * feeds.DefaultInterval)
	})
}

// abfahrt paints itself: the program takes the alternate screen, paints
// the board, and gives the screen back last, also after a panic, whose
// value comes back in the error (the stack goes to stderr after the
// screen is given back, where it can be read).
func TestRunPaintsAndGivesTheScreenBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  feeds.Source
	}{{"normal end", testkit.NewFakeSource()}, {"panic", panicSource{testkit.NewFakeSource()}}} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
				defer cancel()
				var out lockbuf.Buffer
				p := newProgram(New(app.Options{Source: tc.src, Now: func() time.Time { return testkit.T0 }}), nil, &out, tea.WithContext(ctx), tea.WithoutSignalHandler())
				go p.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
				_, err := p.Run()
				time.Sleep(2 * feeds.DefaultInterval)
				got := out.String()
				if !strings.HasPrefix(got, seqEnter) || !strings.HasSuffix(got, seqLeave) {
					t.Errorf("the screen was not taken first and given back last: %q … %q", got[:min(40, len(got))], got[max(0, len(got)-40):])
				}
				if tc.name == "panic" {
					if v, stack := p.Panic(); v != "boom" || !bytes.Contains(stack, []byte("StopDepartures")) {
						t.Errorf("panic = %v (stack %d bytes), want boom with the stack of StopDepartures", v, len(stack))
					}
					if !errors.Is(err, tea.ErrProgramPanic) {
						t.Errorf("Run = %v, want the panic", err)
					}
					return
				}
				if !strings.Contains(got, "Hauptbahnhof") {
					t.Errorf("the board was not painted: %q", got)
				}
			})
		})
	}
}
