package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
)

// viewCache holds a pane's last rendering and the key it was made for,
// and the rendered rows by what they show.
type viewCache struct {
	key  viewKey
	view string
	ok   bool
	rows []rowMemo // by position on screen
}

// rowShows is everything a board row's rendering depends on: the event, its
// countdown text (which changes once a minute), the vehicle mark's
// category, the columns, the cursor and the styles and texts in use.
type rowShows struct {
	ev    model.Event
	due   string
	leave string // the leave-by text (walk.go), which moves with the clock too
	cat   model.RouteCategory
	c     columns
	sel   bool
	w     int
	st    *Styles
	tx    *texts
	valid bool
}

// rowMemo is a rendered row and the key it was made for.
type rowMemo struct {
	key  rowShows
	line string
}

// viewKey is everything a board's rendering depends on.
type viewKey struct {
	rev     int
	w, h    int
	sec     int64
	focused bool
	alert   string // the alert shown
}

// The gap between columns and the direction column's bounds; the other
// widths depend on the language (texts.w).
const (
	gap        = 2
	minDirVeh  = 28 // below this direction width the vehicle column goes
	minDirWide = 16 // below this the other optional columns go, one by one
	minDir     = 6
	maxDir     = 56
)

// maxAlertLines is the most lines the alert takes on a board.
const maxAlertLines = 3

// columns is the layout of a board's rows at one width: which optional
// columns show and how wide each is.
type columns struct {
	cw     colWidths
	badge  int // the line name box
	leave  int // the leave column (walk.go); 0: no walking time
	dir    int
	plat   int // 0: dropped
	veh    bool
	sched  bool
	delay  bool
	status bool
}

// layoutColumns fits the columns into width w, dropping optional ones by
// priority: vehicle number first, then scheduled time, platform, status
// word, delay. The direction takes the rest, up to maxDir.
func layoutColumns(cw colWidths, w, badge, plat, leave int) columns {
	c := columns{cw: cw, badge: badge, plat: plat, leave: leave, veh: true, sched: true, delay: true, status: true}
	width := func() int {
		n := 2 + 2 + c.badge + gap + gap + cw.due // cursor, mark, badge, dir gap, due
		if c.leave > 0 {
			n += c.leave + gap
		}
		if c.plat > 0 {
			n += c.plat + gap
		}
		if c.sched {
			n += cw.sched + gap
		}
		if c.delay {
			n += cw.delay + gap
		}
		if c.status {
			n += cw.status + gap
		}
		if c.veh {
			n += cw.vehicle + gap
		}
		return n
	}
	if w-width() < minDirVeh {
		c.veh = false
	}
	drops := []func(){
		func() { c.sched = false },
		func() { c.plat = 0 },
		func() { c.status = false },
		func() { c.delay = false },
	}
	for _, drop := range drops {
		if w-width() >= minDirWide {
			break
		}
		drop()
	}
	c.dir = min(max(w-width(), minDir), maxDir)
	return c
}

// view renders the board into its rectangle (exactly height lines of at
// most width cells), from the cache when nothing it shows has changed.
func (b *boardPane) view() string {
	k := viewKey{rev: b.rev, w: b.width, h: b.height, sec: b.sh.now.Unix(), focused: b.focused, alert: alertText(b.sh.alert)}
	if b.cache.ok && b.cache.key == k {
		return b.cache.view
	}
	v := clampLines(b.render(), b.width, b.height)
	b.cache.key, b.cache.view, b.cache.ok = k, v, true
	return v
}

// render draws the header, the column titles and the rows.
func (b *boardPane) render() string {
	w, h := b.width, b.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := b.sh.st
	var sb strings.Builder
	sb.Grow(w * h * 2)
	sb.WriteString(b.header(w))
	if h == 1 {
		return sb.String()
	}
	rows := b.rows()
	badge, plat := max(4, ansi.StringWidth(b.sh.t.ColLine)), 0
	for _, r := range rows {
		e := &b.data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		plat = max(plat, ansi.StringWidth(e.PlatformName))
	}
	if plat > 0 && b.subj.point == "" {
		plat = max(plat, ansi.StringWidth(b.sh.t.ColPlatform))
	} else {
		plat = 0 // one platform only: the header says which
	}
	c := layoutColumns(b.sh.t.w, w, badge, plat, b.leaveCol())
	space := h - 2
	if h > 3 {
		// A whole board has room for a long alert (up to a quarter of its
		// rows, at most three lines); a small grid cell keeps one line.
		for _, l := range b.sh.alertBannerLines(w, min(maxAlertLines, (h-3)/4)) {
			sb.WriteString("\n" + l)
			space--
		}
	}
	sb.WriteByte('\n')
	sb.WriteString(st.ColHeader.Render(fit(b.colHeader(c), w)))
	if space <= 0 {
		return sb.String()
	}
	if len(rows) == 0 {
		sb.WriteString("\n\n")
		sb.WriteString(st.Muted.Render(fit("  "+b.emptyText(), w)))
		return sb.String()
	}
	cur := b.cursorIn(rows)
	items := b.items(rows)
	at := 0
	for j, it := range items {
		if it.row == cur {
			at = j
		}
	}
	first := scrollFirst(at, space)
	n := max(min(len(items)-first, space), 0)
	if cap(b.cache.rows) < n {
		b.cache.rows = make([]rowMemo, n)
	}
	b.cache.rows = b.cache.rows[:n]
	for j := first; j < first+n; j++ {
		sb.WriteByte('\n')
		if it := items[j]; it.row < 0 {
			sb.WriteString(st.Bold.Render(fit(" "+it.head, w)))
		} else {
			sb.WriteString(b.cachedRow(&b.cache.rows[j-first], &b.data.Events[rows[it.row]], c, it.row == cur && b.focused, w))
		}
	}
	return sb.String()
}

// cachedRow returns the row of e cut to width w, rendered again only when
// what it shows changed: a new second redraws the clock and the status bar,
// not the rows whose countdown stayed the same.
func (b *boardPane) cachedRow(m *rowMemo, e *model.Event, c columns, sel bool, w int) string {
	k := rowShows{ev: *e, due: b.sh.t.countdown(*e, b.sh.now), cat: b.sh.base.category(e.Line()),
		c: c, sel: sel, w: w, st: b.sh.st, tx: b.sh.t, valid: true}
	if c.leave > 0 {
		k.leave, _ = b.sh.t.leaveText(e, b.sh.now, b.walk)
	}
	if m.key != k {
		m.key, m.line = k, fit(b.row(e, c, sel), w)
	}
	return m.line
}

// cursorIn returns the row of the selected trip, else the clamped cursor.
func (b *boardPane) cursorIn(rows []int) int { return b.listFind(len(rows), b.rowKey(rows)) }

// header is the board's title line: its number in the grid, stop, mode,
// platform and filters on the left; a pending removal, the stale marker
// and the clock on the right.
func (b *boardPane) header(w int) string {
	st, tx := b.sh.st, b.sh.t
	mode := tx.Departures
	if b.subj.arrivals {
		mode = tx.Arrivals
	}
	parts := []string{mode}
	switch p := b.platformName(); {
	case p != "":
		parts = append(parts, fmt.Sprintf(tx.Platform, p))
	case b.filt.platform != "":
		parts = append(parts, fmt.Sprintf(tx.Platform, b.filt.platform))
	default:
		parts = append(parts, tx.AllPlatform)
	}
	if len(b.filt.lines) > 0 {
		parts = append(parts, fmt.Sprintf(tx.LineOnly, strings.Join(b.filt.lines, ",")))
	}
	if b.filt.direction != "" {
		parts = append(parts, "→"+b.filt.direction)
	}
	if n := b.walkNote(); n != "" {
		parts = append(parts, n)
	}
	if n := b.perLineNote(); n != "" {
		parts = append(parts, n)
	}
	left := " " + st.Title.Render(b.name()) + st.Muted.Render(" · "+strings.Join(parts, " · "))
	if b.num > 0 {
		left = " " + st.Accent.Render(itoa(b.num)) + left
	}
	right := st.Clock.Render(b.sh.now.In(model.Berlin).Format("15:04")) + " "
	if since, ok := b.sh.stale(b.polls()); ok && b.have {
		mark := fmt.Sprintf(tx.StaleSince, since.In(model.Berlin).Format("15:04:05"))
		if b.polls().ageUnknown {
			mark = tx.StaleUnknown
		}
		right = st.Stale.Render(mark) + "  " + right
	}
	if b.removing {
		right = st.Error.Render(b.sh.dt.RemoveMark) + "  " + right
	}
	return spread(left, right, w)
}

// spread puts left and right on one line of width w, right-aligned; when
// they do not both fit, the right part goes first, then the left is cut.
func spread(left, right string, w int) string {
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if lw+rw+1 > w {
		if rw >= w {
			return fit(right, w)
		}
		left = fit(left, w-rw-1)
		lw = ansi.StringWidth(left)
	}
	return left + strings.Repeat(" ", max(w-lw-rw, 0)) + right
}

// colHeader is the column titles line.
func (b *boardPane) colHeader(c columns) string {
	// An arrival's direction text says where the vehicle comes from.
	tx := b.sh.t
	var sb strings.Builder
	sb.WriteString("    ")
	sb.WriteString(pad(tx.ColLine, c.badge))
	sb.WriteString("  ")
	sb.WriteString(pad(tx.dirHeader(b.subj.arrivals), c.dir))
	if c.plat > 0 {
		sb.WriteString("  " + pad(tx.ColPlatform, c.plat))
	}
	sb.WriteString("  " + padLeft(tx.ColDue, c.cw.due))
	if c.leave > 0 {
		sb.WriteString("  " + pad(tx.ColLeave, c.leave))
	}
	if c.sched {
		sb.WriteString("  " + pad(tx.ColSched, c.cw.sched))
	}
	if c.delay {
		sb.WriteString("  " + pad(tx.ColDelay, c.cw.delay))
	}
	if c.status {
		sb.WriteString("  " + pad(tx.ColStatus, c.cw.status))
	}
	if c.veh {
		sb.WriteString("  " + padLeft(tx.ColVehicle, c.cw.vehicle))
	}
	return sb.String()
}

// row renders one event. The selected row carries a mark as well as a
// background, so the cursor shows without colour too.
func (b *boardPane) row(e *model.Event, c columns, sel bool) string {
	st, tx := b.sh.st, b.sh.t
	paint := func(s lipgloss.Style, text string) string {
		if sel {
			s = st.highlightRow(s)
		}
		return s.Render(text)
	}
	sp := func(n int) string {
		if sel {
			return paint(st.Text, strings.Repeat(" ", n))
		}
		return strings.Repeat(" ", n) // plain gaps: half the styling work of a row
	}
	var sb strings.Builder
	cursor := sel
	rmark, flash := b.remindMark(e)
	if flash {
		sel = true // the rung reminder's row flashes: highlighted on every other second
	}
	switch {
	case cursor:
		sb.WriteString(paint(st.SelectedMark, "▸"+rmark))
	case sel:
		sb.WriteString(paint(st.SelectedMark, " "+rmark))
	case rmark != " ":
		sb.WriteString(" " + paint(st.Accent, rmark))
	default:
		sb.WriteString("  ")
	}
	line := e.Line()
	mark := vehicleMark(e.VehicleCategory, b.sh.base.category(line))
	sb.WriteString(paint(st.LineMark(line), mark) + sp(1))
	sb.WriteString(st.LineBadge(line).Render(pad(" "+line, c.badge)))
	sb.WriteString(sp(gap))
	if b.sh.alertOn(line) {
		sb.WriteString(paint(st.Ticker, "⚠ ") + paint(st.Text, pad(e.DirectionText, c.dir-2)))
	} else {
		sb.WriteString(paint(st.Text, pad(e.DirectionText, c.dir)))
	}
	if c.plat > 0 {
		sb.WriteString(sp(gap) + paint(st.Text, pad(e.PlatformName, c.plat)))
	}
	due := tx.countdown(*e, b.sh.now)
	dueSt := st.Due
	if due == tx.Now {
		dueSt = st.DueNow
	}
	if !e.Realtime() {
		due, dueSt = "~"+due, st.Planned
	}
	sb.WriteString(sp(gap) + paint(dueSt, padLeft(due, c.cw.due)))
	if c.leave > 0 {
		text, band := tx.leaveText(e, b.sh.now, b.walk)
		sb.WriteString(sp(gap) + paint(st.band(band), pad(text, c.leave)))
	}
	if c.sched {
		sb.WriteString(sp(gap) + paint(st.Muted, pad(clockTime(e.Scheduled), c.cw.sched)))
	}
	if c.delay {
		text, sev := tx.delayText(*e)
		sb.WriteString(sp(gap) + paint(b.sh.st.severity(sev), pad(text, c.cw.delay)))
	}
	if c.status {
		word := tx.statusWord(e.Status)
		s := st.Status
		if e.Status == model.StatusArriving || e.Status == model.StatusStopping {
			s = st.StatusNow
		}
		sb.WriteString(sp(gap) + paint(s, pad(word, c.cw.status)))
	}
	if c.veh {
		v := ""
		if e.VehicleNumber != 0 {
			v = itoa(e.VehicleNumber)
		}
		sb.WriteString(sp(gap) + paint(st.Muted, padLeft(v, c.cw.vehicle)))
	}
	return sb.String()
}

// emptyText says why a board has no rows.
func (b *boardPane) emptyText() string {
	tx := b.sh.t
	what := tx.DeparturesN
	if b.subj.arrivals {
		what = tx.ArrivalsN
	}
	switch {
	case !b.have && errors.Is(b.polls().lastErr, feed.ErrNotFound):
		return fmt.Sprintf(tx.NoSuchStop, b.name())
	case !b.have && b.polls().lastErr != nil:
		return fmt.Sprintf(tx.NoneYet, what)
	case !b.have:
		return fmt.Sprintf(tx.Loading, what)
	case b.filt.active():
		if s, ok := b.filterEmptyText(); ok {
			return s
		}
		if len(b.filt.lines) > 0 && b.filt.platform == "" && b.filt.direction == "" {
			return fmt.Sprintf(tx.NoneOfLine, what, strings.Join(b.filt.lines, ","))
		}
		return b.sh.dt.NoMatch
	}
	return fmt.Sprintf(tx.NoneSoon, what)
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
