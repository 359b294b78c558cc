package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
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
// and hands them out with setSize.
func (m *Model) layout() {
	w, h := m.width, max(m.height-chrome, 0)
	m.vehicle.focused = m.focus == paneVehicle
	m.search.setSize(w, h)
	bw := w // the board side's width
	switch {
	case !m.vehicle.open:
	case w >= sideBySide:
		vw := min(100, w/2)
		bw = w - vw - 1
		m.vehicle.setSize(vw, h)
	default:
		m.vehicle.setSize(w, h)
	}
	m.disp.setSize(bw, h, m.focus == paneBoard)
}

// render draws the panes, the open overlay, the status bar and the key
// hint, for a window of at least the minimum size.
func (m *Model) render() string {
	w, h := m.width, m.height-chrome
	var main string
	switch {
	case !m.vehicle.open:
		main = m.disp.view()
	case w >= sideBySide:
		main = lipgloss.JoinHorizontal(lipgloss.Top,
			clampLines(m.disp.view(), m.disp.grid.width, h)+"\n", " ", m.vehicle.view())
	case m.focus == paneVehicle:
		main = m.vehicle.view()
	default:
		main = m.disp.view()
	}
	if m.vehicle.open {
		main = clampLines(main, w, h)
	}
	switch m.overlay {
	case overlaySearch:
		box := m.search.view()
		main = overlayAt(main, box, (w-ansi.StringWidth(firstLine(box)))/2, 1, w, h)
	case overlayHelp:
		box := m.helpView(min(w, 100), h)
		main = overlayAt(main, box, (w-ansi.StringWidth(firstLine(box)))/2, max((h-strings.Count(box, "\n")-1)/2, 0), w, h)
	case overlayNone:
	}
	status := statusBar(m.sh, m.disp.statusBoard(), &m.memo.status, w)
	if extra := strings.Count(status, "\n"); extra > 0 {
		// A long notice takes the bottom lines of the panes, leaving them
		// at least minPaneLines.
		if keep := min(extra, max(h-minPaneLines, 0)); keep < extra {
			status = strings.Join(strings.Split(status, "\n")[:1+keep], "\n")
			extra = keep
		}
		main = clampLines(main, w, h-extra)
	}
	return main + "\n" + status + "\n" + m.footer(w)
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
			fl = fit(fl, w-x)
			fw = ansi.StringWidth(fl)
		}
		b := bl[row]
		left := pad(ansi.Truncate(b, x, ""), x)
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

// memo caches one rendering by a key that says everything it depends on.
type memo struct {
	key, val string
	ok       bool
}

// get returns the cached rendering for key, or renders and keeps it.
func (c *memo) get(key string, render func() string) string {
	if !c.ok || c.key != key {
		c.key, c.val, c.ok = key, render(), true
	}
	return c.val
}

// frameMemos are the root's caches of the lines below the panes.
type frameMemos struct {
	footer memo
	status memo
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// tooSmall is the notice shown below the minimum size, cut to fit.
func tooSmall(tx *texts, w, h int) string {
	need := fmt.Sprintf(tx.NeedSize, minWidth, minHeight)
	// The longest message that fits in whole words, wrapped.
	for _, msg := range [][]string{{tx.TooSmall, need}, {tx.TooSmallShort, need}, {tx.TooSmall}, {tx.TooSmallShort}} {
		var lines []string
		for _, m := range msg {
			lines = append(lines, wrapWords(m, w)...)
		}
		fits := len(lines) <= h
		for _, l := range lines {
			fits = fits && ansi.StringWidth(l) <= w
		}
		if fits {
			return clampLines(strings.Join(lines, "\n"), w, h)
		}
	}
	return clampLines(tx.TooSmallShort, w, h)
}
