package board

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"abfahrt/model"
)

// perLineSteps is how n cycles the focused board's per-line limit.
var perLineSteps = []int{0, 1, 2, 3}

// LineDir is a departure's line and direction: what per_line counts.
type LineDir struct{ Line, Dir string }

// perLineKeep reports whether e is within the first perLine departures of
// its line and direction, counting in seen.
func perLineKeep(seen map[LineDir]int, perLine int, e *model.Event) bool {
	if perLine <= 0 {
		return true
	}
	k := LineDir{e.Line(), e.DirectionText}
	seen[k]++
	return seen[k] <= perLine
}

// cyclePerLine steps the board's per-line limit; it returns what the
// status bar says.
func (b *Pane) cyclePerLine() string {
	next := 0
	for i, n := range perLineSteps {
		if n == b.perLine && i+1 < len(perLineSteps) {
			next = perLineSteps[i+1]
		}
	}
	b.perLine = next
	b.SetCursor(b.Cursor)
	if next == 0 {
		return b.Sh.T.NoteAllPerLine
	}
	return fmt.Sprintf(b.Sh.T.NotePerLine, next)
}

// toggleGrouped switches the view grouped by direction on or off.
func (b *Pane) toggleGrouped() {
	b.Grouped = !b.Grouped
	b.SetCursor(b.Cursor)
}

// groupable reports whether the board shows groups: grouped, of a whole
// stop (a platform's board is one group).
func (b *Pane) groupable() bool { return b.Grouped && b.Subj.Point == "" }

// groupRows orders rows by platform (stable: in time within each).
func (b *Pane) groupRows(rows []int) {
	if !b.groupable() {
		return
	}
	slices.SortStableFunc(rows, func(x, y int) int {
		ex, ey := &b.Data.Events[x], &b.Data.Events[y]
		return cmp.Or(cmp.Compare(ex.PlatformName, ey.PlatformName), cmp.Compare(ex.StopPointCode, ey.StopPointCode))
	})
}

// maxGroupDirs is the most directions a platform's heading names.
const maxGroupDirs = 3

// boardItem is one line below a board's column titles: a row (row >= 0,
// its position in rows) or a group heading.
type boardItem struct {
	row  int
	head string
}

// items lays out rows with the group headings of the grouped view.
func (b *Pane) items(rows []int) []boardItem {
	out := make([]boardItem, 0, len(rows)+4)
	if !b.groupable() {
		for i := range rows {
			out = append(out, boardItem{row: i})
		}
		return out
	}
	for i := 0; i < len(rows); {
		e := &b.Data.Events[rows[i]]
		j := i
		var dirs []string
		for j < len(rows) && b.Data.Events[rows[j]].StopPointCode == e.StopPointCode {
			if d := b.Data.Events[rows[j]].DirectionText; !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
			j++
		}
		name := e.PlatformName
		if name == "" {
			name = e.StopPointCode.String()
		}
		shown := strings.Join(dirs[:min(len(dirs), maxGroupDirs)], " · ")
		if cut := len(dirs) - maxGroupDirs; cut > 0 {
			shown += " · " + fmt.Sprintf(b.Sh.T.GroupMore, cut) // the heading names some: it says it is not all
		}
		out = append(out, boardItem{row: -1, head: fmt.Sprintf(b.Sh.T.GroupHead, name, shown)})
		for ; i < j; i++ {
			out = append(out, boardItem{row: i})
		}
	}
	return out
}

// perLineNote is the header's note of the per-line limit and grouping.
func (b *Pane) perLineNote() string {
	var parts []string
	if b.perLine > 0 {
		parts = append(parts, fmt.Sprintf(b.Sh.T.PerLineHead, b.perLine))
	}
	if b.groupable() {
		parts = append(parts, b.Sh.T.GroupedHead)
	}
	return strings.Join(parts, " · ")
}
