package board

import (
	"slices"

	"abfahrt/model"
	"abfahrt/tui/internal/app"

	tea "github.com/charmbracelet/bubbletea"
)

// nextLine is f with its line filter on the next line among events, and
// after the last back to all lines. A filter of several lines (from a
// layout) goes back to all lines.
func (f filters) nextLine(events []model.Event) filters {
	var lines []string
	for i := range events {
		e := &events[i]
		f := f
		f.Lines = nil
		if f.Keep(e) && !slices.Contains(lines, e.Line()) {
			lines = append(lines, e.Line())
		}
	}
	slices.SortFunc(lines, model.CompareLines)
	f.Lines = nextOf(lines, f.Lines)
	return f
}

// nextDirection is f with its direction filter on the next direction
// among the events the other filters keep.
func (f filters) nextDirection(events []model.Event) filters {
	var dirs []string
	for i := range events {
		e := &events[i]
		f := f
		f.Direction = ""
		if e.DirectionText != "" && f.Keep(e) && !slices.Contains(dirs, e.DirectionText) {
			dirs = append(dirs, e.DirectionText)
		}
	}
	slices.Sort(dirs)
	var cur []string
	if f.Direction != "" {
		cur = []string{f.Direction}
	}
	if n := nextOf(dirs, cur); len(n) > 0 {
		f.Direction = n[0]
	} else {
		f.Direction = ""
	}
	return f
}

// filter shows what f keeps; the returned command asks the feed for more
// events when the board now wants more (Declare). widen (esc, which
// clears every filter) also takes a board that f narrowed to one
// platform back to its whole stop. fr is the frame it shows in.
func (b *Pane) filter(fr app.Frame, f filters, widen bool) tea.Cmd {
	b.Filters = f
	b.Refilter(fr)
	if !widen || !b.Narrowed {
		return b.Declare(fr)
	}
	b.Narrowed = false // the platform f chose: back to the whole stop
	s := b.Subject
	s.Point = ""
	return b.setSubject(fr, s)
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
