package kiosk

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// Large departures: from bigMinWidth×bigMinHeight the kiosk
// draws its next departures in the letter font (bigfont.go), line badge,
// destination, platform and countdown, across the whole width, and the
// departures that do not fit large as rows of text beneath, also across
// the width. The scale follows the screen.
const (
	bigMinWidth  = 160
	bigMinHeight = 40
	// maxBigRows is the most departures drawn large: a hall display
	// shows a handful, the rest as text.
	maxBigRows = 8
	// colBigRows is the most departures drawn large in a column of
	// boards side by side (bigBoard).
	colBigRows = 6
	// bigMemoMax bounds the memo of drawn rows; past it, it starts anew.
	bigMemoMax = 256
)

// BigScale is the scale of the large departures on a w×h screen: 0 (rows
// of text) below bigMinWidth×bigMinHeight, else 2 (rows 5 cells high), 3
// (8 cells) from 280×70 and 4 (10 cells) from 380×95.
func BigScale(w, h int) int {
	switch {
	case w < bigMinWidth || h < bigMinHeight:
		return 0
	case w >= 380 && h >= 95:
		return 4
	case w >= 280 && h >= 70:
		return 3
	}
	return 2
}

// upcoming returns the rows still to come (nextDeparture's rule: a
// vehicle at the stop counts, a missed one on foot does not).
func upcoming(b *board.Pane, rows []int, now time.Time) []int {
	out := make([]int, 0, len(rows))
	for j, r := range rows {
		if nextDeparture(b, rows[j:j+1], now) != nil {
			out = append(out, r)
		}
	}
	return out
}

// bigKey is everything a drawn row depends on: its texts, its styles'
// choice and the layout's widths.
type bigKey struct {
	st                    *ui.Styles // a new theme (the night's) draws anew
	line, dest, plat, due string
	alert, planned, now   bool
	gone                  bool
	console               bool
	pad                   bool // padded to w (a column of boards side by side)
	scale, w              int
	badgeW, platW, dueW   int
}

// bigDue is the countdown's plain text split for drawing: the big part
// and the unit drawn small beside it ("12" "min"), or the whole text
// large ("now", "13:49").
func bigDue(text, unit string) (num, small string) {
	if n, ok := strings.CutSuffix(text, " "+unit); ok {
		return n, unit
	}
	return text, ""
}

// bigDueWidth is the width of a countdown drawn at scale.
func bigDueWidth(text, unit string, scale int) int {
	num, small := bigDue(text, unit)
	w := FontWidth(num, scale)
	if small != "" {
		w += scale + FontWidth(small, 1)
	}
	return w
}

// bigDueLines draws a countdown at scale: the number large, the unit at
// scale 1 at its foot.
func bigDueLines(text, unit string, scale int, console bool) []string {
	num, small := bigDue(text, unit)
	lines := fontText(num, scale, console)
	if small == "" {
		return lines
	}
	u := fontText(small, 1, console) // (never higher than lines: fontHeight)
	off := len(lines) - len(u)
	for y := range lines {
		pad := strings.Repeat(" ", scale+FontWidth(small, 1))
		if y >= off {
			pad = strings.Repeat(" ", scale) + u[y-off]
		}
		lines[y] += pad
	}
	return lines
}

// bigBoard draws departures rows (upcoming) of board b in w×room: as many
// as fit large at scale, then the rest as rows of text across the width.
// In a column (col: boards side by side) at most colBigRows are large
// and the rows of text are double-spaced: a departure that leaves moves
// every row of its column below it, and a terminal moves only whole
// lines, so each of those rows is written anew; fewer, better spaced
// rows are cheaper and, from across a hall, easier to tell apart. f is
// the frame they are drawn in.
func (m *Model) bigBoard(f app.Frame, b *board.Pane, rows []int, scale, w, room int, col bool) []string {
	st, tx := f.Styles, f.Texts
	console := st.Theme.ConsoleFont
	hgt := fontHeight(scale, console)
	n := min(len(rows), maxBigRows, (room+1)/(hgt+1))
	if col {
		n = min(n, colBigRows)
	}
	if n == 0 {
		return m.spanRows(f, b, rows, w, room, col)
	}
	big := rows[:n]
	gap := 2 * scale
	badgeW, dueW, platW := 0, 0, 0
	for _, r := range big {
		e := &b.Data.Events[r]
		badgeW = max(badgeW, FontWidth(e.Line(), scale)+2*scale)
		due, _ := m.dueCell(f, e)
		dueW = max(dueW, bigDueWidth(due, tx.Min, scale))
		if b.Subject.Point == "" {
			platW = max(platW, FontWidth(e.PlatformName, scale))
		}
	}
	badgeW, dueW, platW = m.Kiosk.cache.steady(b, scale, w, f.Local, badgeW, dueW, platW)
	destW := w - badgeW - gap - dueW - gap
	// The platform where it helps: a board of several platforms, with
	// room left for ten letters of the destination.
	if platW > 0 && destW-platW-gap >= 10*4*scale {
		destW -= platW + gap
	} else {
		platW = 0
	}
	memo := m.Kiosk.cache.memo()
	gapLine := ""
	if col {
		gapLine = m.Kiosk.cache.blank(w) // a column's lines are padded to its width
	}
	out := make([]string, 0, room)
	for j, r := range big {
		if j > 0 {
			out = append(out, gapLine)
		}
		e := &b.Data.Events[r]
		due, dueSt := m.dueCell(f, e)
		key := bigKey{st: st, gone: e.Gone(), line: e.Line(), dest: e.DirectionText, due: due, alert: f.AlertOn(e.Line()),
			planned: !e.Realtime(), now: due == tx.Now, console: console, pad: col, scale: scale, w: w, badgeW: badgeW, platW: platW, dueW: dueW}
		if platW > 0 {
			key.plat = e.PlatformName
		}
		lines, ok := memo[key]
		if !ok {
			lines = m.drawBig(f, key, destW, gap, dueSt)
			m.Kiosk.cache.drawn++
			if len(memo) >= bigMemoMax {
				clear(memo)
			}
			memo[key] = lines
		}
		out = append(out, lines...)
	}
	if rest := room - len(out) - 1; rest > 0 && len(rows) > n {
		out = append(out, gapLine)
		if !col {
			out = append(out, m.spanRows(f, b, rows[n:], w, rest, false)...)
			return out
		}
		for j, l := range m.spanRows(f, b, rows[n:], w, (rest+1)/2, true) {
			if j > 0 {
				out = append(out, gapLine)
			}
			out = append(out, l)
		}
	}
	return out
}

// drawBig draws one large departure: the line's badge, the destination
// shortened to fit destW (never inside a letter), the platform and the
// countdown at the right edge, in frame f.
func (m *Model) drawBig(f app.Frame, k bigKey, destW, gap int, dueSt lipgloss.Style) []string {
	st, tx := f.Styles, f.Texts
	s := k.scale
	dest := k.dest
	if k.alert {
		dest = "! " + dest
	}
	for c := len([]rune(dest)); c > 0 && FontWidth(dest, s) > destW; c-- {
		dest = FitName(dest, c, m.Kiosk.speech.lang)
	}
	badge := fontText(k.line, s, k.console)
	name := fontText(dest, s, k.console)
	due := bigDueLines(k.due, tx.Min, s, k.console)
	var plat []string
	if k.platW > 0 {
		plat = fontText(k.plat, s, k.console)
	}
	bst := st.LineBadge(k.line)
	out := make([]string, len(badge))
	sp := strings.Repeat(" ", gap)
	for y := range badge {
		var sb strings.Builder
		sb.WriteString(m.piece(pieceKey{st: st, kind: pieceBadge, sub: k.line, text: badge[y], w: k.badgeW - 2*s, side: s}, bst))
		sb.WriteString(sp)
		txt := st.Text
		if k.alert {
			txt = st.Ticker
		}
		sb.WriteString(m.piece(pieceKey{st: st, kind: pieceDest, alert: k.alert, text: name[y], w: destW}, txt))
		if k.platW > 0 {
			sb.WriteString(sp)
			sb.WriteString(m.piece(pieceKey{st: st, kind: piecePlat, text: plat[y], w: k.platW}, st.Muted))
		}
		sb.WriteString(sp)
		sb.WriteString(m.piece(pieceKey{st: st, kind: pieceDue, gone: k.gone, sub: k.due, text: due[y], w: k.dueW, left: true}, dueSt))
		out[y] = ui.Fit(sb.String(), k.w)
		if k.pad {
			out[y] = pad(out[y], k.w)
		}
	}
	return out
}

// spanRows draws departures as rows of text across w, at most room: the
// line's badge, the destination, the platform and the countdown at the
// right edge, as on a hall display; padded to w in a column (col); in
// frame f.
func (m *Model) spanRows(f app.Frame, b *board.Pane, rows []int, w, room int, col bool) []string {
	st, tx := f.Styles, f.Texts
	badgeW, platW, dueW := 4, 0, 0
	for _, r := range rows {
		e := &b.Data.Events[r]
		badgeW = max(badgeW, cellWidth(e.Line())+2)
		if b.Subject.Point == "" {
			platW = max(platW, cellWidth(e.PlatformName))
		}
		due, _ := m.dueCell(f, e)
		dueW = max(dueW, cellWidth(due))
	}
	destW := w - 2 - badgeW - 2 - dueW - 1
	if platW > 0 {
		destW -= platW + 2
	}
	memo := m.Kiosk.cache.spanMemo()
	out := make([]string, 0, min(room, len(rows)))
	for _, r := range rows {
		if len(out) >= room {
			break
		}
		e := &b.Data.Events[r]
		due, dueSt := m.dueCell(f, e)
		key := spanKey{st: st, line: e.Line(), dest: e.DirectionText, due: due, alert: f.AlertOn(e.Line()),
			planned: !e.Realtime(), now: due == tx.Now, gone: e.Gone(), pad: col, w: w, badgeW: badgeW, platW: platW, dueW: dueW}
		if platW > 0 {
			key.plat = e.PlatformName
		}
		l, ok := memo[key]
		if !ok {
			l = m.drawSpan(f, key, destW, dueSt)
			if len(memo) >= bigMemoMax {
				clear(memo)
			}
			memo[key] = l
		}
		out = append(out, l)
	}
	return out
}

// spanKey is everything a row of text depends on (spanRows).
type spanKey struct {
	st                    *ui.Styles
	line, dest, plat, due string
	alert, planned, now   bool
	gone                  bool
	pad                   bool // padded to w (a column of boards side by side)
	w                     int
	badgeW, platW, dueW   int
}

// drawSpan draws one departure as a row of text across k.w, in frame f.
func (m *Model) drawSpan(f app.Frame, k spanKey, destW int, dueSt lipgloss.Style) string {
	st := f.Styles
	dest := k.dest
	if k.alert {
		dest = "⚠ " + dest
	}
	dest = FitName(dest, destW, m.Kiosk.speech.lang)
	var sb strings.Builder
	sb.WriteString("  ")
	sb.WriteString(m.piece(pieceKey{st: st, kind: pieceBadge, sub: k.line, text: " " + k.line, w: k.badgeW}, st.LineBadge(k.line)))
	sb.WriteString("  ")
	sb.WriteString(m.piece(pieceKey{st: st, kind: pieceDest, text: dest, w: destW}, st.Text))
	if k.platW > 0 {
		sb.WriteString("  ")
		sb.WriteString(m.piece(pieceKey{st: st, kind: piecePlat, text: k.plat, w: k.platW}, st.Muted))
	}
	sb.WriteString(" ")
	sb.WriteString(m.piece(pieceKey{st: st, kind: pieceDue, gone: k.gone, sub: k.due, text: k.due, w: k.dueW, left: true}, dueSt))
	if k.pad {
		return pad(ui.Fit(sb.String(), k.w), k.w)
	}
	return ui.Fit(sb.String(), k.w)
}

// spanMemo returns the memo of drawn rows of text, made on first use.
func (c *kioskCache) spanMemo() map[spanKey]string {
	if c.span == nil {
		c.span = make(map[spanKey]string, 64)
	}
	return c.span
}

// bigLayout is what the widths of a board's large rows are kept for.
type bigLayout struct {
	b        *board.Pane
	scale, w int
	hour     int64
}

// bigWidths are the widths of a board's large rows' columns.
type bigWidths struct{ badge, due, plat int }

// steady returns the widths of board b's large rows: the widest asked
// for within the hour at this scale and width. A column that narrowed
// when a departure left would move the columns right of it in every
// row, and so redraw every row; it narrows at the next hour instead.
func (c *kioskCache) steady(b *board.Pane, scale, w int, now time.Time, badge, due, plat int) (int, int, int) {
	if c.widths == nil || len(c.widths) >= bigMemoMax {
		c.widths = make(map[bigLayout]bigWidths, 4)
	}
	k := bigLayout{b: b, scale: scale, w: w, hour: now.Unix() / 3600}
	was := c.widths[k]
	now2 := bigWidths{badge: max(badge, was.badge), due: max(due, was.due), plat: max(plat, was.plat)}
	if plat == 0 {
		now2.plat = 0 // a board of one platform shows none
	}
	c.widths[k] = now2
	return now2.badge, now2.due, now2.plat
}

// BigDrawn is how many large rows the kiosk has drawn (not served from
// its memo) since it started.
func (k *Kiosk) BigDrawn() int { return k.cache.drawn }

// memo returns the memo of drawn large rows, made on first use.
func (c *kioskCache) memo() map[bigKey][]string {
	if c.big == nil {
		c.big = make(map[bigKey][]string, 16)
	}
	return c.big
}

// steadyRows is rows of board b in steadyOrder by their countdowns in
// frame f.
func (m *Model) steadyRows(f app.Frame, b *board.Pane, rows []int) []int {
	return m.Kiosk.cache.steadyOrder(b, rows, func(r int) string {
		due, _ := m.dueCell(f, &b.Data.Events[r])
		return due
	})
}

// steadyOrder returns rows with the departures that show the same
// countdown (due) in the order board b showed them last: two buses both
// "4 min" away whose predictions overtake each other by a few seconds
// with every answer would otherwise swap places every poll, which tells
// a reader nothing and redraws both large rows. A departure shown for the
// first time keeps its place in the data among its equals; rows whose
// countdowns differ keep the data's order.
func (c *kioskCache) steadyOrder(b *board.Pane, rows []int, due func(r int) string) []int {
	if c.order == nil || len(c.order) >= bigMemoMax {
		c.order = make(map[*board.Pane]map[board.EventKey]int, 4)
	}
	prev := c.order[b]
	rank := func(r int) int {
		if i, ok := prev[board.KeyOf(&b.Data.Events[r])]; ok {
			return i
		}
		return len(prev) // after those shown before, in the data's order
	}
	out := slices.Clone(rows)
	texts := make([]string, len(out))
	for i, r := range out {
		texts[i] = due(r)
	}
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && texts[j] == texts[i] {
			j++
		}
		if j-i > 1 && prev != nil {
			slices.SortStableFunc(out[i:j], func(x, y int) int { return cmp.Compare(rank(x), rank(y)) })
		}
		i = j
	}
	// The map of the order before last is filled anew (two in turn):
	// a column is ordered every time one of its countdowns turns.
	next := c.spareOrder[b]
	if next == nil {
		next = make(map[board.EventKey]int, len(out))
	}
	clear(next)
	for i, r := range out {
		next[board.KeyOf(&b.Data.Events[r])] = i
	}
	c.order[b] = next
	if c.spareOrder == nil || len(c.spareOrder) >= bigMemoMax {
		c.spareOrder = make(map[*board.Pane]map[board.EventKey]int, 4)
	}
	c.spareOrder[b] = prev
	return out
}

// dueHold is how far ahead a countdown may read: a countdown that went
// up by a minute with a new prediction (3 min, then 4 min: the bus a few
// seconds later) keeps its text while it would read it again within
// dueHold, so that it does not go 3, 4, 3 with the predictions' jitter
// around the minute. It never reads later than the prediction.
const dueHold = 30 * time.Second

// dueCell is the countdown of e as the large rows show it: DueCell read
// at the end of the minute (dueReadAt), or the text it showed last while
// that text comes back within dueHold (a new prediction a few seconds
// later across a minute's turn).
//
// A hall display asks for every row's countdown every second (what
// shows, the order of equal countdowns, the rows drawn), but a countdown
// reads minutes: its text turns only on the minute, or, within two
// minutes of the departure, when the time to it crosses the minute
// ("now"), or the clocks change (at a whole hour). Between those the
// text is the one given last (dueKept), so a second that turns no
// countdown reads none anew. f is the frame it is read in.
func (m *Model) dueCell(f app.Frame, e *model.Event) (string, lipgloss.Style) {
	st, tx, now := f.Styles, f.Texts, f.Now
	c := m.Kiosk.cache
	j, ok := c.dues[e]
	if ok && c.kept[j].holds(e, st, tx, now) {
		return c.kept[j].text, c.kept[j].style
	}
	due, style := m.dueCellAt(st, tx, e, now)
	if !ok {
		// New data brings new events: past the bound, the memo starts
		// anew in the same storage.
		if c.dues == nil || len(c.dues) >= 4*bigMemoMax {
			c.dues, c.kept = make(map[*model.Event]int, 64), c.kept[:0]
		}
		j = len(c.kept)
		c.kept = append(c.kept, dueKept{})
		c.dues[e] = j
	}
	until := now.Truncate(time.Minute).Add(time.Minute)
	if t := dueTurns(e.Due(), now); dueReadAt(e, now).Equal(now) && t.Before(until) {
		until = t
	}
	c.kept[j] = keep(e, st, tx, now, until, due, style)
	return due, style
}

// dueReadAt is the instant a hall display reads e's countdown at, at now:
// the end of now's minute, so that all countdowns turn together with the
// clock's minute, as on a station's display, and the screen stays still
// between two minutes but for the answers. A countdown read at the end
// of the minute is never later than the time left (it may read a minute
// less: 4 min from 12:00:10 to 12:00:59 for a departure at 12:05:30,
// never more), so nobody misses a departure for it. Where that reading
// is "now" (the departure less than two minutes away) or the departure
// has no time or is gone, it is read at now itself: "now" shows exactly
// when less than a minute is left, as on every board of abfahrt.
func dueReadAt(e *model.Event, now time.Time) time.Time {
	end := now.Truncate(time.Minute).Add(time.Minute)
	if left, ok := e.DueIn(end); !ok || left < time.Minute || !e.Vanished.IsZero() {
		return now
	}
	return end
}

// dueKept is a departure's countdown as dueCell gave it: what it was
// worked out from (the fields of the departure its text, its style and
// its key across polls read) and the span of the clock it holds for:
// [from, until), and from itself when until is from.
type dueKept struct {
	vehicle, route int
	point          model.StopPointCode
	arrival, gone  bool
	sched, actual  time.Time
	st             *ui.Styles
	tx             *ui.Texts
	from, until    time.Time
	text           string
	style          lipgloss.Style
}

// keep returns e's countdown kept: text and style at from, until until.
func keep(e *model.Event, st *ui.Styles, tx *ui.Texts, from, until time.Time, text string, style lipgloss.Style) dueKept {
	return dueKept{vehicle: e.VehicleNumber, route: e.RouteNumber, point: e.StopPointCode, arrival: e.Arrival,
		gone: !e.Vanished.IsZero(), sched: e.Scheduled.Time, actual: e.Actual.Time,
		st: st, tx: tx, from: from, until: until, text: text, style: style}
}

// holds reports whether d is e's countdown at now: the same departure
// at the same times, in the same theme and language, within d's span.
// It reads e's fields in place (Event's methods take a copy of it).
func (d *dueKept) holds(e *model.Event, st *ui.Styles, tx *ui.Texts, now time.Time) bool {
	return d.st == st && d.tx == tx && (now.Equal(d.from) || now.After(d.from) && now.Before(d.until)) &&
		d.vehicle == e.VehicleNumber && d.route == e.RouteNumber && d.arrival == e.Arrival &&
		d.gone == !e.Vanished.IsZero() && d.sched.Equal(e.Scheduled.Time) && d.actual.Equal(e.Actual.Time) &&
		d.point == e.StopPointCode
}

// dueTurns is the first instant after now at which a countdown to due
// may read otherwise: the time left, or left less dueHold, crosses a
// whole minute, or the clock begins a new hour (the clocks change at a
// whole hour, and a countdown across the change reads otherwise). It is
// now itself (kept for that instant alone) when one of those falls on now.
func dueTurns(due, now time.Time) time.Time {
	until := now.Truncate(time.Hour).Add(time.Hour)
	for _, left := range []time.Duration{due.Sub(now), due.Sub(now) - dueHold} {
		r := left % time.Minute
		if r < 0 {
			r += time.Minute
		}
		if t := now.Add(r); t.Before(until) {
			until = t
		}
	}
	return until
}

// dueCellAt is dueCell worked out at now, in the styles st and texts tx.
func (m *Model) dueCellAt(st *ui.Styles, tx *ui.Texts, e *model.Event, now time.Time) (string, lipgloss.Style) {
	c := m.Kiosk.cache
	c.worked++
	now = dueReadAt(e, now)
	due, style := st.DueCell(tx, e, now)
	k := board.KeyOf(e)
	prev, ok := c.shown[k]
	if ok && prev != due {
		if ahead, aheadSt := st.DueCell(tx, e, now.Add(dueHold)); ahead == prev {
			due, style = ahead, aheadSt
		}
	}
	if ok && prev == due {
		return due, style // most calls: kept as it was
	}
	if c.shown == nil || len(c.shown) >= 4*bigMemoMax {
		c.shown = make(map[board.EventKey]string, 64)
	}
	c.shown[k] = due
	return due, style
}

// A row drawn anew is mostly what it was: a countdown turned, and the
// badge, the destination and the platform beside it read as before.
// The styled pieces of the rows (piece) are kept by what they show, so
// that such a row styles its countdown alone.

// Kinds of pieces of a drawn row.
const (
	pieceBadge = iota + 1
	pieceDest
	piecePlat
	pieceDue
)

// pieceKey is a styled piece of a row: its kind, the theme and what
// chooses the style within it (the line of a badge; the countdown's
// text and whether the departure is gone, for the countdown; an
// alert's for the destination), the text padded to w (at the left:
// left), between side spaces.
type pieceKey struct {
	st          *ui.Styles
	kind        uint8
	alert, gone bool
	left        bool
	sub, text   string
	w, side     int
}

// piece returns k's text padded and styled by style, which k chooses.
func (m *Model) piece(k pieceKey, style lipgloss.Style) string {
	c := m.Kiosk.cache
	if p, ok := c.pieces[k]; ok {
		return p
	}
	body := ui.Pad(k.text, k.w)
	if k.left {
		body = ui.PadLeft(k.text, k.w)
	}
	if k.side > 0 {
		side := strings.Repeat(" ", k.side)
		body = side + body + side
	}
	p := style.Render(body)
	if c.pieces == nil || len(c.pieces) >= 4*bigMemoMax {
		c.pieces = make(map[pieceKey]string, 64)
	}
	c.pieces[k] = p
	return p
}
