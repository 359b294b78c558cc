package board

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// ViewCache holds a pane's last rendering and the key it was made for,
// and the rendered rows by what they show.
type ViewCache struct {
	ui.Cached[ViewKey]
	Rows []RowMemo // by position on screen
	// Hits are the lines the rows were drawn on, each with its row
	// (-1: a platform's heading): RowAt answers a click from them.
	Hits ui.Hits
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
	// rem is the reminder's mark and whether the row flashes now: the
	// mark set and the flash change the row, not its departure.
	rem   string
	flash bool
	w     int
	st    *ui.Styles
	tx    *ui.Texts
	valid bool
}

// RowMemo is a rendered row and the key it was made for.
type RowMemo struct {
	key  rowShows
	line string
}

// ViewKey is everything a board's rendering depends on.
type ViewKey struct {
	Revision int
	W, H     int
	Second   int64
	Focused  bool
	alert    string // the alert shown
}

// The gap between columns and the direction column's bounds; the other
// widths depend on the language (texts.w).
const (
	Gap        = 2
	minDirVeh  = 28 // below this direction width the vehicle column goes
	minDirWide = 16 // below this the other optional columns go, one by one
	// minDirDelay is the least direction the delay yields to: a narrow
	// board keeps a rider's "+3" (in the grid cells' 3 cells) and cuts
	// the direction to this before the delay goes.
	minDirDelay = 10
	minDir      = 6
	// MaxDir is ui.MaxDir, under the name the kiosk knows.
	MaxDir = ui.MaxDir
)

// maxAlertLines is the most lines the alert takes on a board.
const maxAlertLines = 3

// columns is the layout of a board's rows at one width: which optional
// columns show and how wide each is.
type columns struct {
	Cw        ui.ColWidths
	badge     int // the line name box
	leave     int // the leave column (walk.go); 0: no walking time
	Direction int
	plat      int // 0: dropped
	Vehicle   bool
	sched     bool
	delay     bool
	// narrowDelay: the delay in 3 cells as the grid's cells say it
	// ("+3", "✓", "-1") under "+/-", on a narrow board.
	narrowDelay bool
	Status      bool
}

// LayoutColumns fits the columns into width w, dropping optional ones by
// priority: vehicle number first, then scheduled time, platform, status
// word while the direction has less than minDirWide; then the delay
// narrows to 3 cells, and goes only when the direction would have less
// than minDirDelay. The direction takes the rest, up to maxDir.
func LayoutColumns(cw ui.ColWidths, w, badge, plat, leave int) columns {
	c := columns{Cw: cw, badge: badge, plat: plat, leave: leave, Vehicle: true, sched: true, delay: true, Status: true}
	width := func() int {
		n := 2 + 2 + c.badge + Gap + Gap + cw.Due // cursor, mark, badge, dir gap, due
		if c.leave > 0 {
			n += c.leave + Gap
		}
		if c.plat > 0 {
			n += c.plat + Gap
		}
		if c.sched {
			n += cw.Sched + Gap
		}
		switch {
		case c.delay && c.narrowDelay:
			n += wDelayC + Gap
		case c.delay:
			n += cw.Delay + Gap
		}
		if c.Status {
			n += cw.Status + Gap
		}
		if c.Vehicle {
			n += cw.Vehicle + Gap
		}
		return n
	}
	if w-width() < minDirVeh {
		c.Vehicle = false
	}
	drops := []struct {
		need int // the direction's width that spares the column
		drop func()
	}{
		{minDirWide, func() { c.sched = false }},
		{minDirWide, func() { c.plat = 0 }},
		{minDirWide, func() { c.Status = false }},
		{minDirWide, func() { c.narrowDelay = true }},
		{minDirDelay, func() { c.delay = false }},
	}
	for _, d := range drops {
		if w-width() >= d.need {
			break
		}
		d.drop()
	}
	c.Direction = min(max(w-width(), minDir), MaxDir)
	return c
}

// View renders the board into its rectangle (exactly height lines of at
// most width cells) as it shows in frame f, from the cache when nothing
// it shows has changed.
func (b *Pane) View(f app.Frame) string {
	k := ViewKey{Revision: b.Revision, W: b.width, H: b.height, Second: f.Now.Unix(), Focused: b.Focused, alert: app.AlertText(f.Alert)}
	return b.Cache.Get(k, func() string { return ui.ClampLines(b.render(f), b.width, b.height) })
}

// render draws the header, the column titles and the rows in frame f.
func (b *Pane) render(f app.Frame) string {
	w, h := b.width, b.height
	b.Cache.Hits.Reset()
	if w <= 0 || h <= 0 {
		return ""
	}
	st, tx := f.Styles, f.Texts
	var sb strings.Builder
	sb.Grow(w * h * 2)
	y := 0 // the line being drawn, for the hits
	sb.WriteString(b.header(f, w))
	if h == 1 {
		return sb.String()
	}
	rows := b.Rows(f)
	badge, plat := max(4, ansi.StringWidth(tx.ColLine)), 0
	cw := tx.Widths
	for _, r := range rows {
		e := &b.Data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		plat = max(plat, ansi.StringWidth(e.PlatformName))
		if !e.Vanished.IsZero() || e.Status == model.StatusPassed {
			// A rare long status (no longer reported, passes without
			// stopping) widens the column only while it shows.
			cw.Status = max(cw.Status, ansi.StringWidth(tx.RowStatus(e)))
		}
	}
	if plat > 0 && b.Subject.Point == "" {
		plat = max(plat, ansi.StringWidth(tx.ColPlatform))
	} else {
		plat = 0 // one platform only: the header says which
	}
	c := LayoutColumns(cw, w, badge, plat, b.LeaveCol(tx))
	space := h - 2
	if h > 3 {
		// A whole board has room for a long alert (up to a quarter of its
		// rows, at most three lines); a small grid cell keeps one line.
		for _, l := range f.AlertBannerLines(w, min(maxAlertLines, (h-3)/4)) {
			sb.WriteString("\n" + l)
			space--
			y++
		}
		if skip := f.SkippedLines(b.Name(tx)); len(skip) > 0 && space > 3 {
			// The alert says these lines do not stop here.
			format := tx.SkipsStop
			if len(skip) > 1 {
				format = tx.SkipStop
			}
			sb.WriteString("\n" + st.Ticker.Render(ui.Fit(" "+fmt.Sprintf(format, strings.Join(skip, ", ")), w)))
			space--
			y++
		}
	}
	sb.WriteByte('\n')
	sb.WriteString(st.ColHeader.Render(ui.Fit(b.ColHeader(tx, c), w)))
	y++
	if space <= 0 {
		return sb.String()
	}
	if len(rows) == 0 {
		sb.WriteString("\n\n")
		sb.WriteString(st.Muted.Render(ui.Fit("  "+b.EmptyText(f), w)))
		return sb.String()
	}
	cur := b.CursorIn(rows)
	items := b.items(tx, b.Subject, b.Data.Events, rows)
	at := 0
	for j, it := range items {
		if it.row == cur {
			at = j
		}
	}
	first := ui.ScrollFirst(at, space)
	n := max(min(len(items)-first, space), 0)
	if cap(b.Cache.Rows) < n {
		b.Cache.Rows = make([]RowMemo, n)
	}
	b.Cache.Rows = b.Cache.Rows[:n]
	for j := first; j < first+n; j++ {
		sb.WriteByte('\n')
		y++
		b.Cache.Hits.Line(y, items[j].row)
		if it := items[j]; it.row < 0 {
			sb.WriteString(st.Bold.Render(ui.Fit(" "+it.head, w)))
		} else {
			sb.WriteString(b.CachedRow(f, &b.Cache.Rows[j-first], &b.Data.Events[rows[it.row]], c, it.row == cur && b.Focused, w))
		}
	}
	return sb.String()
}

// RowAt returns the row the board drew on line y of its rectangle (as
// the last View drew it: a click on the screen picks what it showed); ok
// is false on the header, the column titles, a platform's heading and
// below the rows.
func (c *ViewCache) RowAt(y int) (row int, ok bool) {
	row, ok = c.Hits.Row(y)
	return row, ok && row >= 0
}

// CachedRow returns the row of e in frame f cut to width w, rendered
// again only when what it shows changed: a new second redraws the clock
// and the status bar, not the rows whose countdown stayed the same.
func (b *Pane) CachedRow(f app.Frame, m *RowMemo, e *model.Event, c columns, sel bool, w int) string {
	k := rowShows{ev: *e, due: f.Texts.Countdown(*e, f.Now), cat: b.Services.Base.Category(e.Line()),
		c: c, sel: sel, w: w, st: f.Styles, tx: f.Texts, valid: true}
	k.rem, k.flash = remindMark(b.Services, f.Local, e)
	if c.leave > 0 {
		k.leave, _ = f.Texts.LeaveText(e, f.Now, b.Walk)
	}
	if m.key != k {
		m.key, m.line = k, ui.Fit(paintRow(f, b.Services, b.walking, e, c, sel), w)
	}
	return m.line
}

// CursorIn returns the row of the selected trip, else the clamped cursor.
func (b *Pane) CursorIn(rows []int) int { return b.ListFind(len(rows), rowKey(b.Data.Events, rows)) }

// header is the board's title line: its number in the grid, stop, mode,
// platform and filters on the left; a pending removal, the stale marker
// and the clock on the right, in frame f.
func (b *Pane) header(f app.Frame, w int) string {
	st, tx := f.Styles, f.Texts
	mode := tx.Departures
	if b.Subject.Arrivals {
		mode = tx.Arrivals
	}
	parts := []string{mode}
	switch p := b.PlatformName(); {
	case p != "":
		parts = append(parts, fmt.Sprintf(tx.Platform, p))
	case b.Filters.Platform != "":
		parts = append(parts, fmt.Sprintf(tx.Platform, b.Filters.Platform))
	default:
		parts = append(parts, tx.AllPlatform)
	}
	if len(b.Filters.Lines) > 0 {
		parts = append(parts, fmt.Sprintf(tx.LineOnly, strings.Join(b.Filters.Lines, ",")))
	}
	if b.Filters.Direction != "" {
		parts = append(parts, "→"+b.Filters.Direction)
	}
	if n := b.WalkNote(f); n != "" {
		parts = append(parts, n)
	}
	if n := b.grouping.note(tx, b.Subject); n != "" {
		parts = append(parts, n)
	}
	left := " " + app.Link(b.Services.StopURL(b.Subject.Stop), st.Title.Render(b.Name(tx))) + st.Muted.Render(" · "+strings.Join(parts, " · "))
	if b.Number > 0 {
		left = " " + st.Accent.Render(ui.Itoa(b.Number)) + left
	}
	right := st.Clock.Render(f.Now.In(model.Berlin).Format("15:04")) + " "
	if since, ok := f.Stale(b.Polls()); ok && b.Have {
		mark := fmt.Sprintf(tx.StaleSince, since.In(model.Berlin).Format("15:04:05"))
		if b.Polls().AgeUnknown {
			mark = tx.StaleUnknown
		}
		right = st.Stale.Render(mark) + "  " + right
	}
	if b.Removing {
		right = st.Error.Render(f.DispatchTexts.RemoveMark) + "  " + right
	}
	return Spread(left, right, w)
}

// Spread puts left and right on one line of width w, right-aligned; when
// they do not both fit, the right part goes first, then the left is cut.
func Spread(left, right string, w int) string {
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if lw+rw+1 > w {
		if rw >= w {
			return ui.Fit(right, w)
		}
		left = ui.Fit(left, w-rw-1)
		lw = ansi.StringWidth(left)
	}
	return left + strings.Repeat(" ", max(w-lw-rw, 0)) + right
}

// ColHeader is the column titles line, in tx's words.
func (b *Pane) ColHeader(tx *ui.Texts, c columns) string {
	// An arrival's direction text says where the vehicle comes from.
	var sb strings.Builder
	sb.WriteString("    ")
	sb.WriteString(ui.Pad(tx.ColLine, c.badge))
	sb.WriteString("  ")
	sb.WriteString(ui.Pad(tx.DirHeader(b.Subject.Arrivals), c.Direction))
	if c.plat > 0 {
		sb.WriteString("  " + ui.Pad(tx.ColPlatform, c.plat))
	}
	sb.WriteString("  " + ui.PadLeft(tx.ColDue, c.Cw.Due))
	if c.leave > 0 {
		sb.WriteString("  " + ui.Pad(tx.ColLeave, c.leave))
	}
	if c.sched {
		sb.WriteString("  " + ui.Pad(tx.ColSched, c.Cw.Sched))
	}
	switch {
	case c.delay && c.narrowDelay:
		sb.WriteString("  " + ui.PadLeft(tx.PassDev, wDelayC))
	case c.delay:
		sb.WriteString("  " + ui.Pad(tx.ColDelay, c.Cw.Delay))
	}
	if c.Status {
		sb.WriteString("  " + ui.Pad(tx.ColStatus, c.Cw.Status))
	}
	if c.Vehicle {
		sb.WriteString("  " + ui.PadLeft(tx.ColVehicle, c.Cw.Vehicle))
	}
	return sb.String()
}

// paintRow renders one event of a board with walk in frame f. The
// selected row carries a mark as well as a background, so the cursor
// shows without colour too.
func paintRow(f app.Frame, svc *app.Services, walk walking, e *model.Event, c columns, sel bool) string {
	st, tx := f.Styles, f.Texts
	paint := func(s lipgloss.Style, text string) string {
		if sel {
			s = st.HighlightRow(s)
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
	rmark, flash := remindMark(svc, f.Local, e)
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
	mark := ui.VehicleMark(e.VehicleCategory, svc.Base.Category(line))
	sb.WriteString(paint(st.LineMark(line), mark) + sp(1))
	sb.WriteString(st.LineBadge(line).Render(ui.Pad(" "+line, c.badge)))
	sb.WriteString(sp(Gap))
	if f.AlertOn(line) {
		sb.WriteString(paint(st.Ticker, "⚠ ") + paint(st.Text, ui.Pad(e.DirectionText, c.Direction-2)))
	} else {
		sb.WriteString(paint(st.Text, ui.Pad(e.DirectionText, c.Direction)))
	}
	if c.plat > 0 {
		sb.WriteString(sp(Gap) + paint(st.Text, ui.Pad(e.PlatformName, c.plat)))
	}
	due, dueSt := st.DueCell(tx, e, f.Now)
	sb.WriteString(sp(Gap) + paint(dueSt, ui.PadLeft(due, c.Cw.Due)))
	if c.leave > 0 {
		text, band := tx.LeaveText(e, f.Now, walk.Walk)
		sb.WriteString(sp(Gap) + paint(st.Band(band), ui.Pad(text, c.leave)))
	}
	if c.sched {
		sb.WriteString(sp(Gap) + paint(st.Muted, ui.Pad(ui.ClockTime(e.Scheduled), c.Cw.Sched)))
	}
	switch {
	case c.delay && c.narrowDelay:
		text, sev := compactDelay(tx, *e)
		sb.WriteString(sp(Gap) + paint(st.Severity(sev), ui.PadLeft(text, wDelayC)))
	case c.delay:
		text, sev := tx.DelayText(*e)
		sb.WriteString(sp(Gap) + paint(st.Severity(sev), ui.Pad(text, c.Cw.Delay)))
	}
	if c.Status {
		word := tx.RowStatus(e)
		s := st.Status
		switch {
		case !e.Vanished.IsZero():
			s = st.Severity(ui.SevLate)
		case e.Status == model.StatusArriving || e.Status == model.StatusStopping:
			s = st.StatusNow
		}
		sb.WriteString(sp(Gap) + paint(s, ui.Pad(word, c.Cw.Status)))
	}
	if c.Vehicle {
		v := ""
		if e.VehicleNumber != 0 {
			v = ui.Itoa(e.VehicleNumber)
		}
		muted := func(s ...string) string { return paint(st.Muted, strings.Join(s, "")) }
		sb.WriteString(sp(Gap) + app.LinkPadLeft(muted, svc.Links.VehicleURL(e.VehicleNumber), v, c.Cw.Vehicle))
	}
	return sb.String()
}

// EmptyText says why a board has no rows, in frame f.
func (b *Pane) EmptyText(f app.Frame) string {
	tx := f.Texts
	what := tx.DeparturesN
	if b.Subject.Arrivals {
		what = tx.ArrivalsN
	}
	switch {
	case !b.Have && errors.Is(b.Polls().LastErr, feed.ErrNotFound):
		return fmt.Sprintf(tx.NoSuchStop, b.Name(tx))
	case !b.Have && b.Polls().LastErr != nil:
		return fmt.Sprintf(tx.NoneYet, what)
	case !b.Have:
		return fmt.Sprintf(tx.Loading, what)
	case b.Filters.Active():
		if s, ok := b.Filters.emptyText(f.Now, tx, b.Raw, b.walking, b.Subject.Arrivals, b.title); ok {
			return s
		}
		if len(b.Filters.Lines) > 0 && b.Filters.Platform == "" && b.Filters.Direction == "" {
			return fmt.Sprintf(tx.NoneOfLine, what, strings.Join(b.Filters.Lines, ","))
		}
		return f.DispatchTexts.NoMatch
	}
	return fmt.Sprintf(tx.NoneSoon, what)
}
