package grid

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// mergedKey identifies a merged row across polls: the board's stop and
// the event.
type mergedKey struct {
	stop int
	ev   board.EventKey
}

// mergedRow is one row of the merged view: an event and the board it is on.
type mergedRow struct {
	Board *board.Pane
	E     *model.Event
}

// mergedPane is one chronological list of the events of every watched
// board (as their filters show them), each labelled with its stop. It
// owns no data: the grid's boards feed it.
type mergedPane struct {
	svc                      *app.Services
	ui.ListCursor[mergedKey] // the row under the cursor and its event (list.go)
	width                    int
	height                   int
	cache                    *ui.Cached[string]
	hits                     *ui.Hits // the lines render drew the rows on (RowAt)
}

// SetSize gives the view its rectangle.
func (p *mergedPane) SetSize(w, h int) { p.width, p.height = w, h }

// Rows returns the events of every board in time order; an event on two
// boards of the same stop shows once; as they show in frame f.
func (p *mergedPane) Rows(f app.Frame, g *gridPane) []mergedRow {
	seen := map[mergedKey]bool{}
	var out []mergedRow
	for _, b := range g.Boards {
		for _, r := range b.Rows(f) {
			e := &b.Data.Events[r]
			k := mergedKey{stop: b.Subject.Stop, ev: board.KeyOf(e)}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, mergedRow{Board: b, E: e})
		}
	}
	slices.SortStableFunc(out, func(a, b mergedRow) int {
		if c := a.E.Due().Compare(b.E.Due()); c != 0 {
			return c
		}
		return cmp.Compare(a.Board.Name(f.Texts), b.Board.Name(f.Texts))
	})
	return out
}

// CursorIn returns the row of the selected event, else the clamped cursor.
func (p *mergedPane) CursorIn(rows []mergedRow) int {
	return p.ListFind(len(rows), mergedRowKeys(rows))
}

// SetCursor moves the cursor to row i, clamped, and remembers its event.
func (p *mergedPane) SetCursor(rows []mergedRow, i int) { p.ListSet(i, len(rows), mergedRowKeys(rows)) }

// mergedRowKeys returns the key of each row of rows.
func mergedRowKeys(rows []mergedRow) func(int) mergedKey {
	return func(i int) mergedKey { return mergedKey{stop: rows[i].Board.Subject.Stop, ev: board.KeyOf(rows[i].E)} }
}

// View renders the merged list of g's boards in frame f, from the cache
// while nothing changed.
func (p *mergedPane) View(f app.Frame, g *gridPane) string {
	w, h := p.width, p.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var sb strings.Builder
	for _, b := range g.Boards {
		sb.WriteString(ui.Itoa(b.Revision) + ",")
	}
	k := strings.Join([]string{sb.String(), ui.Itoa(w), ui.Itoa(h), ui.Itoa(p.Cursor), strconv.FormatInt(f.Now.Unix(), 10)}, ":")
	return p.cache.Get(k, func() string { return ui.ClampLines(p.render(f, g), w, h) })
}

// merged column widths.
const (
	maxStopCol = 22
	wMergedVeh = 5
)

// render draws the merged view: a title, column titles and the rows.
func (p *mergedPane) render(f app.Frame, g *gridPane) string {
	st, dt, tx := f.Styles, f.DispatchTexts, f.Texts
	w, h := p.width, p.height
	rows := p.Rows(f, g)
	p.hits.Reset()
	var sb strings.Builder
	title := " " + st.Title.Render(dt.Merged) + st.Muted.Render(" · "+fmt.Sprintf(dt.MergedCount, dt.Count(dt.OneDeparture, dt.DepartureCount, len(rows)), dt.Count(dt.OneBoard, dt.Boards, g.Len())))
	if a := f.AlertPart(); a != "" {
		title += st.Muted.Render(" · ") + a
	}
	sb.WriteString(board.Spread(title, st.Clock.Render(f.Now.In(model.Berlin).Format("15:04"))+" ", w))
	if h < 3 {
		return sb.String()
	}
	// The stop and direction columns are as wide as what they hold; where
	// both do not fit, the stop keeps at least maxStopCol (or a quarter of
	// the width) and the direction the rest.
	stopW, badge, plat := max(4, ansi.StringWidth(dt.ColStop)), max(4, ansi.StringWidth(tx.ColLine)), 0 // "LINIE" whole
	dirNeed := max(4, ansi.StringWidth(tx.ColDirection))
	for _, r := range rows {
		stopW = max(stopW, ansi.StringWidth(r.Board.Name(tx)))
		badge = max(badge, ansi.StringWidth(r.E.Line())+2)
		plat = max(plat, ansi.StringWidth(rowPlatform(r.Board, r.E)))
		d := ansi.StringWidth(r.E.DirectionText)
		if f.AlertOn(r.E.Line()) {
			d += 2 // "⚠ "
		}
		dirNeed = max(dirNeed, d)
	}
	dirNeed = min(dirNeed, ui.MaxDir)
	veh := w >= 100
	fixed := 2 + 1 + 2 + badge + 1 + 1 + board.WDueC + 1 + tx.Widths.Delay // all but the stop and the direction
	if plat > 0 {
		plat = max(plat, ansi.StringWidth(tx.ColPlatform))
		fixed += plat + 1
	}
	if veh {
		fixed += 1 + wMergedVeh
	}
	room := max(w-fixed, 8)
	if stopW+dirNeed > room {
		stopW = min(stopW, max(min(maxStopCol, w/4), room-dirNeed))
	}
	dir := max(min(room-stopW, dirNeed), 4)
	head := "  " + ui.Pad(dt.ColStop, stopW) + "   " + ui.Pad(tx.ColLine, badge) + " " + ui.Pad(tx.ColDirection, dir)
	if plat > 0 {
		head += " " + ui.Pad(tx.ColPlatform, plat)
	}
	head += " " + ui.PadLeft(tx.ColDue, board.WDueC) + " " + ui.Pad(tx.ColDelay, tx.Widths.Delay)
	if veh {
		head += " " + ui.PadLeft(tx.ColVehicle, wMergedVeh)
	}
	sb.WriteString("\n" + st.ColHeader.Render(ui.Fit(head, w)))
	space := h - 2
	if len(rows) == 0 {
		sb.WriteString("\n" + st.Muted.Render(ui.Fit("  "+dt.NothingSoon, w)))
		return sb.String()
	}
	cur := p.CursorIn(rows)
	first := ui.ScrollFirst(cur, space)
	for i := first; i < len(rows) && i < first+space; i++ {
		p.hits.Line(2+i-first, i) // below the title and the column titles
		sb.WriteString("\n" + p.row(f, rows[i], i == cur, stopW, badge, dir, plat, veh))
	}
	return sb.String()
}

// RowAt returns the row the last render drew on line y of the view;
// ok is false on the title, the column titles and below the rows.
func (p *mergedPane) RowAt(y int) (int, bool) { return p.hits.Row(y) }

// row renders one merged row.
func (p *mergedPane) row(f app.Frame, r mergedRow, sel bool, stopW, badge, dir, plat int, veh bool) string {
	st, tx := f.Styles, f.Texts
	e := r.E
	mark := "  "
	if sel {
		mark = st.SelectedMark.Render("▸ ")
	}
	line := e.Line()
	due, dueSt := st.DueCell(tx, e, f.Now)
	text, sev := tx.DelayText(*e)
	s := mark + app.LinkPad(st.Accent.Render, r.Board.Services.StopURL(r.Board.Subject.Stop), r.Board.Name(tx), stopW) + " " +
		st.LineMark(line).Render(ui.VehicleMark(e.VehicleCategory, p.svc.Base.Category(line))) + " " +
		st.LineBadge(line).Render(ui.Pad(" "+line, badge)) + " " + app.AlertDirection(&f, line, e.DirectionText, dir)
	if plat > 0 {
		s += " " + st.Text.Render(ui.Pad(rowPlatform(r.Board, e), plat))
	}
	s += " " + dueSt.Render(ui.PadLeft(due, board.WDueC)) + " " + st.Severity(sev).Render(ui.Pad(text, tx.Widths.Delay))
	if veh {
		v := ""
		if e.VehicleNumber != 0 {
			v = strconv.Itoa(e.VehicleNumber)
		}
		s += " " + app.LinkPadLeft(st.Muted.Render, p.svc.Links.VehicleURL(e.VehicleNumber), v, wMergedVeh)
	}
	return s
}

// rowPlatform is the platform of board b's event e: its own, else the
// platform the board is narrowed to (a stop point's answer names none per
// row).
func rowPlatform(b *board.Pane, e *model.Event) string {
	if e.PlatformName != "" {
		return e.PlatformName
	}
	return b.PlatformName()
}
