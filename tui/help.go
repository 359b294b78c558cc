package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ladder"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/internal/vehicle"
)

// Footer renders the one-line key hint of the current context from the
// live bindings: `:` (commands) and `?` always, at the
// end, then the keys that matter most in the view that shows, by their
// priority, as many as fit. The styled line is cached by its plain text.
func (m *Model) Footer(w int) string {
	hs := m.footerKeys()
	var sig strings.Builder
	sig.WriteString(ui.Itoa(w))
	for _, h := range hs {
		sig.WriteString("\x00" + h.Show + "\x01" + h.Desc + "\x01" + ui.Itoa(h.Priority))
	}
	return m.memo.Footer.Get(sig.String(), func() string { return renderFooter(m.sh.Styles, hs, w) })
}

// footerOrder returns the hints hs the footer offers: the ones always
// shown, and the others by priority (highest first, a key once).
func footerOrder(hs []ui.Hint) (always, rest []ui.Hint) {
	seen := map[string]bool{}
	sorted := slices.Clone(hs)
	slices.SortStableFunc(sorted, func(a, b ui.Hint) int { return b.Priority - a.Priority })
	for _, h := range sorted {
		if h.Priority <= ui.PrioNone || seen[h.Show] {
			continue
		}
		seen[h.Show] = true
		if h.Priority >= ui.PrioAlways {
			always = append(always, h)
		} else {
			rest = append(rest, h)
		}
	}
	return always, rest
}

// renderFooter draws the key hint of hs in width w.
func renderFooter(st *ui.Styles, hs []ui.Hint, w int) string {
	item := func(h ui.Hint) string { return st.HelpKey.Render(h.Show) + " " + st.HelpDesc.Render(h.Desc) }
	sep := st.HelpSep.Render(" · ")
	always, rest := footerOrder(hs)
	end := make([]string, 0, len(always))
	for _, h := range always {
		end = append(end, item(h))
	}
	right := strings.Join(end, sep)
	room := w - 1 - ansi.StringWidth(right)
	if right != "" {
		room -= ansi.StringWidth(sep)
	}
	var parts []string
	used := -ansi.StringWidth(sep) // the first item has no separator before it
	for _, h := range rest {
		s := item(h)
		n := ansi.StringWidth(sep) + ansi.StringWidth(s)
		if used+n > room {
			break
		}
		parts = append(parts, s)
		used += n
	}
	if right != "" {
		parts = append(parts, right)
	}
	return ui.Fit(" "+strings.Join(parts, sep), w)
}

// helpKeys are the bindings the `?` overlay lists, as they work on the
// panes below: the focused pane's and the globals as they are, the
// search's with results, the vehicle pane's focused on a long trip.
func (m *Model) helpKeys() []ui.Hint {
	t := m.sh.Texts
	var hs []ui.Hint
	if m.focus == app.PaneBoard {
		hs = m.paneKeys()
	}
	hs = append(hs, globalKeys.Hints(m, t)...)
	hs = append(hs, searchKeys.Hints(helpSearch(m), t)...)
	vp := m.vehicle
	vp.List.Lines, vp.List.Rows, vp.Follow = 2, 1, false
	return append(hs, vehicle.Keys.Hints(&vehicle.Ctx{Pane: &vp}, t)...)
}

// helpView renders the `?` overlay of the bindings hs, grouped, with the
// legend of the board's symbols (the ladder's when it shows).
func helpView(st *ui.Styles, tx *ui.Texts, hs []ui.Hint, ladderShows bool, w, h int) string {
	groups := map[ui.Group][]ui.Hint{}
	seen := map[string]bool{}
	for _, hk := range hs {
		// A key once per group, an action once (q and ctrl+c quit), a
		// move's key once (↑ moves the board's cursor or scrolls the
		// vehicle's stops), a key that does the same on two panes once.
		if seen[hk.Show+"\x00"+hk.Desc] || (hk.Move && seen[hk.Show]) || slices.ContainsFunc(groups[hk.Group], func(o ui.Hint) bool {
			return o.Show == hk.Show || o.Desc == hk.Desc
		}) {
			continue
		}
		seen[hk.Show+"\x00"+hk.Desc], seen[hk.Show] = true, true
		groups[hk.Group] = append(groups[hk.Group], hk)
	}
	var cols []string
	for g := ui.GroupBoard; g <= ui.GroupScroll; g++ {
		live := groups[g]
		if len(live) == 0 {
			continue // a group with nothing to do here is left out
		}
		kw := 0 // the key column is as wide as the group's widest key
		for _, hk := range live {
			kw = max(kw, ansi.StringWidth(hk.Show))
		}
		lines := make([]string, len(live))
		for i, hk := range live {
			lines[i] = st.HelpKey.Render(ui.Pad(hk.Show, kw+2)) + st.HelpDesc.Render(hk.Desc)
		}
		cols = append(cols, st.Title.Render(g.Title(tx))+"\n"+strings.Join(lines, "\n"))
	}
	legendText := fmt.Sprintf(tx.HelpLegend, tx.Planned, tx.Delay.Late)
	if ladderShows {
		legendText = ladder.Legend(tx) // the ladder's symbols, not the board's
	}
	legend := st.Muted.Render(strings.Join(ui.WrapWords(legendText, max(w-6, 10)), "\n"))
	head := st.Title.Render(tx.HelpTitle)
	// The groups are packed into as few lines as the width allows; when
	// even then title, groups and legend are taller than the box, the
	// blank lines between them go first, so nothing is cut at 80×24.
	room := max(h-4, 1) // inside the border
	var body string
	for _, gap := range []int{1, 0} {
		sep := strings.Repeat("\n", gap+1)
		body = head + sep + layoutHelpColumns(cols, w-4, gap) + sep + legend
		if lipgloss.Height(body) <= room {
			break
		}
	}
	return st.Overlay.Render(ui.ClampLines(body, max(w-4, 1), min(lipgloss.Height(body), max(h-2, 1))))
}

// stackGap is the space between stacked help columns.
const stackGap = 3

// layoutHelpColumns places the help groups cols in stacks side by side
// within width w, gap blank lines between two groups of a stack: of every
// number of stacks that fits, the one with the lowest stack. Each group
// goes to the stack that is lowest so far (tallest groups first); a stack
// keeps its groups, and the stacks their first groups, in cols' order.
func layoutHelpColumns(cols []string, w, gap int) string {
	if len(cols) == 0 {
		return ""
	}
	sep := strings.Repeat("\n", gap+1)
	best, bestH := "", 0
	for n := len(cols); n >= 1; n-- {
		stacks := packHelp(cols, n, gap)
		used := 0
		parts := make([]string, 0, len(stacks))
		height := 0
		for i, s := range stacks {
			var text []string
			for _, c := range s {
				text = append(text, cols[c])
			}
			col := strings.Join(text, sep)
			cw := lipgloss.Width(col)
			if i < len(stacks)-1 {
				col = lipgloss.NewStyle().PaddingRight(stackGap).Render(col)
				cw += stackGap
			}
			used += cw
			height = max(height, lipgloss.Height(col))
			parts = append(parts, col)
		}
		if used > w && n > 1 {
			continue
		}
		if best == "" || height < bestH {
			best, bestH = lipgloss.JoinHorizontal(lipgloss.Top, parts...), height
		}
	}
	return best
}

// packHelp distributes the indexes of cols over n stacks, tallest groups
// first into the lowest stack; the stacks come out in the order of their
// first group, each in cols' order.
func packHelp(cols []string, n, gap int) [][]int {
	order := make([]int, len(cols))
	for i := range order {
		order[i] = i
	}
	heights := make([]int, len(cols))
	for i, c := range cols {
		heights[i] = lipgloss.Height(c)
	}
	slices.SortStableFunc(order, func(a, b int) int { return heights[b] - heights[a] })
	stacks := make([][]int, n)
	sh := make([]int, n)
	for _, c := range order {
		low := 0
		for i := range sh {
			if sh[i] < sh[low] {
				low = i
			}
		}
		if len(stacks[low]) > 0 {
			sh[low] += gap
		}
		stacks[low] = append(stacks[low], c)
		sh[low] += heights[c]
	}
	stacks = slices.DeleteFunc(stacks, func(s []int) bool { return len(s) == 0 })
	for _, s := range stacks {
		slices.Sort(s)
	}
	slices.SortFunc(stacks, func(a, b []int) int { return a[0] - b[0] })
	return stacks
}
