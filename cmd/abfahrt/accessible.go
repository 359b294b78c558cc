package main

import (
	"context"
	"time"

	"abfahrt/tui"
)

// runAccessible runs the screen-reader mode (--accessible) on the first
// board's stop (a stop point's stop; Hauptbahnhof without one) and its
// first line filter, on the process's standard input and output, which
// stay in line mode: the terminal's own line editing and echo serve.
func runAccessible(ctx context.Context, g *globals, src source, boards []tui.BoardSpec, opts tui.Options) error {
	o := tui.AccessibleOptions{Source: src.client, SourceName: src.name, Now: src.now,
		Lang: g.s.lang.Value, Interval: opts.Interval, In: g.stdin, Out: g.stdout}
	if len(boards) > 0 {
		b := boards[0]
		o.Stop = b.Stop
		if n, ok := b.StopPoint.StopNumber(); ok && o.Stop == 0 {
			o.Stop = n
		}
		if len(b.Lines) > 0 {
			o.Line = b.Lines[0]
		}
		o.Walk = time.Duration(b.Walk)
	}
	if o.Walk == 0 {
		o.Walk = opts.Walk
	}
	if opts.Limit > 0 {
		o.Limit = opts.Limit
	}
	return tui.RunAccessible(ctx, o)
}
