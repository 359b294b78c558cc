package tui

import (
	"context"

	"abfahrt/tui/internal/accessible"
)

// AccessibleOptions configure the screen-reader mode (abfahrt
// --accessible): the board as sentences in the terminal's normal screen,
// commands as typed lines.
type AccessibleOptions = accessible.Options

// RunAccessible runs the screen-reader mode until ctx ends, its input
// ends or `quit` is typed.
func RunAccessible(ctx context.Context, o AccessibleOptions) error { return accessible.Run(ctx, o) }
