// Package ladder is the line ladder view: both directions of
// one line as two rails, the stops as rungs, each vehicle at its place
// with its number, delay, headway to the vehicle ahead against the plan
// and its flag in words (bunched, gap, ghost, stale), and the line's
// regularity. The judging is package abfahrt/ladder's; this package
// polls (through the feed registry) and draws.
package ladder
