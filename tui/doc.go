// Package tui is abfahrt's terminal interface, built on Bubble Tea: a root
// model composing panes (the departure board, the trip summary of a
// vehicle, the search and help overlays, the status bar and the key hint).
//
// The Elm architecture is kept strictly: I/O happens only inside commands,
// which capture values and never the model; View is pure and reads the
// time from the last clockMsg. Each polled subject has one schedule (gen)
// and at most one request in flight (seq): tick → fetch → answer → tick,
// with jitter and backoff from package feed, so stale ticks and answers
// are dropped by construction.
//
// cmd/abfahrt calls Run with Options; tests drive Model.Update and
// Model.View directly with a fake Source.
package tui
