package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"
)

// helpKeys are the help overlay's bindings.
type helpKeys struct {
	Close key.Binding
}

// newHelpKeys returns the overlay's bindings in the language of t.
func newHelpKeys(t *ui.Texts) helpKeys {
	return helpKeys{Close: ui.Bind("esc/?", t.KeyCloseHelp, "esc", "?")}
}

// activeKeys returns the key hint of whatever takes keys now: the open
// overlay, else the focused pane's map with the root's globals.
func (m *Model) activeKeys() ui.KeyHelp {
	g := &m.keys
	switch m.overlay {
	case ui.OverlaySearch:
		return m.search.keys()
	case ui.OverlayHelp:
		return ui.KeyHelp{Always: []key.Binding{m.help.Close, g.Quit}}
	case ui.OverlayNone:
	}
	if m.focus == app.PaneVehicle {
		return ui.KeyHelp{Short: m.vehicle.Km.Footer(g), Always: g.Tail()}
	}
	if m.queue.Open {
		return ui.KeyHelp{Short: m.queue.Km.Footer(g), Always: g.Tail()}
	}
	d := &m.disp
	switch d.Mode {
	case grid.ModeMerged:
		return ui.KeyHelp{Short: d.Merged.Km.Footer(g), Always: g.Tail()}
	case grid.ModeFleet:
		return ui.KeyHelp{Short: d.Fleet.Km.Footer(g), Always: g.Tail()}
	case grid.ModeLadder:
		return ui.KeyHelp{Short: d.Ladder.Km.Footer(g), Always: g.Tail()}
	case grid.ModeGrid:
	}
	return ui.KeyHelp{Short: d.Keys.Footer(g), Always: g.Tail()}
}

// Footer renders the one-line key hint of the current context from the
// live bindings: help and quit always, then as many of the others as fit.
// The styled line is cached by its plain text.
func (m *Model) Footer(w int) string {
	kh := m.activeKeys()
	var sig strings.Builder
	sig.WriteString(ui.Itoa(w))
	for _, list := range [][]key.Binding{kh.Short, {{}}, kh.Always} {
		for _, b := range list {
			if b.Enabled() {
				h := b.Help()
				sig.WriteString("\x00" + h.Key + "\x01" + h.Desc)
			}
		}
		sig.WriteString("\x02")
	}
	return m.memo.Footer.Get(sig.String(), func() string { return m.renderFooter(kh, w) })
}

// renderFooter draws the key hint of kh in width w.
func (m *Model) renderFooter(kh ui.KeyHelp, w int) string {
	st := m.sh.St
	item := func(b key.Binding) string {
		h := b.Help()
		return st.HelpKey.Render(h.Key) + " " + st.HelpDesc.Render(h.Desc)
	}
	sep := st.HelpSep.Render(" · ")
	var end []string
	for _, b := range kh.Always {
		if b.Enabled() {
			end = append(end, item(b))
		}
	}
	right := strings.Join(end, sep)
	room := w - 1 - ansi.StringWidth(right)
	var parts []string
	used := 0
	for _, b := range kh.Short {
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
	return ui.Fit(" "+strings.Join(parts, "")+right, w)
}

// helpView renders the `?` overlay: every binding, grouped, as it works
// on the panes below (the bindings are synced as if the overlay were
// closed, so it lists what the user can do next and nothing dead).
func (m *Model) helpView(w, h int) string {
	st, tx := m.sh.St, m.sh.T
	type group struct {
		title string
		keys  []key.Binding
	}
	// Copies of the maps, synced as if the overlay were closed: the
	// focused pane's and the globals as they are, the search with results,
	// the vehicle pane focused on a long trip.
	var groups []group
	if m.focus == app.PaneBoard {
		d := &m.disp
		pinned := d.Pinned()
		switch d.Mode {
		case grid.ModeMerged:
			k := d.Merged.Km
			k.Sync(true, &d.Merged, &d.Grid, pinned)
			groups = append(groups, group{tx.GroupBoard, k.List()})
		case grid.ModeFleet:
			k := d.Fleet.Km
			k.Sync(true, &d.Fleet, d.Grid.Len(), pinned)
			groups = append(groups, group{tx.GroupBoard, k.List()})
		case grid.ModeLadder:
			k := d.Ladder.Km
			k.Sync(true, &d.Ladder, d.Grid.Len(), pinned)
			groups = append(groups, group{tx.GroupBoard, k.List()})
		case grid.ModeGrid:
			k := d.Keys
			k.Sync(d.KeyState(true, m.sh.Rem != nil, pinned))
			groups = append(groups, group{tx.GroupBoard, k.Board()}, group{tx.GroupRows, k.Rows()}, group{tx.GroupViews, k.Views()})
		}
	}
	if m.focus == app.PaneBoard { // the exception queue: its keys while it shows, else E
		qk := m.queue.Km
		qk.Sync(m.queue.Open, true, &m.queue)
		if m.queue.Open {
			groups = []group{{tx.QueueTitle, qk.List()}}
		} else {
			groups = append(groups, group{tx.QueueTitle, []key.Binding{qk.Queue}})
		}
	}
	g := m.keys
	g.Sync(ui.OverlayNone, m.vehicle.Open)
	srch := m.search.km
	srch.Sync(true, 2)
	vp := m.vehicle
	vp.List.Lines, vp.List.Rows, vp.Follow = 2, 1, false
	veh := vp.Km
	veh.Sync(true, &vp)
	groups = append(groups,
		group{tx.GroupEverywhere, g.List()},
		group{tx.GroupSearch, srch.List()},
		group{tx.GroupVehicle, veh.List()},
		group{tx.GroupScroll, veh.Scroll()},
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
			lines[i] = st.HelpKey.Render(ui.Pad(hk.Key, kw+2)) + st.HelpDesc.Render(hk.Desc)
		}
		cols = append(cols, st.Title.Render(g.title)+"\n"+strings.Join(lines, "\n"))
	}
	legend := st.Muted.Render(strings.Join(ui.WrapWords(fmt.Sprintf(tx.HelpLegend, tx.Planned, tx.Delay.Late), max(w-6, 10)), "\n"))
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
	return st.Overlay.Render(ui.ClipLines(body, max(w-4, 1), max(h-2, 1)))
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
