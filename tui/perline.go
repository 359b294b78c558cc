package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"abfahrt/model"
)

// Departures per line and the view grouped by direction.
//
// per_line = N keeps at most the next N departures of each line and
// direction (the line's name with its direction text), so a busy line
// does not push the others off a small screen; n cycles it on the
// focused board: off, 1, 2, 3, off. The grouped view (b) shows a stop's
// rows by platform, each under a heading naming the platform and where its
// departures go: at Ulm's stops a platform serves one direction, as the
// platforms of a station sign do.

// MaxPerLine is the largest per_line a board takes.
const MaxPerLine = 9

// perLineSteps is how n cycles the focused board's per-line limit.
var perLineSteps = []int{0, 1, 2, 3}

// lineDir is a departure's line and direction: what per_line counts.
type lineDir struct{ line, dir string }

// perLineKeep reports whether e is within the first perLine departures of
// its line and direction, counting in seen.
func perLineKeep(seen map[lineDir]int, perLine int, e *model.Event) bool {
	if perLine <= 0 {
		return true
	}
	k := lineDir{e.Line(), e.DirectionText}
	seen[k]++
	return seen[k] <= perLine
}

// cyclePerLine steps the board's per-line limit and says so.
func (b *boardPane) cyclePerLine() {
	next := 0
	for i, n := range perLineSteps {
		if n == b.perLine && i+1 < len(perLineSteps) {
			next = perLineSteps[i+1]
		}
	}
	b.perLine = next
	if next == 0 {
		b.sh.notice = b.sh.t.NoteAllPerLine
	} else {
		b.sh.notice = fmt.Sprintf(b.sh.t.NotePerLine, next)
	}
	b.setCursor(b.cursor)
}

// toggleGrouped switches the view grouped by direction on or off.
func (b *boardPane) toggleGrouped() {
	b.grouped = !b.grouped
	b.setCursor(b.cursor)
}

// groupable reports whether the board shows groups: grouped, of a whole
// stop (a platform's board is one group).
func (b *boardPane) groupable() bool { return b.grouped && b.subj.point == "" }

// groupRows orders rows by platform (stable: in time within each).
func (b *boardPane) groupRows(rows []int) {
	if !b.groupable() {
		return
	}
	slices.SortStableFunc(rows, func(x, y int) int {
		ex, ey := &b.data.Events[x], &b.data.Events[y]
		return cmp.Or(cmp.Compare(ex.PlatformName, ey.PlatformName), cmp.Compare(ex.StopPointCode, ey.StopPointCode))
	})
}

// boardItem is one line below a board's column titles: a row (row >= 0,
// its position in rows) or a group heading.
type boardItem struct {
	row  int
	head string
}

// items lays out rows with the group headings of the grouped view.
func (b *boardPane) items(rows []int) []boardItem {
	out := make([]boardItem, 0, len(rows)+4)
	if !b.groupable() {
		for i := range rows {
			out = append(out, boardItem{row: i})
		}
		return out
	}
	for i := 0; i < len(rows); {
		e := &b.data.Events[rows[i]]
		j := i
		var dirs []string
		for j < len(rows) && b.data.Events[rows[j]].StopPointCode == e.StopPointCode {
			if d := b.data.Events[rows[j]].DirectionText; !slices.Contains(dirs, d) && len(dirs) < 3 {
				dirs = append(dirs, d)
			}
			j++
		}
		name := e.PlatformName
		if name == "" {
			name = e.StopPointCode.String()
		}
		out = append(out, boardItem{row: -1, head: fmt.Sprintf(b.sh.t.GroupHead, name, strings.Join(dirs, " · "))})
		for ; i < j; i++ {
			out = append(out, boardItem{row: i})
		}
	}
	return out
}

// perLineNote is the header's note of the per-line limit and grouping.
func (b *boardPane) perLineNote() string {
	var parts []string
	if b.perLine > 0 {
		parts = append(parts, fmt.Sprintf(b.sh.t.PerLineHead, b.perLine))
	}
	if b.groupable() {
		parts = append(parts, b.sh.t.GroupedHead)
	}
	return strings.Join(parts, " · ")
}

// perLineTexts are the texts of per_line and the grouped view.
type perLineTexts struct {
	PerLineHead    string // "%d per line"
	GroupedHead    string // "by direction"
	GroupHead      string // "Platform %s → %s"
	NotePerLine    string
	NoteAllPerLine string
	KeyPerLine     string
	KeyGrouped     string
}

func englishPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d per line", GroupedHead: "by direction", GroupHead: "Platform %s → %s",
		NotePerLine: "at most %d departures per line and direction", NoteAllPerLine: "all departures of every line",
		KeyPerLine: "per line", KeyGrouped: "by direction"}
}

func germanPerLineTexts() perLineTexts {
	return perLineTexts{PerLineHead: "%d je Linie", GroupedHead: "nach Richtung", GroupHead: "Steig %s → %s",
		NotePerLine: "höchstens %d Abfahrten je Linie und Richtung", NoteAllPerLine: "alle Abfahrten jeder Linie",
		KeyPerLine: "je Linie", KeyGrouped: "nach Richtung"}
}
