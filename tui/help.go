package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// activeKeys returns the bindings of whatever takes keys now: the open
// overlay, else the focused pane.
func (m *Model) activeKeys() keyHelp {
	switch m.overlay {
	case overlaySearch:
		return m.search.keys()
	case overlayHelp:
		opt, tail := m.sh.keys.footer(overlayHelp, m.focus)
		return keyHelp{short: opt, always: tail}
	case overlayNone:
	}
	if m.focus == paneVehicle {
		return m.vehicle.keys()
	}
	return m.board.keys()
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
	under := m.sh.keys // a copy: the live map stays synced to the overlay
	s := m.keyState()
	s.overlay = overlayNone
	under.sync(s)
	veh := m.sh.keys // as on a focused vehicle pane with a long trip
	vs := s
	vs.focus, vs.vehicleOpen, vs.scrollable, vs.following = paneVehicle, true, true, false
	veh.sync(vs)
	srch := m.sh.keys
	s.overlay, s.searchHits = overlaySearch, 2
	srch.sync(s)
	groups := []struct {
		title string
		keys  []key.Binding
	}{
		{tx.GroupBoard, under.boardKeys()},
		{tx.GroupEverywhere, under.globalKeys()},
		{tx.GroupSearch, srch.searchKeys()},
		{tx.GroupVehicle, veh.vehicleKeys()},
		{tx.GroupScroll, veh.scrollKeys()},
	}
	var cols []string
	for _, g := range groups {
		var lines []string
		for _, b := range g.keys {
			if !b.Enabled() {
				continue
			}
			hk := b.Help()
			lines = append(lines, st.HelpKey.Render(pad(hk.Key, 10))+st.HelpDesc.Render(hk.Desc))
		}
		if len(lines) == 0 {
			continue
		}
		cols = append(cols, st.Title.Render(g.title)+"\n"+strings.Join(lines, "\n"))
	}
	legend := wrapWords(fmt.Sprintf(tx.HelpLegend, tx.Planned), max(w-6, 10))
	body := st.Title.Render(tx.HelpTitle) + "\n\n" + layoutHelpColumns(cols, w-4)
	body += "\n\n" + st.Muted.Render(strings.Join(legend, "\n"))
	return st.Overlay.Render(clipLines(body, max(w-4, 1), max(h-2, 1)))
}

// layoutHelpColumns places help columns side by side, as many to a row
// as fit in w; when more do not fit, each goes under the shortest column
// so far (a short group fills the space under another), which keeps the
// overlay within 80×24.
func layoutHelpColumns(cols []string, w int) string {
	if stacked, ok := stackHelpColumns(cols, w); ok {
		return stacked
	}
	return rowHelpColumns(cols, w)
}

// stackGap is the space between stacked help columns.
const stackGap = 3

// stackHelpColumns lays cols out in as many stacks as the widest first
// columns allow; ok is false when they do not all fit in w.
func stackHelpColumns(cols []string, w int) (string, bool) {
	var stacks [][]string
	var widths []int
	used := 0
	for _, c := range cols {
		cw := lipgloss.Width(c) + stackGap
		if used+cw > w {
			break
		}
		stacks, widths = append(stacks, []string{c}), append(widths, cw)
		used += cw
	}
	if len(stacks) == 0 || len(stacks) == len(cols) {
		return "", false // one column only, or all in one row: the row layout is the same
	}
	height := func(s []string) int { return lipgloss.Height(strings.Join(s, "\n\n")) }
	for _, c := range cols[len(stacks):] {
		best := -1
		for i, s := range stacks {
			if lipgloss.Width(c)+stackGap > widths[i] && used-widths[i]+lipgloss.Width(c)+stackGap > w {
				continue
			}
			if best < 0 || height(s) < height(stacks[best]) {
				best = i
			}
		}
		if best < 0 {
			return "", false
		}
		stacks[best] = append(stacks[best], c)
		if cw := lipgloss.Width(c) + stackGap; cw > widths[best] {
			used += cw - widths[best]
			widths[best] = cw
		}
	}
	parts := make([]string, len(stacks))
	for i, s := range stacks {
		parts[i] = lipgloss.NewStyle().PaddingRight(stackGap).Render(strings.Join(s, "\n\n"))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...), true
}

// rowHelpColumns places help columns in rows, as many to a row as fit.
func rowHelpColumns(cols []string, w int) string {
	var rows, row []string
	used := 0
	for _, c := range cols {
		cw := lipgloss.Width(c) + 4
		if len(row) > 0 && used+cw > w {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, used = nil, 0
		}
		row = append(row, lipgloss.NewStyle().PaddingRight(4).Render(c))
		used += cw
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	return strings.Join(rows, "\n\n")
}
