package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"
)

// Layout constants.
const (
	// sideBySide is the width from which the vehicle pane sits beside the
	// board instead of taking the screen.
	sideBySide = 140
	// chrome is the number of lines below the panes: status bar and key hint.
	chrome = 2
	// minPaneLines is the least the panes keep when a long notice takes
	// lines below them.
	minPaneLines = 4
)

// layout computes the panes' rectangles from the window size and focus
// and hands them out: the vehicle pane beside the board side from
// sideBySide columns, else over it; the queue and the board side share
// the board side's rectangle.
func (m *Model) layout() {
	w, h := m.width, max(m.height-chrome, 0)
	m.search.SetSize(w, h)
	m.sideW = w
	if m.vehicle.Open && w >= sideBySide {
		vw := min(100, w/2)
		m.sideW = w - vw - 1
		w = vw
	}
	m.vehicle.Layout(app.Rect{W: w, H: h, Focused: m.focus == app.PaneVehicle})
	side := app.Rect{W: m.sideW, H: h, Focused: m.focus == app.PaneBoard}
	m.queue.Layout(side)
	m.disp.Layout(side)
}

// boardSide renders the board side's rectangle: the queue while it
// shows, else the grid, a board or a list.
func (m *Model) boardSide() string {
	if m.queue.Shows() {
		return m.queue.View(m.fr)
	}
	return m.disp.View(m.fr)
}

// statusPolls is the poller the status bar reports: of the first pane
// that reports one.
func (m *Model) statusPolls() *feeds.Poller {
	for _, p := range m.panes() {
		if s := p.Status(); s != nil {
			return s
		}
	}
	return &feeds.Poller{}
}

// render draws the panes, the open overlay, the status bar and the key
// hint, for a window of at least the minimum size.
func (m *Model) render() string {
	w, h := m.width, m.height-chrome
	var main string
	switch {
	case !m.vehicle.Open:
		main = m.boardSide()
	case w >= sideBySide:
		main = lipgloss.JoinHorizontal(lipgloss.Top,
			ui.ClampLines(m.boardSide(), m.sideW, h)+"\n", " ", m.vehicle.View(m.fr))
	case m.focus == app.PaneVehicle:
		main = m.vehicle.View(m.fr)
	default:
		main = m.boardSide()
	}
	if m.vehicle.Open {
		main = ui.ClampLines(main, w, h)
	}
	switch m.overlay {
	case ui.OverlaySearch:
		// The search covers the lines it stands on from edge to edge: no
		// cut piece of a board row shows beside its box.
		box := m.search.View()
		main = overlayAt(main, bandOf(box, w), 0, 1, w, h)
	case ui.OverlayHelp:
		box := helpView(m.sh.Styles, m.sh.Texts, m.helpKeys(), m.disp.Mode == grid.ModeLadder, min(w, 100), h)
		main = overlayAt(main, box, (w-ansi.StringWidth(ui.FirstLine(box)))/2, max((h-strings.Count(box, "\n")-1)/2, 0), w, h)
	case ui.OverlayNone:
	}
	status := statusBar(m.sh, m.own, m.statusPolls(), &m.memo.Status, w)
	m.mouse.drew(h)
	if extra := strings.Count(status, "\n"); extra > 0 {
		// A long notice takes the bottom lines of the panes, leaving them
		// at least minPaneLines.
		if keep := min(extra, max(h-minPaneLines, 0)); keep < extra {
			status = strings.Join(strings.Split(status, "\n")[:1+keep], "\n")
			extra = keep
		}
		main = ui.ClampLines(main, w, h-extra)
		m.mouse.drew(h - extra)
	}
	return main + "\n" + status + "\n" + m.Footer(w)
}

// bandOf centres box in lines of width w, blank left and right of it.
func bandOf(box string, w int) string {
	lines := strings.Split(box, "\n")
	x := max((w-ansi.StringWidth(ui.FirstLine(box)))/2, 0)
	for i, l := range lines {
		lines[i] = ui.Pad(strings.Repeat(" ", x)+l, w)
	}
	return strings.Join(lines, "\n")
}

// overlayAt draws fg over bg (h lines of width w) with its top-left corner
// at column x, line y. Lines of bg left and right of fg stay visible.
func overlayAt(bg, fg string, x, y, w, h int) string {
	x, y = max(x, 0), max(y, 0)
	bl := strings.Split(bg, "\n")
	for i, fl := range strings.Split(fg, "\n") {
		row := y + i
		if row >= len(bl) || row >= h {
			break
		}
		fw := ansi.StringWidth(fl)
		if x+fw > w {
			fl = ui.Fit(fl, w-x)
			fw = ansi.StringWidth(fl)
		}
		b := bl[row]
		left := ui.Pad(ansi.Truncate(b, x, ""), x)
		if strings.Contains(left, "\x1b") {
			left += ansi.ResetStyle // no style of the board bleeds into the overlay
		}
		right := ""
		if bw := ansi.StringWidth(b); bw > x+fw {
			right = ansi.TruncateLeft(b, x+fw, "")
		}
		bl[row] = left + fl + right
	}
	return strings.Join(bl, "\n")
}
