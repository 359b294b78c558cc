package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
)

// Compact board geometry.
const (
	minCellW  = 24 // below this a cell's direction is unreadable
	minCellH  = 2  // header and one row
	wideCellW = 64 // wider cells gain nothing for the score
	cellFixed = 18 // a compact row's cells that are not the direction
	wDueC     = 7  // "~12 min"
	wDelayC   = 3  // "+12"
)

// gridShape chooses the columns of the grid for n boards in w×h and how
// many rows of cells show at once. It first shows as many boards as it
// can, then gives each as many readable rows (up to limit) as it can.
func gridShape(n, w, h, limit int) (cols, rows int) {
	if n <= 0 || w <= 0 || h <= 0 {
		return 1, 1
	}
	best, bestShown, bestScore := 1, -1, -1
	bestRows := 1
	for c := 1; c <= n; c++ {
		cw := (w - (c - 1)) / c
		if cw < minCellW && c > 1 {
			break
		}
		r := (n + c - 1) / c
		vis := max(min(r, h/minCellH), 1)
		ch := h / vis
		shown := min(n, c*vis)
		score := min(ch-1, limit) * (min(cw, wideCellW) - cellFixed)
		if shown > bestShown || (shown == bestShown && score > bestScore) {
			best, bestRows, bestShown, bestScore = c, vis, shown, score
		}
	}
	return best, bestRows
}

// split divides total into n parts that differ by at most one, the larger
// first.
func split(total, n, i int) int {
	q, r := total/n, total%n
	if i < r {
		return q + 1
	}
	return q
}

// setSize gives the grid its rectangle, and the zoomed board the whole;
// the zoomed board draws as focused only when the board side has the
// focus (focused), not while the vehicle pane beside it has.
func (g *gridPane) setSize(w, h int, focused bool) {
	g.width, g.height = w, h
	z := g.zoomedBoard()
	for i, b := range g.all() {
		b.focused = focused && b == z
		num := i + 1
		if b == g.open {
			num = 0
		}
		if b.num != num {
			b.num = num
			b.touch()
		}
		if b == z {
			b.setSize(w, h)
		}
	}
}

// columns is the number of columns of the grid's cells now, for the
// up/down focus moves: the same shape render draws, computed, not kept
// by the view.
func (g *gridPane) columns() int {
	cols, _ := gridShape(len(g.boards), g.width, g.height-1, g.sh.limit)
	return cols
}

// zoomedBoard returns the board shown whole, nil when the grid shows its
// cells.
func (g *gridPane) zoomedBoard() *boardPane {
	if !g.zoomed {
		return nil
	}
	return g.focused()
}

// view renders the grid (or the zoomed board) into exactly its rectangle.
func (g *gridPane) view() string {
	w, h := g.width, g.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if b := g.zoomedBoard(); b != nil {
		return b.view()
	}
	var key strings.Builder
	key.WriteString(itoa(w) + ":" + itoa(h) + ":" + itoa(g.focus) + ":" + strconv.FormatInt(g.sh.now.Unix(), 10))
	for _, b := range g.boards {
		key.WriteString("," + itoa(b.rev) + b.staleKey())
	}
	return g.cache.get(key.String(), g.render)
}

// render draws the summary line and the cells of the current page.
func (g *gridPane) render() string {
	w, h := g.width, g.height
	st := g.sh.st
	summary := g.summary(w)
	if h == 1 {
		return summary
	}
	body := h - 1
	cols, rows := gridShape(len(g.boards), w, body, g.sh.limit)
	per := cols * rows
	first := (g.focus / per) * per
	sep := st.HelpSep.Render("│")
	// The cells change when a countdown's minute turns or data comes, the
	// summary line with the clock every second: the body is kept by the
	// keys of its cells and joined again only when one of them changed.
	var key strings.Builder
	key.WriteString(itoa(w) + "x" + itoa(h) + ":" + itoa(len(g.boards)) + ":" + itoa(g.sh.limit) + ":" + itoa(first) + ":" + sep)
	for r := range rows {
		ch := split(body, rows, r)
		for c := range cols {
			if i := first + r*cols + c; i < len(g.boards) {
				key.WriteString("\x01" + g.cellKey(i, split(w-(cols-1), cols, c), ch))
			}
		}
	}
	cells := g.body.get(key.String(), func() string {
		var sb strings.Builder
		sb.Grow(w * h * 3)
		for r := range rows {
			ch := split(body, rows, r)
			cells := make([][]string, cols)
			widths := make([]int, cols)
			for c := range cols {
				widths[c] = split(w-(cols-1), cols, c)
				i := first + r*cols + c
				if i < len(g.boards) {
					cells[c] = strings.Split(g.cell(i, widths[c], ch), "\n")
				}
			}
			for l := range ch {
				sb.WriteByte('\n')
				for c := range cols {
					if c > 0 {
						sb.WriteString(sep)
					}
					line := ""
					if l < len(cells[c]) {
						line = cells[c][l]
					}
					if c < cols-1 {
						line += strings.Repeat(" ", max(widths[c]-ansi.StringWidth(line), 0))
					}
					sb.WriteString(line)
				}
			}
		}
		return clampLines(strings.TrimPrefix(sb.String(), "\n"), w, body)
	})
	return fit(summary, w) + "\n" + cells
}

// cell renders board i compactly in w×h, from its cache when unchanged.
// A cell depends on the time only through the rows it shows and their
// countdown texts, so the key holds those rather than the second: most
// cells are reused until a countdown's minute turns.
func (g *gridPane) cell(i, w, h int) string {
	b := g.boards[i]
	return b.cell.get(g.cellKey(i, w, h), func() string { return clampLines(b.compact(i+1, i == g.focus, w, h), w, h) })
}

// cellKey is everything cell i in w×h shows: the board's data, the
// cell's size and focus, whether its data is stale, the countdown text of
// each row it shows, the width of the rows' line badges (the widest line
// of every row, shown or not) and, without rows, the text saying why.
func (g *gridPane) cellKey(i, w, h int) string {
	b := g.boards[i]
	var key strings.Builder
	key.WriteString(itoa(b.rev) + ":" + itoa(w) + ":" + itoa(h) + ":" + itoa(i) + ":" + strconv.FormatBool(i == g.focus) + b.staleKey())
	rows := b.rows()
	badge := 4
	for n, r := range rows {
		e := &b.data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		if n < h-1 {
			key.WriteString("|" + itoa(r) + " " + b.sh.t.countdown(*e, b.sh.now) + b.compactLeave(e))
		}
	}
	key.WriteString("|" + itoa(badge))
	if len(rows) == 0 {
		key.WriteString("|" + b.compactEmpty())
	}
	return key.String()
}

// staleKey is the part of the grid's cache keys that says whether the
// board's data is stale: it turns stale at a deadline of its own, between
// the seconds and the countdowns' minute turns that the keys hold.
func (b *boardPane) staleKey() string {
	if _, ok := b.sh.stale(b.polls()); ok {
		return "!"
	}
	return ""
}

// compact renders a board as a grid cell: a header (number, stop, filters,
// stale marker) and as many rows as fit: line, direction, countdown, delay.
func (b *boardPane) compact(num int, focused bool, w, h int) string {
	st := b.sh.st
	var sb strings.Builder
	mark := " "
	name := st.Bold.Render(b.name())
	if focused {
		mark = st.SelectedMark.Render("▸")
		name = st.Title.Render(b.name())
	}
	left := mark + st.Accent.Render(itoa(num)) + " " + name
	if s := b.headerNote(); s != "" {
		left += st.Muted.Render(" · " + s)
	}
	right := ""
	since, stale := b.sh.stale(b.polls())
	switch {
	case b.removing:
		right = st.Error.Render(b.sh.dt.RemoveMark)
	case stale && b.have:
		right = st.Stale.Render("⚠ " + since.In(model.Berlin).Format("15:04"))
	case b.polls().lastErr != nil && !b.have:
		right = st.Error.Render("✗")
	}
	sb.WriteString(spread(left, right, w))
	rows := b.rows()
	if len(rows) == 0 {
		if h > 1 {
			sb.WriteString("\n" + st.Muted.Render(fit("  "+b.compactEmpty(), w)))
		}
		return sb.String()
	}
	badge := 4
	for _, r := range rows {
		badge = max(badge, ansi.StringWidth(b.data.Events[r].Line())+2)
	}
	dir := max(w-2-badge-1-1-wDueC-1-wDelayC-b.compactLeaveWidth(), 1)
	n := min(len(rows), h-1)
	if cap(b.rowc) < n {
		b.rowc = make([]rowMemo, n)
	}
	b.rowc = b.rowc[:n]
	for i := range n {
		sb.WriteByte('\n')
		sb.WriteString(b.cachedCompactRow(&b.rowc[i], &b.data.Events[rows[i]], badge, dir))
	}
	return sb.String()
}

// headerNote is the mode, platform and filters of a board, for its header.
func (b *boardPane) headerNote() string {
	var parts []string
	if b.subj.arrivals {
		parts = append(parts, b.sh.dt.Arr)
	}
	if b.subj.point != "" {
		parts = append(parts, fmt.Sprintf(b.sh.dt.Pl, b.platformName()))
	}
	if s := b.filt.summary(b.sh.dt); s != "" {
		parts = append(parts, s)
	}
	if s := b.walkNote(); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// cachedCompactRow is compactRow drawn again only when what the row shows
// changed (its countdown turns once a minute), not for every row of a cell
// whenever one of them turned.
func (b *boardPane) cachedCompactRow(m *rowMemo, e *model.Event, badge, dir int) string {
	k := rowShows{ev: *e, due: b.sh.t.countdown(*e, b.sh.now), leave: b.compactLeave(e), cat: b.sh.base.category(e.Line()),
		c: columns{badge: badge, dir: dir}, st: b.sh.st, tx: b.sh.t, valid: true}
	if m.key != k {
		m.key, m.line = k, b.compactRow(e, badge, dir)
	}
	return m.line
}

// wideCellDir is the direction width from which a grid cell also shows
// each row's platform and scheduled time (cells of wide terminals).
const wideCellDir = 44

// compactRow renders one event in a grid cell with its leave-by cell; a
// wide cell adds the platform (of a stop board) and the scheduled time.
func (b *boardPane) compactRow(e *model.Event, badge, dir int) string {
	if dir < wideCellDir {
		return compactRow(b.sh, e, badge, dir) + b.compactLeaveCell(e)
	}
	st := b.sh.st
	return compactRow(b.sh, e, badge, dir-10) + " " + st.Muted.Render(pad(e.PlatformName, 3)) + " " +
		st.Muted.Render(clockTime(e.Scheduled)) + b.compactLeaveCell(e)
}

// compactRow renders one event densely: mark, line badge, direction,
// countdown and delay in badge+dir+15 cells.
func compactRow(sh *shared, e *model.Event, badge, dir int) string {
	st := sh.st
	line := e.Line()
	due := sh.t.countdown(*e, sh.now)
	dueSt := st.Due
	if due == sh.t.Now {
		dueSt = st.DueNow
	}
	if !e.Realtime() {
		due, dueSt = "~"+due, st.Planned
	}
	text, sev := compactDelay(sh.t, *e)
	return st.LineMark(line).Render(vehicleMark(e.VehicleCategory, sh.base.category(line))) + " " +
		st.LineBadge(line).Render(pad(" "+line, badge)) + " " +
		alertDirection(sh, line, e.DirectionText, dir) + " " +
		dueSt.Render(padLeft(due, wDueC)) + " " +
		st.severity(sev).Render(padLeft(text, wDelayC))
}

// compactDelay is the delay in three cells: "+3", "-1", "✓" on time, ""
// for a timetable-only row (its countdown carries the "~").
func compactDelay(tx *texts, e model.Event) (string, severity) {
	_, sev := tx.delayText(e)
	switch sev {
	case sevOnTime:
		return "✓", sev
	case sevPlanned:
		return "", sev
	case sevSlight, sevLate, sevMinor:
		return "+" + itoa(e.DelayMinutes()), sev // the bare minutes in every language: "+3 Min" would be cut
	case sevEarly:
	}
	return itoa(e.DelayMinutes()), sev
}

// compactEmpty says why a grid cell has no rows.
func (b *boardPane) compactEmpty() string {
	dt := b.sh.dt
	switch {
	case !b.have && errors.Is(b.polls().lastErr, feed.ErrNotFound):
		return fmt.Sprintf(b.sh.t.NoSuchStop, b.name())
	case !b.have && b.polls().lastErr != nil:
		return fmt.Sprintf(dt.NoAnswer, b.sh.t.errLine(b.polls().lastErr))
	case !b.have:
		return dt.GridLoading
	case b.filt.active():
		if s, ok := b.filterEmptyText(); ok {
			return s
		}
		return dt.NoMatch
	}
	return dt.NothingSoon
}

// summary is the grid's top line: boards, late vehicles, the worst delay
// and stale boards, over the watched stops.
func (g *gridPane) summary(w int) string {
	st, dt := g.sh.st, g.sh.dt
	late, worst := map[int]bool{}, (*model.Event)(nil)
	var worstStop string
	for _, f := range g.watchedFeeds() {
		if !f.have {
			continue
		}
		for i := range f.data.board.Events {
			e := &f.data.board.Events[i]
			if due, ok := e.DueIn(g.sh.now); !ok || due < -hideAfter || !e.Realtime() {
				continue
			}
			if g.sh.t.delay.countsLate(e.Deviation) {
				late[e.VehicleNumber] = true
			}
			if worst == nil || e.Deviation > worst.Deviation {
				worst, worstStop = e, f.data.board.StopName
			}
		}
	}
	stale, unknown := g.health()
	// What a narrow screen leaves out first: "all fresh", then the worst
	// delay; the alert goes last, so it is the one cut.
	const dropFresh, dropWorst = 2, 1
	parts := []part{{text: st.Title.Render(dt.count(dt.OneBoard, dt.Boards, len(g.boards)))},
		{text: st.Late.Render(fmt.Sprintf(dt.LateN, len(late), g.sh.t.delay.Late))}}
	if unknown > 0 {
		parts = append(parts, part{text: st.Stale.Render(fmt.Sprintf(dt.UnknownBoards, unknown))})
	}
	switch {
	case stale > 0:
		parts = append(parts, part{text: st.Stale.Render(fmt.Sprintf(dt.StaleBoards, stale))})
	case unknown == 0:
		parts = append(parts, part{st.OnTime.Render(dt.AllFresh), dropFresh})
	}
	if worst != nil && worst.DelayMinutes() > 0 { // rows show under half a minute as on time
		s := fmt.Sprintf(dt.Worst, worst.DelayMinutes(), worst.Line(), worst.DirectionText)
		if worstStop != "" {
			s += fmt.Sprintf(dt.WorstAt, worstStop)
		}
		parts = append(parts, part{st.Text.Render(s), dropWorst})
	}
	if per := g.perPage(); per < len(g.boards) {
		parts = append(parts, part{text: st.Muted.Render(fmt.Sprintf(dt.Page, g.focus/per+1, (len(g.boards)+per-1)/per))})
	}
	if a := g.sh.alertPart(); a != "" {
		parts = append(parts, part{text: a})
	}
	// The clock on the right, as on a board: a dispatcher reads
	// the countdowns against it.
	clock := st.Clock.Render(g.sh.now.In(model.Berlin).Format("15:04")) + " "
	return spread(" "+fitParts(parts, st.Muted.Render(" · "), w-ansi.StringWidth(clock)-2), clock, w)
}

// perPage is how many boards show at once at the current size.
func (g *gridPane) perPage() int {
	c, r := gridShape(len(g.boards), g.width, g.height-1, g.sh.limit)
	return max(c*r, 1)
}

// health counts the watched boards whose data is stale (or that never had
// any because their polls fail) and, apart from them, those whose stop the
// service does not know: a board of a stop that does not exist is not
// "stale", and a dispatcher must not read it as old data.
func (g *gridPane) health() (stale, unknown int) { return boardsHealth(g.boards) }
