package board

import (
	"abfahrt/model"
	"slices"

	tea "github.com/charmbracelet/bubbletea"
)

// cycleLine sets the board's line filter to the next line on the
// board, and after the last back to all lines. A filter of several lines
// (from a layout) goes back to all lines. The returned command asks the
// feed for more events when the board now wants more (declare).
func (b *Pane) cycleLine() tea.Cmd {
	var lines []string
	for i := range b.Raw.Events {
		e := &b.Raw.Events[i]
		f := b.Filt
		f.Lines = nil
		if f.Keep(e) && !slices.Contains(lines, e.Line()) {
			lines = append(lines, e.Line())
		}
	}
	slices.SortFunc(lines, model.CompareLines)
	b.Filt.Lines = nextOf(lines, b.Filt.Lines)
	b.Refilter()
	return b.Declare()
}

// cycleDirection sets the direction filter to the next direction among
// the events the other filters keep.
func (b *Pane) cycleDirection() tea.Cmd {
	var dirs []string
	for i := range b.Raw.Events {
		e := &b.Raw.Events[i]
		f := b.Filt
		f.Direction = ""
		if e.DirectionText != "" && f.Keep(e) && !slices.Contains(dirs, e.DirectionText) {
			dirs = append(dirs, e.DirectionText)
		}
	}
	slices.Sort(dirs)
	var cur []string
	if b.Filt.Direction != "" {
		cur = []string{b.Filt.Direction}
	}
	if n := nextOf(dirs, cur); len(n) > 0 {
		b.Filt.Direction = n[0]
	} else {
		b.Filt.Direction = ""
	}
	b.Refilter()
	return b.Declare()
}

// ClearFilters shows every event again.
func (b *Pane) ClearFilters() tea.Cmd {
	b.Filt = filters{}
	b.Refilter()
	if !b.Narrowed {
		return b.Declare()
	}
	b.Narrowed = false // the platform f chose: back to the whole stop
	s := b.Subj
	s.Point = ""
	return b.setSubject(s)
}

// nextOf returns the one-element list after cur in all: the first when
// cur is empty, nil (meaning all) after the last or when cur has several
// elements or is not in all.
func nextOf(all, cur []string) []string {
	if len(all) == 0 || len(cur) > 1 {
		return nil
	}
	if len(cur) == 0 {
		return []string{all[0]}
	}
	i := slices.Index(all, cur[0])
	if i < 0 || i+1 >= len(all) {
		return nil
	}
	return []string{all[i+1]}
}
