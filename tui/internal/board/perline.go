package board

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"abfahrt/model"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
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

// grouping is how a board thins and orders its rows: the next perLine
// departures of each line and direction (0: all), grouped by platform
// or not. A board holds one.
type grouping struct {
	perLine int
	grouped bool
}

// cyclePerLine steps the per-line limit; it returns what the status bar
// says.
func (g *grouping) cyclePerLine(tx *ui.Texts) string {
	next := 0
	for i, n := range perLineSteps {
		if n == g.perLine && i+1 < len(perLineSteps) {
			next = perLineSteps[i+1]
		}
	}
	g.perLine = next
	if next == 0 {
		return tx.NoteAllPerLine
	}
	return fmt.Sprintf(tx.NotePerLine, next)
}

// groupable reports whether a board of subj shows groups: grouped, of a
// whole stop (a platform's board is one group).
func (g grouping) groupable(subj feeds.Subject) bool { return g.grouped && subj.Point == "" }

// sortRows orders rows (indexes into events) by platform when the board
// shows groups (stable: in time within each).
func (g grouping) sortRows(subj feeds.Subject, events []model.Event, rows []int) {
	if !g.groupable(subj) {
		return
	}
	slices.SortStableFunc(rows, func(x, y int) int {
		ex, ey := &events[x], &events[y]
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

// items lays out rows (indexes into events) with the group headings of
// the grouped view.
func (g grouping) items(tx *ui.Texts, subj feeds.Subject, events []model.Event, rows []int) []boardItem {
	out := make([]boardItem, 0, len(rows)+4)
	if !g.groupable(subj) {
		for i := range rows {
			out = append(out, boardItem{row: i})
		}
		return out
	}
	for i := 0; i < len(rows); {
		e := &events[rows[i]]
		j := i
		var dirs []string
		for j < len(rows) && events[rows[j]].StopPointCode == e.StopPointCode {
			if d := events[rows[j]].DirectionText; !slices.Contains(dirs, d) {
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
			shown += " · " + fmt.Sprintf(tx.GroupMore, cut) // the heading names some: it says it is not all
		}
		out = append(out, boardItem{row: -1, head: fmt.Sprintf(tx.GroupHead, name, shown)})
		for ; i < j; i++ {
			out = append(out, boardItem{row: i})
		}
	}
	return out
}

// note is the header's note of the per-line limit and grouping.
func (g grouping) note(tx *ui.Texts, subj feeds.Subject) string {
	var parts []string
	if g.perLine > 0 {
		parts = append(parts, fmt.Sprintf(tx.PerLineHead, g.perLine))
	}
	if g.groupable(subj) {
		parts = append(parts, tx.GroupedHead)
	}
	return strings.Join(parts, " · ")
}
