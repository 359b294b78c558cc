package kiosk

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// Boards side by side: on a wide screen a kiosk of
// several boards shows them in columns instead of in turn, as many as fit
// at least colMinWidth wide; rotation only pages through those that do
// not fit.
const (
	// colMinWidth is the narrowest column: a line badge, ten letters of a
	// destination in the letter font at scale 1 and a countdown.
	colMinWidth = 70
	// colMinHeight is the least height for columns of large rows.
	colMinHeight = 30
	// colGap is the rule between two columns.
	colGap = " │ "
)

// Columns is how many boards stand side by side on a w×h screen: 1 (one
// at a time, in turn) unless there are several boards and columns of at
// least colMinWidth fit.
func (k *Kiosk) Columns(w, h int) int {
	n := len(k.Boards)
	if n < 2 || h < colMinHeight {
		return 1
	}
	cols := min(n, (w+len(colGap)-1)/(colMinWidth+ansi.StringWidth(colGap)))
	return max(cols, 1)
}

// page returns the first board of the page on screen at frame f's local
// second: pages of cols boards, each for Rotate, in turn.
func (k *Kiosk) page(f app.Frame, cols int) int {
	pages := (len(k.Boards) + cols - 1) / cols
	if pages <= 1 {
		return 0
	}
	n := int64(f.Local.Sub(k.start) / k.Options.Rotate)
	return int(max(n, 0)%int64(pages)) * cols
}

// colScale is the scale of the large rows in a column cw×h: 2 from 110
// columns, else 1 (3 cells high), 0 (text) in a low column. Scale 2 in a
// narrower column would leave a destination about five letters; scale 1
// keeps twelve or so, legible as an LED matrix's letters.
func colScale(cw, h int) int {
	switch {
	case h < colMinHeight:
		return 0
	case cw >= 110 && h >= bigMinHeight:
		return 2
	}
	return 1
}

// renderColumns draws boards first… (cols of them) side by side in w×h:
// the clock and date across the top, each board's name, notices and
// rows in its column, the alert across the foot; in frame f.
func (m *Model) renderColumns(f app.Frame, first, cols, w, h int) string {
	k, st, tx, now := &m.Kiosk, f.Styles, f.Texts, f.Now
	dx, dy := shiftEvery(f.Local, m.step())
	w, h = w-1, h-1 // the free column and row of the burn-in shift
	clock := now.In(model.Berlin).Format("15:04")
	left := BigText(clock, 1)
	gapW := 3
	pages := ""
	if n := len(k.Boards); n > cols {
		pages = fmt.Sprintf(" · %d–%d/%d", first+1, min(first+cols, n), n)
	}
	date := tx.DateIn(now, w-bigWidth(clock, 1)-gapW)
	hk := headKey{st: st, tx: tx, clock: clock, date: date, pages: pages, w: w, sim: m.Shared.Simulated}
	c := m.Kiosk.cache
	if c.head.key != hk || c.head.lines == nil {
		// The clock's digits and the date, styled once a minute, not
		// in every frame a countdown turns.
		mid := []string{st.Title.Render(date), "", st.Muted.Render(tx.Departures + pages)}
		var head []string
		for y := range left {
			text := ""
			if j := y - 1; j >= 0 && j < len(mid) {
				text = mid[j]
			}
			head = append(head, ui.Fit(st.Digits.Render(left[y])+strings.Repeat(" ", gapW)+text, w))
		}
		if m.Shared.Simulated {
			head = append(head, st.Muted.Render(center(tx.SimulatedData, w)))
		} else {
			head = append(head, "")
		}
		c.head = colHead{key: hk, lines: head}
	}
	lines := slices.Clone(c.head.lines)
	ticker := m.tickerLine(f, w)
	room := h - len(lines)
	if ticker != "" {
		room -= 2
	}
	gw := ansi.StringWidth(colGap)
	cw := (w - gw*(cols-1)) / cols
	body := make([][]string, 0, cols)
	for c := range cols {
		i := first + c
		if i >= len(k.Boards) {
			body = append(body, nil)
			continue
		}
		body = append(body, m.column(f, &k.Boards[i], i, cw, room))
	}
	rule := st.Muted.Render(colGap)
	empty := strings.Repeat(" ", cw)
	// A row of the screen is joined anew only when one of its columns'
	// lines changed: a countdown that turns changes one to three.
	j := &c.joined
	if j.rule != rule || j.cols != cols || j.cw != cw {
		*j = joinedRows{rule: rule, cols: cols, cw: cw}
	}
	for len(j.rows) < room {
		j.rows = append(j.rows, joinedRow{parts: make([]string, cols)})
	}
	for y := range room {
		r := &j.rows[y]
		same := r.ok
		for c := range cols {
			l := empty
			if y < len(body[c]) {
				l = body[c][y] // padded to cw (column)
			}
			if same && r.parts[c] != l {
				same = false
			}
			r.parts[c] = l
		}
		if !same {
			r.line, r.ok = strings.Join(r.parts, rule), true
		}
		lines = append(lines, r.line)
	}
	if ticker != "" {
		lines = append(lines, "", ticker)
	}
	return shifted(lines, dx, dy, h+1) // as many lines as the screen has
}

// columnLines is board i in a column cw×room: its name, what it shows
// (and how fresh), the delayed banner, and its rows, large when they fit,
// each padded to cw (the rows drawn large or as text are kept padded);
// in frame f.
func (m *Model) columnLines(f app.Frame, b *board.Pane, i, cw, room int) []string {
	st, tx, now := f.Styles, f.Texts, f.Now
	delayed, ref, blank := m.freshness(f, b, i)
	mode := tx.Departures
	if b.Subject.Arrivals {
		mode = tx.Arrivals
	}
	if p := b.PlatformName(); p != "" {
		mode += " · " + fmt.Sprintf(tx.Platform, p)
	}
	if !delayed && !blank && b.Have && !b.Polls().LastOK.IsZero() {
		mode += " · " + fmt.Sprintf(tx.AsOf, f.SvcAt(b.Polls().LastOK).In(model.Berlin).Format("15:04"))
		if n := b.WalkNote(f); n != "" {
			mode += " · " + n
		}
	}
	blankLine := m.Kiosk.cache.blank(cw)
	out := []string{pad(st.Title.Render(ui.Fit(FitName(b.Name(tx), cw, m.Kiosk.speech.lang), cw)), cw), pad(st.Muted.Render(ui.Fit(mode, cw)), cw), blankLine}
	if delayed {
		text := ui.StaleMark + " " + fmt.Sprintf(tx.DataDelayed, f.SvcAt(ref).In(model.Berlin).Format("15:04")) + " " + ui.StaleMark
		if b.Polls().AgeUnknown {
			text = ui.StaleMark + " " + tx.DelayedUnknown + " " + ui.StaleMark
		}
		out = append(out, pad(st.Banner.Render(center(text, cw)), cw), blankLine)
	}
	rest := room - len(out)
	rows := m.steadyRows(f, b, m.Kiosk.Rows(f, i))
	var up []int
	if !blank {
		up = upcoming(b, rows, now)
	}
	switch scale := colScale(cw, room); {
	case blank || len(up) == 0 || scale == 0:
		for _, l := range m.kioskTable(f, b, rows, blank, cw, rest) {
			out = append(out, pad(l, cw))
		}
	default:
		out = append(out, m.bigBoard(f, b, up, scale, cw, rest, true)...) // padded
	}
	return out
}

// colKey is what a column's lines depend on: the board's data, the
// column's size, the styles and alert, the hour (the large rows' widths)
// and what of the board turns with the clock (visibleBoard).
type colKey struct {
	b         *board.Pane
	st        *ui.Styles
	rev, arev int
	cw, room  int
	hour      int64
	vis       string
}

// column returns board i's lines in a column cw×room, each padded to cw:
// from the cache while its key holds, so that a second in which one
// column's countdown turns builds that column alone. f is the frame it
// is drawn in.
func (m *Model) column(f app.Frame, b *board.Pane, i, cw, room int) []string {
	vis, ok := m.boardVisible(f, b, i)
	key := colKey{b: b, st: f.Styles, rev: b.Revision, arev: m.Kiosk.arev, cw: cw, room: room, hour: f.Local.Unix() / 3600, vis: vis}
	c := m.Kiosk.cache
	if ok {
		if l, hit := c.cols[key]; hit {
			return l
		}
	}
	lines := m.columnLines(f, b, i, cw, room)
	if ok {
		if c.cols == nil || len(c.cols) >= bigMemoMax {
			c.cols = make(map[colKey][]string, 8)
		}
		c.cols[key] = lines
	}
	return lines
}

// headKey is what the header of boards side by side shows: the clock,
// the date, the page, the width and the simulation's note, in a theme
// and language.
type headKey struct {
	st                 *ui.Styles
	tx                 *ui.Texts
	clock, date, pages string
	w                  int
	sim                bool
}

// joinedRows are the rows of boards side by side as last joined, each
// with the columns' lines it was joined from (renderColumns), for a rule,
// a number of columns and their width.
type joinedRows struct {
	rule     string
	cols, cw int
	rows     []joinedRow
}

// joinedRow is one row of joinedRows: the columns' lines, their join.
type joinedRow struct {
	parts []string
	line  string
	ok    bool
}

// colHead is the header of boards side by side, drawn for its key.
type colHead struct {
	key   headKey
	lines []string
}

// blank returns a line of w spaces, kept for the last width asked.
func (c *kioskCache) blank(w int) string {
	if len(c.blankLine) != w {
		c.blankLine = strings.Repeat(" ", w)
	}
	return c.blankLine
}
