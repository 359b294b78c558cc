package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// mergedKey identifies a merged row across polls: the board's stop and
// the event.
type mergedKey struct {
	stop int
	ev   eventKey
}

// mergedRow is one row of the merged view: an event and the board it is on.
type mergedRow struct {
	b *boardPane
	e *model.Event
}

// mergedPane is one chronological list of the events of every watched
// board (as their filters show them), each labelled with its stop. It
// owns no data: the grid's boards feed it.
type mergedPane struct {
	sh                    *shared
	listCursor[mergedKey] // the row under the cursor and its event (list.go)
	width                 int
	height                int
	cache                 *memo
	km                    mergedKeys // its key map (merged_keys.go)
}

// setSize gives the view its rectangle.
func (p *mergedPane) setSize(w, h int) { p.width, p.height = w, h }

// rows returns the events of every board in time order; an event on two
// boards of the same stop shows once.
func (p *mergedPane) rows(g *gridPane) []mergedRow {
	seen := map[mergedKey]bool{}
	var out []mergedRow
	for _, b := range g.boards {
		for _, r := range b.rows() {
			e := &b.data.Events[r]
			k := mergedKey{stop: b.subj.stop, ev: keyOf(e)}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, mergedRow{b: b, e: e})
		}
	}
	slices.SortStableFunc(out, func(a, b mergedRow) int {
		if c := a.e.Due().Compare(b.e.Due()); c != 0 {
			return c
		}
		return cmp.Compare(a.b.name(), b.b.name())
	})
	return out
}

// cursorIn returns the row of the selected event, else the clamped cursor.
func (p *mergedPane) cursorIn(rows []mergedRow) int {
	return p.listFind(len(rows), mergedRowKeys(rows))
}

// setCursor moves the cursor to row i, clamped, and remembers its event.
func (p *mergedPane) setCursor(rows []mergedRow, i int) { p.listSet(i, len(rows), mergedRowKeys(rows)) }

// mergedRowKeys returns the key of each row of rows.
func mergedRowKeys(rows []mergedRow) func(int) mergedKey {
	return func(i int) mergedKey { return mergedKey{stop: rows[i].b.subj.stop, ev: keyOf(rows[i].e)} }
}

// update handles the merged view's keys: moving and opening a vehicle.
func (p *mergedPane) update(msg tea.KeyMsg, g *gridPane) tea.Cmd {
	k := &p.km
	rows := p.rows(g)
	cur := p.cursorIn(rows)
	if row, ok := k.move(msg, cur, len(rows)); ok {
		p.setCursor(rows, row)
		return nil
	}
	if key.Matches(msg, k.Open) {
		if cur >= 0 && cur < len(rows) && rows[cur].e.VehicleNumber != 0 {
			return openCmd(target{kind: targetVehicle, vehicle: rows[cur].e.VehicleNumber})
		}
	}
	return nil
}

// state returns the rows and whether the row under the cursor has a
// vehicle, for the key bindings.
func (p *mergedPane) state(g *gridPane) (rows int, vehicle bool) {
	rs := p.rows(g)
	c := p.cursorIn(rs)
	return len(rs), c >= 0 && c < len(rs) && rs[c].e.VehicleNumber != 0
}

// view renders the merged list, from the cache while nothing changed.
func (p *mergedPane) view(g *gridPane) string {
	w, h := p.width, p.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var sb strings.Builder
	for _, b := range g.boards {
		sb.WriteString(itoa(b.rev) + ",")
	}
	k := strings.Join([]string{sb.String(), itoa(w), itoa(h), itoa(p.cursor), strconv.FormatInt(p.sh.now.Unix(), 10)}, ":")
	return p.cache.get(k, func() string { return clampLines(p.render(g), w, h) })
}

// merged column widths.
const (
	maxStopCol = 22
	wMergedVeh = 5
)

// render draws the merged view: a title, column titles and the rows.
func (p *mergedPane) render(g *gridPane) string {
	st, dt, tx := p.sh.st, p.sh.dt, p.sh.t
	w, h := p.width, p.height
	rows := p.rows(g)
	var sb strings.Builder
	title := " " + st.Title.Render(dt.Merged) + st.Muted.Render(" · "+fmt.Sprintf(dt.MergedCount, len(rows), g.len()))
	if a := p.sh.alertPart(); a != "" {
		title += st.Muted.Render(" · ") + a
	}
	sb.WriteString(spread(title, st.Clock.Render(p.sh.now.In(model.Berlin).Format("15:04"))+" ", w))
	if h < 3 {
		return sb.String()
	}
	stopW, badge, plat := 4, max(4, ansi.StringWidth(tx.ColLine)), 0 // "LINIE" whole
	for _, r := range rows {
		stopW = max(stopW, ansi.StringWidth(r.b.name()))
		badge = max(badge, ansi.StringWidth(r.e.Line())+2)
		plat = max(plat, ansi.StringWidth(r.e.PlatformName))
	}
	stopW = min(stopW, maxStopCol, w/4)
	veh := w >= 100
	fixed := 2 + stopW + 1 + 2 + badge + 1 + 1 + wDueC + 1 + tx.w.delay
	if plat > 0 {
		plat = max(plat, ansi.StringWidth(tx.ColPlatform))
		fixed += plat + 1
	}
	if veh {
		fixed += 1 + wMergedVeh
	}
	dir := max(min(w-fixed, maxDir), 4)
	head := "  " + pad(dt.ColStop, stopW) + "   " + pad(tx.ColLine, badge) + " " + pad(tx.ColDirection, dir)
	if plat > 0 {
		head += " " + pad(tx.ColPlatform, plat)
	}
	head += " " + padLeft(tx.ColDue, wDueC) + " " + pad(tx.ColDelay, tx.w.delay)
	if veh {
		head += " " + padLeft(tx.ColVehicle, wMergedVeh)
	}
	sb.WriteString("\n" + st.ColHeader.Render(fit(head, w)))
	space := h - 2
	if len(rows) == 0 {
		sb.WriteString("\n" + st.Muted.Render(fit("  "+dt.NothingSoon, w)))
		return sb.String()
	}
	cur := p.cursorIn(rows)
	first := scrollFirst(cur, space)
	for i := first; i < len(rows) && i < first+space; i++ {
		sb.WriteString("\n" + p.row(rows[i], i == cur, stopW, badge, dir, plat, veh))
	}
	return sb.String()
}

// row renders one merged row.
func (p *mergedPane) row(r mergedRow, sel bool, stopW, badge, dir, plat int, veh bool) string {
	st, tx := p.sh.st, p.sh.t
	e := r.e
	mark := "  "
	if sel {
		mark = st.SelectedMark.Render("▸ ")
	}
	line := e.Line()
	due := tx.countdown(*e, p.sh.now)
	dueSt := st.Due
	if due == tx.Now {
		dueSt = st.DueNow
	}
	if !e.Realtime() {
		due, dueSt = "~"+due, st.Planned
	}
	text, sev := tx.delayText(*e)
	s := mark + st.Accent.Render(pad(r.b.name(), stopW)) + " " +
		st.LineMark(line).Render(vehicleMark(e.VehicleCategory, p.sh.base.category(line))) + " " +
		st.LineBadge(line).Render(pad(" "+line, badge)) + " " + alertDirection(p.sh, line, e.DirectionText, dir)
	if plat > 0 {
		s += " " + st.Text.Render(pad(e.PlatformName, plat))
	}
	s += " " + dueSt.Render(padLeft(due, wDueC)) + " " + st.severity(sev).Render(pad(text, tx.w.delay))
	if veh {
		v := ""
		if e.VehicleNumber != 0 {
			v = strconv.Itoa(e.VehicleNumber)
		}
		s += " " + st.Muted.Render(padLeft(v, wMergedVeh))
	}
	return s
}
