package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// helpKeys are the help overlay's bindings.
type helpKeys struct {
	Close key.Binding
}

// newHelpKeys returns the overlay's bindings in the language of t.
func newHelpKeys(t *texts) helpKeys {
	return helpKeys{Close: bind("esc/?", t.KeyCloseHelp, "esc", "?")}
}

// activeKeys returns the key hint of whatever takes keys now: the open
// overlay, else the focused pane's map with the root's globals.
func (m *Model) activeKeys() keyHelp {
	g := &m.keys
	switch m.overlay {
	case overlaySearch:
		return m.search.keys()
	case overlayHelp:
		return keyHelp{always: []key.Binding{m.help.Close, g.Quit}}
	case overlayNone:
	}
	if m.focus == paneVehicle {
		return keyHelp{short: m.vehicle.km.footer(g), always: g.tail()}
	}
	d := &m.disp
	switch d.mode {
	case modeMerged:
		return keyHelp{short: d.merged.km.footer(g), always: g.tail()}
	case modeFleet:
		return keyHelp{short: d.fleet.km.footer(g), always: g.tail()}
	case modeGrid:
	}
	return keyHelp{short: d.keys.footer(g), always: g.tail()}
}

// footer renders the one-line key hint of the current context from the
// live bindings: help and quit always, then as many of the others as fit.
// The styled line is cached by its plain text.
func (m *Model) footer(w int) string {
	kh := m.activeKeys()
	var sig strings.Builder
	sig.WriteString(itoa(w))
	for _, list := range [][]key.Binding{kh.short, {{}}, kh.always} {
		for _, b := range list {
			if b.Enabled() {
				h := b.Help()
				sig.WriteString("\x00" + h.Key + "\x01" + h.Desc)
			}
		}
		sig.WriteString("\x02")
	}
	return m.memo.footer.get(sig.String(), func() string { return m.renderFooter(kh, w) })
}

// renderFooter draws the key hint of kh in width w.
func (m *Model) renderFooter(kh keyHelp, w int) string {
	st := m.sh.st
	item := func(b key.Binding) string {
		h := b.Help()
		return st.HelpKey.Render(h.Key) + " " + st.HelpDesc.Render(h.Desc)
	}
	sep := st.HelpSep.Render(" · ")
	var end []string
	for _, b := range kh.always {
		if b.Enabled() {
			end = append(end, item(b))
		}
	}
	right := strings.Join(end, sep)
	room := w - 1 - ansi.StringWidth(right)
	var parts []string
	used := 0
	for _, b := range kh.short {
		if !b.Enabled() {
			continue
		}
		s := item(b) + sep
		n := ansi.StringWidth(s)
		if used+n > room {
			break
		}
		parts = append(parts, s)
		used += n
	}
	return fit(" "+strings.Join(parts, "")+right, w)
}

// helpView renders the `?` overlay: every binding, grouped, as it works
// on the panes below (the bindings are synced as if the overlay were
// closed, so it lists what the user can do next and nothing dead).
func (m *Model) helpView(w, h int) string {
	st, tx := m.sh.st, m.sh.t
	type group struct {
		title string
		keys  []key.Binding
	}
	// Copies of the maps, synced as if the overlay were closed: the
	// focused pane's and the globals as they are, the search with results,
	// the vehicle pane focused on a long trip.
	var groups []group
	if m.focus == paneBoard {
		d := &m.disp
		pinned := d.pinned()
		switch d.mode {
		case modeMerged:
			k := d.merged.km
			k.sync(true, &d.merged, &d.grid, pinned)
			groups = append(groups, group{tx.GroupBoard, k.list()})
		case modeFleet:
			k := d.fleet.km
			k.sync(true, &d.fleet, d.grid.len(), pinned)
			groups = append(groups, group{tx.GroupBoard, k.list()})
		case modeGrid:
			k := d.keys
			k.sync(d.keyState(true, m.sh.rem != nil, pinned))
			groups = append(groups, group{tx.GroupBoard, k.board()}, group{tx.GroupRows, k.rows()}, group{tx.GroupViews, k.views()})
		}
	}
	g := m.keys
	g.sync(overlayNone, m.vehicle.open)
	srch := m.search.km
	srch.sync(true, 2)
	vp := m.vehicle
	vp.list.lines, vp.list.rows, vp.follow = 2, 1, false
	veh := vp.km
	veh.sync(true, &vp)
	groups = append(groups,
		group{tx.GroupEverywhere, g.list()},
		group{tx.GroupSearch, srch.list()},
		group{tx.GroupVehicle, veh.list()},
		group{tx.GroupScroll, veh.scroll()},
	)
	var cols []string
	for _, g := range groups {
		var live []key.Binding
		kw := 0 // the key column is as wide as the group's widest key
		for _, b := range g.keys {
			if b.Enabled() {
				live = append(live, b)
				kw = max(kw, ansi.StringWidth(b.Help().Key))
			}
		}
		if len(live) == 0 {
			continue // a group with nothing to do here is left out
		}
		lines := make([]string, len(live))
		for i, b := range live {
			hk := b.Help()
			lines[i] = st.HelpKey.Render(pad(hk.Key, kw+2)) + st.HelpDesc.Render(hk.Desc)
		}
		cols = append(cols, st.Title.Render(g.title)+"\n"+strings.Join(lines, "\n"))
	}
	legend := st.Muted.Render(strings.Join(wrapWords(fmt.Sprintf(tx.HelpLegend, tx.Planned, tx.delay.Late), max(w-6, 10)), "\n"))
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
	return st.Overlay.Render(clipLines(body, max(w-4, 1), max(h-2, 1)))
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
