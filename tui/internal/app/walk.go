package app

import (
	"slices"
	"time"

	"abfahrt/tui/internal/ui"
)

// WalkTime is a board's walking time (ui.WalkTime); in a layout and
// boards.json it is a duration text such as "4m" or "90s".
type WalkTime = ui.WalkTime

// ParseWalk reads a walking time: a duration from 0 to ui.MaxWalk ("4m").
func ParseWalk(s string) (time.Duration, error) { return ui.ParseWalk(s) }

// WithWalk gives every board of o without a walking time (per-line
// limit) o.Walk (o.PerLine).
func (o Options) WithWalk() Options {
	o.Walk = min(max(o.Walk, 0), ui.MaxWalk)
	o.PerLine = min(max(o.PerLine, 0), MaxPerLine)
	if o.Walk == 0 && o.PerLine == 0 {
		return o
	}
	specs := slices.Clone(o.Boards)
	for i := range specs {
		if specs[i].Walk == 0 {
			specs[i].Walk = WalkTime(o.Walk)
		}
		if specs[i].PerLine == 0 {
			specs[i].PerLine = o.PerLine
		}
	}
	o.Boards = specs
	return o
}

// savedWalk is a walking time as boards.json keeps it ("" for none).
func savedWalk(w WalkTime) string {
	if w <= 0 {
		return ""
	}
	return ui.WalkText(time.Duration(w))
}
