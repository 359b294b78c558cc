package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Compact board geometry.
const (
	MinCellW  = 24 // below this a cell's direction is unreadable
	MinCellH  = 2  // header and one row
	WideCellW = 64 // wider cells gain nothing for the score
	CellFixed = 18 // a compact row's cells that are not the direction
	WDueC     = 7  // "~12 min"
	wDelayC   = 3  // "+12"
)

// Cell is a board drawn as one of the grid's cells: its last drawing,
// kept while what it shows is the same, and the rows it drew, which a
// click picks from. Each board holds one; the grid asks it to draw.
type Cell struct {
	memo ui.Cached[string]
	rowc []RowMemo
	// drawn are the events of the rows the last draw showed, from the
	// cell's second line on: RowAt answers a click from them.
	drawn []*model.Event
}

// View renders b as grid cell num (focused or not) in w×h in frame f,
// from its cache when what it shows is unchanged.
func (c *Cell) View(f app.Frame, b *Pane, num int, focused bool, w, h int) string {
	return c.memo.Get(c.Key(f, b, num, focused, w, h), func() string { return ui.ClampLines(c.draw(f, b, num, focused, w, h), w, h) })
}

// Key is everything the cell shows in frame f: the board's data, the cell's number,
// size and focus, whether its data is stale, the countdown text of each
// row it shows, the width of the rows' line badges (the widest line of
// every row, shown or not) and, without rows, the text saying why. A
// cell depends on the time only through the rows it shows and their
// countdown texts, so the key holds those rather than the second: most
// cells are reused until a countdown's minute turns.
func (c *Cell) Key(f app.Frame, b *Pane, num int, focused bool, w, h int) string {
	var key strings.Builder
	// Whether the data is stale: it turns stale at a deadline of its own,
	// between the countdowns' minute turns that the key holds.
	_, stale := f.Stale(b.Polls())
	key.WriteString(ui.Itoa(b.Revision) + ":" + ui.Itoa(w) + ":" + ui.Itoa(h) + ":" + ui.Itoa(num) + ":" + strconv.FormatBool(focused) + ":" + strconv.FormatBool(stale))
	rows := b.Rows(f)
	badge := 4
	for n, r := range rows {
		e := &b.Data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		if n < h-1 {
			key.WriteString("|" + ui.Itoa(r) + " " + f.Texts.Countdown(*e, f.Now) + b.leaveText(f.Texts, e, f.Now))
		}
	}
	key.WriteString("|" + ui.Itoa(badge))
	if len(rows) == 0 {
		key.WriteString("|" + c.empty(f, b))
	}
	return key.String()
}

// draw renders b as a grid cell: a header (number, stop, filters, stale
// marker) and as many rows as fit: line, direction, countdown, delay; in
// frame f.
func (c *Cell) draw(f app.Frame, b *Pane, num int, focused bool, w, h int) string {
	st, tx := f.Styles, f.Texts
	c.drawn = c.drawn[:0]
	var sb strings.Builder
	mark := " "
	name := st.Bold.Render(b.Name(tx))
	if focused {
		mark = st.SelectedMark.Render("▸")
		name = st.Title.Render(b.Name(tx))
	}
	left := mark + st.Accent.Render(ui.Itoa(num)) + " " + app.Link(b.Services.StopURL(b.Subject.Stop), name)
	if s := c.note(f, b); s != "" {
		left += st.Muted.Render(" · " + s)
	}
	right := ""
	since, stale := f.Stale(b.Polls())
	switch {
	case b.Removing:
		right = st.Error.Render(f.DispatchTexts.RemoveMark)
	case stale && b.Have:
		right = st.Stale.Render(ui.StaleMark + " " + since.In(model.Berlin).Format("15:04"))
	case b.Polls().LastErr != nil && !b.Have:
		right = st.Error.Render("✗")
	}
	rows := b.Rows(f)
	if len(rows) == 0 {
		sb.WriteString(Spread(left, right, w))
		if h > 1 {
			sb.WriteString("\n" + st.Muted.Render(ui.Fit("  "+c.empty(f, b), w)))
		}
		return sb.String()
	}
	badge := 4
	for _, r := range rows {
		badge = max(badge, ansi.StringWidth(b.Data.Events[r].Line())+2)
	}
	n := min(len(rows), h-1)
	cols := layoutCell(&f, b.walking, b.Data.Events, rows[:n], w, badge)
	// The titles of the columns right of the direction stand on the
	// title line above them, where the stop's name leaves room: a name
	// longer than the rows' directions widens the direction column as far
	// as the cell has room, so that every cell has its titles.
	if lw := ansi.StringWidth(left); lw+1 > cols.titleAt && lw+1-cols.titleAt <= cols.room-cols.dir {
		cols.dir += lw + 1 - cols.titleAt
		cols.titleAt = lw + 1
	}
	if titles := cols.titles(tx, b.walking); right == "" && titles != "" && ansi.StringWidth(left)+1 <= cols.titleAt {
		sb.WriteString(ui.Fit(left+strings.Repeat(" ", cols.titleAt-ansi.StringWidth(left))+st.ColHeader.Render(titles), w))
	} else {
		sb.WriteString(Spread(left, right, w))
	}
	if cap(c.rowc) < n {
		c.rowc = make([]RowMemo, n)
	}
	c.rowc = c.rowc[:n]
	for i := range n {
		e := &b.Data.Events[rows[i]]
		c.drawn = append(c.drawn, e)
		sb.WriteByte('\n')
		sb.WriteString(cachedCellRow(f, b.Services, b.walking, &c.rowc[i], e, cols))
	}
	return sb.String()
}

// RowAt returns the event the cell drew on its line y (as the last draw
// drew it: line 0 is the cell's title, line i its i-th row); ok is false
// on the title and below the rows.
func (c *Cell) RowAt(y int) (*model.Event, bool) {
	if y < 1 || y > len(c.drawn) {
		return nil, false
	}
	return c.drawn[y-1], true
}

// cellColumns is the layout of a grid cell's rows: the line badge, the
// direction as wide as the rows shown need (up to the room there is), and
// the optional platform and scheduled time after the delay.
type cellColumns struct {
	badge, dir int
	plat       bool // the platform after the delay
	sched      bool // and the scheduled time
	// status is the width of the status word after them (0: none) and
	// veh whether the vehicle number follows: a wide cell (a dispatcher's
	// grid on a wide terminal) shows every vehicle's state.
	status  int
	veh     bool
	titleAt int // the cell where the columns right of the direction start
	room    int // the most the direction may take
}

// Cell widths of the optional columns and the room for the direction from
// which they show.
const (
	wVehC      = 5 // the vehicle number
	wPlatC     = 3
	platCellAt = 28 // the platform, from this direction room on
)

// layoutCell lays out a cell of width w whose rows are rows (indexes
// into events), in frame f's words (a ⚠ for the lines of its alert).
func layoutCell(f *app.Frame, walk walking, events []model.Event, rows []int, w, badge int) cellColumns {
	tx := f.Texts
	room := max(w-2-badge-1-1-WDueC-1-wDelayC-walk.cellWidth(tx), 1)
	c := cellColumns{badge: badge}
	switch {
	case room >= wideCellDir:
		c.plat, c.sched = true, true
		room -= 1 + wPlatC + 1 + 5
	case room >= platCellAt:
		c.plat = true
		room -= 1 + wPlatC
	}
	if sw := tx.Widths.Status; c.sched && room >= wideCellDir+1+sw+1+wVehC {
		c.status, c.veh = sw, true
		for _, r := range rows {
			if e := &events[r]; e.Gone() || e.Status == model.StatusPassed {
				c.status = max(c.status, ansi.StringWidth(tx.RowStatus(e)))
			}
		}
		room -= 1 + c.status + 1 + wVehC
	}
	need := 4
	for _, r := range rows {
		e := &events[r]
		d := ansi.StringWidth(e.DirectionText)
		if f.AlertOn(e.Line()) {
			d += 2
		}
		need = max(need, d)
	}
	c.dir = min(room, need)
	c.room = room
	c.titleAt = 2 + badge + 1 + c.dir
	return c
}

// titles are the titles of the columns right of the direction, each
// over its column: countdown, delay, platform, scheduled time, leave
// time.
func (c cellColumns) titles(tx *ui.Texts, walk walking) string {
	s := " " + ui.PadLeft(tx.ColDue, WDueC) + " " + ui.PadLeft(tx.PassDev, wDelayC)
	if c.plat {
		s += " " + ui.Pad(tx.PassPlat, wPlatC)
	}
	if c.sched {
		s += " " + ui.Pad(tx.ColSched, 5)
	}
	if c.status > 0 {
		s += " " + ui.Pad(tx.ColStatus, c.status)
	}
	if c.veh {
		s += " " + ui.PadLeft(tx.ColVehicle, wVehC)
	}
	if walk.Walk > 0 {
		s += " " + ui.Pad(tx.ColLeave, tx.LeaveWidth())
	}
	if ansi.StringWidth(s) != 1+WDueC+1+wDelayC+c.afterDelay(walk.cellWidth(tx)) {
		return "" // a title wider than its column
	}
	return strings.TrimRight(s, " ")
}

// afterDelay is the cells of a cell row after its delay, leave the
// leave column's.
func (c cellColumns) afterDelay(leave int) int {
	n := leave
	if c.plat {
		n += 1 + wPlatC
	}
	if c.sched {
		n += 1 + 5
	}
	if c.status > 0 {
		n += 1 + c.status
	}
	if c.veh {
		n += 1 + wVehC
	}
	return n
}

// note is the mode, platform, filters and walking time of b, for the
// cell's title in frame f's words.
func (c *Cell) note(f app.Frame, b *Pane) string {
	var parts []string
	dt := f.DispatchTexts
	if b.Subject.Arrivals {
		parts = append(parts, dt.Arr)
	}
	if b.Subject.Point != "" {
		parts = append(parts, fmt.Sprintf(dt.Pl, b.PlatformName()))
	}
	if s := b.Filters.summary(dt); s != "" {
		parts = append(parts, s)
	}
	if s := b.walking.note(f.Texts, 0); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// cachedCellRow is cellRow drawn again only when what the row shows
// changed (its countdown turns once a minute), not for every row of a cell
// whenever one of them turned; in frame f.
func cachedCellRow(f app.Frame, svc *app.Services, walk walking, m *RowMemo, e *model.Event, c cellColumns) string {
	cols := columns{badge: c.badge, Direction: c.dir, sched: c.sched, Vehicle: c.veh, Status: c.status > 0}
	cols.Cw.Status = c.status
	if c.plat {
		cols.plat = wPlatC
	}
	k := rowShows{ev: *e, due: f.Texts.Countdown(*e, f.Now), leave: walk.leaveText(f.Texts, e, f.Now), cat: svc.Base.Category(e.Line()),
		c: cols, st: f.Styles, tx: f.Texts, valid: true}
	if m.key != k {
		m.key, m.line = k, cellRow(f, svc, walk, e, c)
	}
	return m.line
}

// wideCellDir is the direction room from which a grid cell also shows
// each row's scheduled time (cells of wide terminals).
const wideCellDir = 44

// cellRow renders one event in a grid cell with its leave-by cell; a
// wider cell adds the platform, a wide one the scheduled time too; in
// frame f.
func cellRow(f app.Frame, svc *app.Services, walk walking, e *model.Event, c cellColumns) string {
	st := f.Styles
	s := CompactRow(f, svc, e, c.badge, c.dir)
	if c.plat {
		s += " " + st.Muted.Render(ui.Pad(e.PlatformName, wPlatC))
	}
	if c.sched {
		s += " " + st.Muted.Render(ui.ClockTime(e.Scheduled))
	}
	if c.status > 0 {
		word, ws := f.Texts.RowStatus(e), st.Status
		switch {
		case e.Gone():
			ws = st.Severity(ui.SevLate)
		case e.Status == model.StatusArriving || e.Status == model.StatusStopping:
			ws = st.StatusNow
		}
		s += " " + ws.Render(ui.Pad(word, c.status))
	}
	if c.veh {
		v := ""
		if e.VehicleNumber != 0 {
			v = ui.Itoa(e.VehicleNumber)
		}
		s += " " + st.Muted.Render(ui.PadLeft(v, wVehC))
	}
	return s + walk.cell(st, f.Texts, e, f.Now)
}

// CompactRow renders one event densely: mark, line badge, direction,
// countdown and delay in badge+dir+15 cells, in frame f; svc's base data
// gives the line's category.
func CompactRow(f app.Frame, svc *app.Services, e *model.Event, badge, dir int) string {
	st, tx := f.Styles, f.Texts
	line := e.Line()
	due := tx.Countdown(*e, f.Now)
	dueSt := st.Due
	if due == tx.Now {
		dueSt = st.DueNow
	}
	if !e.Realtime() {
		due, dueSt = "~"+due, st.Planned
	}
	text, sev := compactDelay(tx, *e)
	return st.LineMark(line).Render(ui.VehicleMark(e.VehicleCategory, svc.Base.Category(line))) + " " +
		st.LineBadge(line).Render(ui.Pad(" "+line, badge)) + " " +
		app.AlertDirection(&f, line, e.DirectionText, dir) + " " +
		dueSt.Render(ui.PadLeft(due, WDueC)) + " " +
		st.Severity(sev).Render(ui.PadLeft(text, wDelayC))
}

// compactDelay is the delay in three cells: "+3", "-1", "✓" on time, ""
// for a timetable-only row (its countdown carries the "~").
func compactDelay(tx *ui.Texts, e model.Event) (string, ui.Severity) {
	_, sev := tx.DelayText(e)
	switch sev {
	case ui.SevOnTime:
		return "✓", sev
	case ui.SevPlanned:
		return "", sev
	case ui.SevSlight, ui.SevLate, ui.SevMinor:
		return "+" + ui.Itoa(e.DelayMinutes()), sev // the bare minutes in every language: "+3 Min" would be cut
	case ui.SevEarly:
	}
	return ui.Itoa(e.DelayMinutes()), sev
}

// empty says why the cell of b has no rows, in frame f.
func (c *Cell) empty(f app.Frame, b *Pane) string {
	dt, tx := f.DispatchTexts, f.Texts
	switch {
	case !b.Have && errors.Is(b.Polls().LastErr, feed.ErrNotFound):
		return fmt.Sprintf(tx.NoSuchStop, b.Name(tx))
	case !b.Have && b.Polls().LastErr != nil:
		return fmt.Sprintf(dt.NoAnswer, app.ErrLine(tx, b.Polls().LastErr))
	case !b.Have:
		return dt.GridLoading
	case b.Filters.Active():
		if s, ok := b.Filters.emptyText(f.Now, tx, b.Raw, b.walking, b.Subject.Arrivals, b.title); ok {
			return s
		}
		return dt.NoMatch
	}
	return dt.NothingSoon
}
