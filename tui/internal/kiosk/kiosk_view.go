package kiosk

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// Kiosk layout.
const (
	// ShiftEvery is how often the kiosk's layout moves by a character (and
	// the night clock to another place), to spare the screen.
	ShiftEvery = 5 * time.Minute
	// TickerPage is how long each page of a long alert shows.
	TickerPage = 6 * time.Second
	// ShiftEveryReduced and TickerPageReduced are the same with reduced
	// motion: the burn-in step is rare and slow, the pages stay.
	ShiftEveryReduced = time.Hour
	TickerPageReduced = 20 * time.Second
	// bigScaleWidth and bigScaleHeight are the sizes from which the big
	// digits are drawn twice as large.
	bigScaleWidth  = 120
	bigScaleHeight = 36
	// smallKiosk is the height below which the clock is one line of text.
	smallKiosk = 16
)

// kioskKey is everything the kiosk's view depends on.
type kioskKey struct {
	sec    int64 // the local second (rotation, burn-in shift)
	svc    int64 // the service's second (clocks, countdowns)
	w, h   int
	board  int
	rev    int
	arev   int
	asleep bool
	// vis stands for sec and svc where the frame is of large rows: what
	// of it turns with the clock (visibleKey).
	vis string
}

// kioskView renders the kiosk screen in frame f, from the cache within
// a second.
func (m *Model) kioskView(f app.Frame) string {
	k := &m.Kiosk
	w, h := m.width, m.height
	i := k.shown(f.Local) // rotation, like every animation, runs on the local clock
	cols := k.Columns(w, h)
	if cols > 1 && !k.Asleep {
		// Boards side by side (kiosk_cols.go): the key holds every
		// board's revision on the page.
		first := k.page(f, cols)
		key := kioskKey{sec: f.Local.Unix(), svc: f.Now.Unix(), w: w, h: h, board: -1 - first, arev: k.arev}
		for j := first; j < min(first+cols, len(k.Boards)); j++ {
			key.rev = key.rev*31 + k.Boards[j].Revision
		}
		if vis, ok := m.visibleKey(f, first, cols, w, h); ok {
			key.sec, key.svc, key.vis = 0, 0, vis // built again only when what shows turns
		}
		return k.cache.Get(key, func() string {
			// Every line of the columns is cut or padded to its width as
			// it is built: only the number of lines is clamped here (a
			// measure of every line of a 300-column frame cost more than
			// joining it).
			return clampCount(m.withKeyHint(f, m.renderColumns(f, first, cols, w, h), w, h), h)
		})
	}
	key := kioskKey{sec: f.Local.Unix(), svc: f.Now.Unix(), w: w, h: h, board: i, arev: k.arev, asleep: k.Asleep}
	if i < len(k.Boards) {
		key.rev = k.Boards[i].Revision
		if vis, ok := m.visibleKey(f, i, 1, w, h); ok {
			key.sec, key.svc, key.vis = 0, 0, vis
		}
	}
	return k.cache.Get(key, func() string { return clampLines(m.withKeyHint(f, m.renderKiosk(f, i, w, h), w, h), w, h) })
}

// withKeyHint puts the hint of a key pressed (how to leave), or the note
// that the layout of the hour switched, on the last
// line of frame while it shows, in frame f.
func (m *Model) withKeyHint(f app.Frame, frame string, w, h int) string {
	k := &m.Kiosk
	quit := k.Options.Quit()
	var hint string
	switch {
	case h < 2:
		return frame
	case quit != "" && f.Local.Before(k.hintUntil):
		hint = fmt.Sprintf(f.Texts.KeysLocked, quit)
	case k.switchNote != "" && f.Local.Before(k.switchUntil):
		hint = k.switchNote // the layout of the hour switched
	default:
		return frame
	}
	lines := strings.Split(frame, "\n")
	for len(lines) < h {
		lines = append(lines, "")
	}
	lines = lines[:h]
	lines[h-1] = f.Styles.Muted.Render(center(hint, w-1))
	return strings.Join(lines, "\n")
}

// Shift is the burn-in offset at now: one of four positions a character
// apart, changing every shiftEvery, the same on every kiosk at the time.
func Shift(now time.Time) (dx, dy int) { return shiftEvery(now, ShiftEvery) }

// shiftEvery is Shift with steps every d.
func shiftEvery(now time.Time, d time.Duration) (dx, dy int) {
	i := now.Unix() / int64(d/time.Second)
	return int(i % 2), int(i / 2 % 2)
}

// step is how often the burn-in protection moves the layout: every
// ShiftEvery, or once an hour with reduced motion.
func (m *Model) step() time.Duration {
	if m.Shared.ReduceMotion {
		return ShiftEveryReduced
	}
	return ShiftEvery
}

// renderKiosk draws the kiosk showing board i in w×h: the clock and date,
// the board, and what is wrong with the data, if anything, in frame f.
func (m *Model) renderKiosk(f app.Frame, i, w, h int) string {
	k := &m.Kiosk
	if k.Asleep || len(k.Boards) == 0 {
		return m.renderNightClock(f, w, h)
	}
	dx, dy := shiftEvery(f.Local, m.step())
	cw, ch := w-1, h-1 // the content keeps a free column and row to move into
	return shifted(m.kioskLines(f, &k.Boards[i], i, cw, ch), dx, dy, 0)
}

// shifted joins lines moved dx columns right and dy rows down: the
// burn-in shift of every kiosk screen; empty lines follow up to total
// lines (0: none).
func shifted(lines []string, dx, dy, total int) string {
	// One copy into one string: a margin joined to each line and then
	// the lines joined copied a 300×80 frame twice and allocated for
	// every line; empty lines added to the frame afterwards (clampCount)
	// copied it again.
	more := max(total-dy-len(lines), 0)
	n := dy + max(len(lines)-1, 0) + more
	for _, l := range lines {
		n += dx + len(l)
	}
	var sb strings.Builder
	sb.Grow(n)
	for range dy {
		sb.WriteByte('\n')
	}
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		for range dx {
			sb.WriteByte(' ')
		}
		sb.WriteString(l)
	}
	for range more {
		sb.WriteByte('\n')
	}
	return sb.String()
}

// kioskLines lays out the kiosk's content in w×h: header, banner, board
// and ticker, at most h lines, in frame f.
func (m *Model) kioskLines(f app.Frame, b *board.Pane, i, w, h int) []string {
	st, tx, now := f.Styles, f.Texts, f.Now
	delayed, ref, blank := m.freshness(f, b, i)
	rows := m.steadyRows(f, b, m.Kiosk.Rows(f, i))
	next := nextDeparture(b, rows, now)
	if blank {
		next = nil
	}
	var lines []string
	asOf := ""
	if !delayed && !blank && b.Have && !b.Polls().LastOK.IsZero() {
		asOf = fmt.Sprintf(tx.AsOf, f.SvcAt(b.Polls().LastOK).In(model.Berlin).Format("15:04"))
		if n := b.WalkNote(f); n != "" {
			asOf += " · " + n // how many missed departures it hides
		}
	}
	// Large departures when the screen has room (kiosk_big.go): the
	// header's clock shrinks to make room, and the next departure,
	// already large below, leaves it.
	scale, up := BigScale(w, h), []int(nil)
	if scale > 0 && !blank {
		up = upcoming(b, rows, now)
	}
	if len(up) == 0 {
		scale = 0
	}
	lines = append(lines, m.kioskHeader(f, b, i, next, asOf, w, h, scale > 0)...)
	if m.Shared.Simulated {
		// The answers come from abfahrt's simulation (through a hub,
		// perhaps): a station must not take an invented city for its own.
		lines = append(lines, st.Muted.Render(center(tx.SimulatedData, w)))
	} else {
		lines = append(lines, "")
	}
	if delayed {
		text := ui.StaleMark + " " + fmt.Sprintf(tx.DataDelayed, f.SvcAt(ref).In(model.Berlin).Format("15:04")) + " " + ui.StaleMark
		if b.Polls().AgeUnknown {
			text = ui.StaleMark + " " + tx.DelayedUnknown + " " + ui.StaleMark
		}
		lines = append(lines, st.Banner.Render(center(text, w)), "")
	}
	ticker := m.tickerLine(f, w)
	room := h - len(lines)
	if ticker != "" {
		room -= 2
	}
	if scale > 0 {
		lines = append(lines, m.bigBoard(f, b, up, scale, w, room, false)...)
	} else {
		lines = append(lines, m.kioskTable(f, b, rows, blank, w, room)...)
	}
	if ticker != "" {
		for len(lines) < h-1 {
			lines = append(lines, "")
		}
		lines = append(lines, ticker)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}

// freshness says how honest board i's data is in frame f: delayed while
// its banner shows (followBanner: stale by the one rule, with
// hysteresis), since when (the last good answer, or the start before
// any), and blank when rows older than StaleAfter must go.
func (m *Model) freshness(f app.Frame, b *board.Pane, i int) (delayed bool, since time.Time, blank bool) {
	k, now := &m.Kiosk, f.Local // poll times are local
	since = k.bannerSince(f, i, b)
	delayed = k.bannerOn(i) || k.delayed(f, b)
	blank = b.Have && now.Sub(b.Polls().LastOK) > k.Options.StaleAfter
	return delayed, since, blank
}

// nextDeparture returns the first event of rows still to come, or nil: a
// vehicle arriving or at the stop is still to come even a few seconds
// after its predicted time (its row says "now"; a passenger can board).
// With a walking time it is the first that can still be caught on foot:
// the headline is never a missed one.
func nextDeparture(b *board.Pane, rows []int, now time.Time) *model.Event {
	for _, r := range rows {
		e := &b.Data.Events[r]
		here := e.Status == model.StatusStopping || e.Status == model.StatusArriving
		due, ok := e.DueIn(now)
		if !ok || (due < 0 && !here) || e.Status.Done() || e.Gone() {
			continue
		}
		if b.Walk > 0 {
			if _, band, ok := ui.LeaveBand(e, now, b.Walk); !ok || band == ui.BandMissed {
				continue
			}
		}
		return e
	}
	return nil
}

// kioskHeader is the top block: the big clock on the left, date and board
// in the middle, the big countdown of the next departure on the right.
//
// With large departures below (big), the clock is drawn small and the
// next departure is left to the rows. f is the frame it is drawn in.
func (m *Model) kioskHeader(f app.Frame, b *board.Pane, i int, next *model.Event, asOf string, w, h int, big bool) []string {
	k, st, tx, now := &m.Kiosk, f.Styles, f.Texts, f.Now
	clock := now.In(model.Berlin).Format("15:04")
	mode := tx.Departures
	if b.Subject.Arrivals {
		mode = tx.Arrivals
	}
	if p := b.PlatformName(); p != "" {
		mode += " · " + fmt.Sprintf(tx.Platform, p)
	}
	if n := len(k.Boards); n > 1 {
		mode += fmt.Sprintf(" · %d/%d", i+1, n)
	}
	if k.Profile >= 0 && k.Profile < len(k.profiles) {
		mode += " · " + fmt.Sprintf(tx.LayoutNow, k.profiles[k.Profile].Name)
	}
	if asOf != "" {
		mode += " · " + asOf // the age of fresh data, quietly
	}
	mid := []string{st.Title.Render(tx.Date(now)), "", st.Title.Render(b.Name(tx)), st.Muted.Render(mode)}
	if big {
		next = nil
	}
	if k.Options.LargeCountdown && next != nil {
		line := next.Line()
		mid = append(mid, "", st.Muted.Render(tx.NextDep+": ")+st.LineBadge(line).Render(" "+line+" ")+" "+st.Text.Render(next.DirectionText))
	}
	if h < smallKiosk {
		head := st.Digits.Render(clock) + "  " + st.Title.Render(tx.DateIn(now, w-ansi.StringWidth(clock)-2))
		return []string{ui.Fit(head, w), ui.Fit(mid[2]+" "+mid[3], w)}
	}
	scale := 1
	if w >= bigScaleWidth && h >= bigScaleHeight && !big {
		scale = 2
	}
	left := BigText(clock, scale)
	for j := range left {
		left[j] = st.Digits.Render(left[j])
	}
	var right []string
	if k.Options.LargeCountdown && next != nil {
		right = m.bigCountdown(f, next, scale)
	}
	lw, rw := bigWidth(clock, scale), 0
	for _, r := range right {
		rw = max(rw, ansi.StringWidth(r))
	}
	gapW := 3 * scale
	mw := w - lw - gapW
	if rw > 0 {
		mw -= rw + gapW
	}
	if mw < 12 { // no room beside the clock: the countdown goes first, then the text
		right, rw, mw = nil, 0, w-lw-gapW
	}
	if mw > 0 {
		mid[0] = st.Title.Render(tx.DateIn(now, mw)) // shorter, not cut, beside a wide clock
	}
	if len(mid) > len(left) { // small digits: no blank lines between the parts
		mid = slices.DeleteFunc(mid, func(s string) bool { return s == "" })
	}
	top := max((len(left)-len(mid))/2, 0)
	out := make([]string, len(left))
	for y := range left {
		var sb strings.Builder
		sb.WriteString(left[y])
		if mw > 0 {
			sb.WriteString(strings.Repeat(" ", gapW))
			text := ""
			if j := y - top; j >= 0 && j < len(mid) {
				text = mid[j]
			}
			sb.WriteString(ui.Pad(text, mw))
		}
		if rw > 0 {
			sb.WriteString(strings.Repeat(" ", gapW))
			if y < len(right) {
				sb.WriteString(right[y])
			}
		}
		out[y] = ui.Fit(sb.String(), w)
	}
	return out
}

// bigCountdown draws the time to the next departure: big minutes and the
// unit, the "now" word, or the clock time an hour or more ahead, in
// frame f.
func (m *Model) bigCountdown(f app.Frame, e *model.Event, scale int) []string {
	st, tx, now := f.Styles, f.Texts, f.Now
	due, _ := e.DueIn(now)
	var text string
	switch {
	case due < time.Minute:
		text = st.DueNow.Render(" " + tx.Now + " ")
	case due >= time.Hour:
		text = st.Digits.Render(e.Due().In(model.Berlin).Format("15:04"))
	}
	if text != "" {
		out := make([]string, digitRows*scale)
		out[len(out)/2] = text
		return out
	}
	n := ui.Itoa(int(due / time.Minute))
	rows := BigText(n, scale)
	out := make([]string, len(rows))
	for y, r := range rows {
		unit := strings.Repeat(" ", ansi.StringWidth(tx.Min)+1)
		if y == len(rows)-1 {
			unit = " " + tx.Min
		}
		out[y] = st.Digits.Render(r) + st.Muted.Render(unit)
	}
	return out
}

// kioskTable renders the board's rows in w×room: column titles and rows,
// double-spaced when there is room, or the notice that replaces them, in
// frame f.
func (m *Model) kioskTable(f app.Frame, b *board.Pane, rows []int, blank bool, w, room int) []string {
	st, tx := f.Styles, f.Texts
	if room <= 0 {
		return nil
	}
	if blank {
		since := f.SvcAt(b.Polls().LastOK).In(model.Berlin).Format("15:04")
		var out []string
		for _, l := range ui.WrapWords(fmt.Sprintf(tx.DataBlanked, since), w-4) {
			out = append(out, "  "+st.Stale.Render(l))
		}
		return out
	}
	if len(rows) == 0 {
		return []string{st.Muted.Render(ui.Fit("  "+b.EmptyText(f), w))}
	}
	badge, plat := max(4, ansi.StringWidth(tx.ColLine)), 0
	for _, r := range rows {
		e := &b.Data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		plat = max(plat, ansi.StringWidth(e.PlatformName))
	}
	if plat > 0 && b.Subject.Point == "" {
		plat = max(plat, ansi.StringWidth(tx.ColPlatform))
	} else {
		plat = 0
	}
	c := board.LayoutColumns(tx.Widths, w, badge, plat, b.LeaveCol(tx))
	if c.Vehicle { // vehicle numbers mean nothing to a passenger
		c.Vehicle = false
		c.Direction = min(c.Direction+c.Cw.Vehicle+board.Gap, board.MaxDir)
	}
	// The direction column as wide as its longest text, not 56 cells of
	// mostly blank on a wide screen.
	longest := ansi.StringWidth(tx.DirHeader(b.Subject.Arrivals))
	for _, r := range rows {
		e := &b.Data.Events[r]
		n := ansi.StringWidth(e.DirectionText)
		if f.AlertOn(e.Line()) {
			n += 2 // "⚠ "
		}
		longest = max(longest, n)
	}
	// A passenger reads where a vehicle goes before its status word: when
	// the status column's room makes every direction whole, it goes.
	if c.Status && c.Direction < longest && min(c.Direction+c.Cw.Status+board.Gap, board.MaxDir) >= longest {
		c.Status = false
		c.Direction = min(c.Direction+c.Cw.Status+board.Gap, board.MaxDir)
	}
	c.Direction = min(c.Direction, longest)
	out := []string{st.ColHeader.Render(ui.Fit(b.ColHeader(tx, c), w))}
	space := room - 1
	step := 1
	if 2*len(rows) <= space {
		step = 2
	}
	n := 0
	for n < len(rows) && (n+1)*step <= space {
		n++
	}
	if b.Cache == nil {
		b.Cache = &board.ViewCache{}
	}
	if cap(b.Cache.Rows) < n {
		b.Cache.Rows = make([]board.RowMemo, n)
	}
	b.Cache.Rows = b.Cache.Rows[:n]
	for j := range n {
		if step == 2 {
			out = append(out, "")
		}
		// A new second draws again only the rows whose text changed.
		out = append(out, b.CachedRow(f, &b.Cache.Rows[j], &b.Data.Events[rows[j]], c, false, w))
	}
	return out
}

// tickerPages are the alert's pages wrapped to a width (tickerLine), for
// the alert's revision, and the page last shown (page) as a line in the
// styles st.
type tickerPages struct {
	arev, w int
	pages   []string
	page    int
	st      *ui.Styles
	line    string
}

// tickerLine is the unplanned alert in one line: whole when it fits, else
// in pages of whole words that turn every tickerPage, in frame f.
func (m *Model) tickerLine(f app.Frame, w int) string {
	a := m.Kiosk.alert
	if a.Title == "" && len(a.Items) == 0 {
		return ""
	}
	// The alert's pages, wrapped once for its revision and the width,
	// not in every frame that a countdown turns.
	c := m.Kiosk.cache
	if c.ticker.arev != m.Kiosk.arev || c.ticker.w != w || c.ticker.pages == nil {
		c.ticker = tickerPages{arev: m.Kiosk.arev, w: w, pages: ui.WrapWords(app.AlertText(a), w-3)}
		if c.ticker.pages == nil {
			c.ticker.pages = []string{}
		}
	}
	pages := c.ticker.pages
	if len(pages) == 0 {
		return ""
	}
	page := TickerPage
	if m.Shared.ReduceMotion {
		page = TickerPageReduced
	}
	j := int(f.Local.Unix()/int64(page/time.Second)) % len(pages)
	if t := &c.ticker; t.line == "" || t.page != j || t.st != f.Styles {
		t.page, t.st, t.line = j, f.Styles, ui.Fit(f.Styles.Ticker.Render("⚠ "+pages[j]), w)
	}
	return c.ticker.line
}

// renderNightClock is the screen outside operating hours: only the clock,
// dimmed, at a place that moves every shiftEvery, in frame f.
func (m *Model) renderNightClock(f app.Frame, w, h int) string {
	now := f.Now
	clock := now.In(model.Berlin).Format("15:04")
	scale := 1
	if w >= bigScaleWidth && h >= bigScaleHeight {
		scale = 2
	}
	rows := BigText(clock, scale)
	cw := bigWidth(clock, scale)
	if h < smallKiosk || cw > w {
		rows, cw = []string{clock}, ansi.StringWidth(clock)
	}
	// When the display wakes (the start of the operating hours) and the
	// first departure then, below the clock.
	from := m.Kiosk.Options.HoursFrom
	resume := fmt.Sprintf(f.Texts.Resumes, fmt.Sprintf("%02d:%02d", from/60, from%60))
	below := append([]string{resume}, m.Kiosk.firstLines(f)...)
	i := f.Local.Unix() / int64(m.step()/time.Second)
	px := int(i*7) % max(w-cw+1, 1)
	py := int(i*3) % max(h-len(rows)-len(below)+1, 1)
	out := make([]string, 0, py+len(rows))
	for range py {
		out = append(out, "")
	}
	for _, r := range rows {
		out = append(out, strings.Repeat(" ", px)+f.Styles.Dim.Render(r))
	}
	for _, l := range below {
		if len(out) >= h {
			break
		}
		// Text, not large: muted, which holds 4.5:1 (the clock's Dim 3:1).
		out = append(out, strings.Repeat(" ", max(min(px, w-ansi.StringWidth(l)), 0))+f.Styles.Muted.Render(ui.Fit(l, w)))
	}
	return strings.Join(out, "\n")
}

// center pads s on both sides to width w.
func center(s string, w int) string {
	n := ansi.StringWidth(s)
	if n >= w {
		return ui.Fit(s, w)
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}
