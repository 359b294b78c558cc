package app

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"abfahrt/tui/internal/ui"
)

// WalkTime is a board's walking time; in a layout and boards.json it is a
// duration text such as "4m" or "90s".
type WalkTime time.Duration

// ParseWalk reads a walking time: a duration from 0 to MaxWalk ("4m").
func ParseWalk(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("walk must be a duration such as 4m, got %q", s)
	}
	if d < 0 || d > ui.MaxWalk {
		return 0, fmt.Errorf("walk must be between 0 and %s, got %s", ui.WalkText(ui.MaxWalk), s)
	}
	return d, nil
}

// UnmarshalText reads a walking time ("4m").
func (w *WalkTime) UnmarshalText(b []byte) error {
	d, err := ParseWalk(string(b))
	if err != nil {
		return err
	}
	*w = WalkTime(d)
	return nil
}

// MarshalText writes a walking time ("4m").
func (w WalkTime) MarshalText() ([]byte, error) {
	return []byte(ui.WalkText(time.Duration(w))), nil
}

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

// String is the walking time as written in a layout: "4m".
func (w WalkTime) String() string { return ui.WalkText(time.Duration(w)) }
