package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// Kiosk layout.
const (
	// shiftEvery is how often the kiosk's layout moves by a character (and
	// the night clock to another place), to spare the screen.
	shiftEvery = 5 * time.Minute
	// tickerPage is how long each page of a long alert shows.
	tickerPage = 6 * time.Second
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
}

// kioskView renders the kiosk screen, from the cache within a second.
func (m *kioskModel) kioskView() string {
	k := &m.kiosk
	w, h := m.width, m.height
	i := k.shown(m.sh.local) // rotation, like every animation, runs on the local clock
	key := kioskKey{sec: m.sh.local.Unix(), svc: m.sh.now.Unix(), w: w, h: h, board: i, arev: k.arev, asleep: k.asleep}
	if i < len(k.boards) {
		key.rev = k.boards[i].rev
	}
	return k.cache.get(key, func() string { return clampLines(m.renderKiosk(i, w, h), w, h) })
}

// shift is the burn-in offset at now: one of four positions a character
// apart, changing every shiftEvery, the same on every kiosk at the time.
func shift(now time.Time) (dx, dy int) {
	i := now.Unix() / int64(shiftEvery/time.Second)
	return int(i % 2), int(i / 2 % 2)
}

// renderKiosk draws the kiosk showing board i in w×h: the clock and date,
// the board, and what is wrong with the data, if anything.
func (m *kioskModel) renderKiosk(i, w, h int) string {
	k := &m.kiosk
	if k.asleep || len(k.boards) == 0 {
		return m.renderNightClock(w, h)
	}
	dx, dy := shift(m.sh.local)
	cw, ch := w-1, h-1 // the content keeps a free column and row to move into
	lines := m.kioskLines(&k.boards[i], i, cw, ch)
	out := make([]string, 0, h)
	for range dy {
		out = append(out, "")
	}
	margin := strings.Repeat(" ", dx)
	for _, l := range lines {
		out = append(out, margin+l)
	}
	return strings.Join(out, "\n")
}

// kioskLines lays out the kiosk's content in w×h: header, banner, board
// and ticker, at most h lines.
func (m *kioskModel) kioskLines(b *boardPane, i, w, h int) []string {
	st, tx, now := m.sh.st, m.sh.t, m.sh.now
	delayed, ref, blank := m.freshness(b)
	rows := m.kiosk.rows(i)
	next := nextDeparture(b, rows, now)
	if blank {
		next = nil
	}
	var lines []string
	lines = append(lines, m.kioskHeader(b, i, next, w, h)...)
	if m.sh.simulated {
		// The answers come from abfahrt's simulation (through a hub,
		// perhaps): a station must not take an invented city for its own.
		lines = append(lines, st.Muted.Render(center(tx.SimulatedData, w)))
	} else {
		lines = append(lines, "")
	}
	if delayed {
		text := "⚠ " + fmt.Sprintf(tx.DataDelayed, m.sh.svcAt(ref).In(model.Berlin).Format("15:04")) + " ⚠"
		if b.polls().ageUnknown {
			text = "⚠ " + tx.DelayedUnknown + " ⚠"
		}
		lines = append(lines, st.Banner.Render(center(text, w)), "")
	}
	ticker := m.tickerLine(w)
	room := h - len(lines)
	if ticker != "" {
		room -= 2
	}
	lines = append(lines, m.kioskTable(b, rows, blank, w, room)...)
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

// freshness says how honest the board's data is at now: delayed when the
// last good answer (or the start, before any) is more than two intervals
// old, since when, and blank when rows older than StaleAfter must go.
func (m *kioskModel) freshness(b *boardPane) (delayed bool, since time.Time, blank bool) {
	k, now := &m.kiosk, m.sh.local // poll times are local
	since = b.polls().lastOK
	if since.IsZero() {
		since = k.since
	}
	delayed = now.Sub(since) > delayedAfter*m.sh.pol.interval
	blank = b.have && now.Sub(b.polls().lastOK) > k.opt.StaleAfter
	return delayed, since, blank
}

// nextDeparture returns the first event of rows still to come, or nil: a
// vehicle arriving or at the stop is still to come even a few seconds
// after its predicted time (its row says "now"; a passenger can board).
func nextDeparture(b *boardPane, rows []int, now time.Time) *model.Event {
	for _, r := range rows {
		e := &b.data.Events[r]
		here := e.Status == model.StatusStopping || e.Status == model.StatusArriving
		if due, ok := e.DueIn(now); ok && (due >= 0 || here) && !e.Status.Done() {
			return e
		}
	}
	return nil
}

// kioskHeader is the top block: the big clock on the left, date and board
// in the middle, the big countdown of the next departure on the right.
func (m *kioskModel) kioskHeader(b *boardPane, i int, next *model.Event, w, h int) []string {
	k, st, tx, now := &m.kiosk, m.sh.st, m.sh.t, m.sh.now
	clock := now.In(model.Berlin).Format("15:04")
	mode := tx.Departures
	if b.subj.arrivals {
		mode = tx.Arrivals
	}
	if p := b.platformName(); p != "" {
		mode += " · " + fmt.Sprintf(tx.Platform, p)
	}
	if n := len(k.boards); n > 1 {
		mode += fmt.Sprintf(" · %d/%d", i+1, n)
	}
	mid := []string{st.Title.Render(tx.date(now)), "", st.Title.Render(b.name()), st.Muted.Render(mode)}
	if k.opt.LargeCountdown && next != nil {
		line := next.Line()
		mid = append(mid, "", st.Muted.Render(tx.NextDep+": ")+st.LineBadge(line).Render(" "+line+" ")+" "+st.Text.Render(next.DirectionText))
	}
	if h < smallKiosk {
		head := st.Digits.Render(clock) + "  " + st.Title.Render(tx.dateIn(now, w-ansi.StringWidth(clock)-2))
		return []string{fit(head, w), fit(mid[2]+" "+mid[3], w)}
	}
	scale := 1
	if w >= bigScaleWidth && h >= bigScaleHeight {
		scale = 2
	}
	left := bigText(clock, scale)
	for j := range left {
		left[j] = st.Digits.Render(left[j])
	}
	var right []string
	if k.opt.LargeCountdown && next != nil {
		right = m.bigCountdown(next, scale)
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
		mid[0] = st.Title.Render(tx.dateIn(now, mw)) // shorter, not cut, beside a wide clock
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
			sb.WriteString(pad(text, mw))
		}
		if rw > 0 {
			sb.WriteString(strings.Repeat(" ", gapW))
			if y < len(right) {
				sb.WriteString(right[y])
			}
		}
		out[y] = fit(sb.String(), w)
	}
	return out
}

// bigCountdown draws the time to the next departure: big minutes and the
// unit, the "now" word, or the clock time an hour or more ahead.
func (m *kioskModel) bigCountdown(e *model.Event, scale int) []string {
	st, tx, now := m.sh.st, m.sh.t, m.sh.now
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
	n := itoa(int(due / time.Minute))
	rows := bigText(n, scale)
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
// double-spaced when there is room, or the notice that replaces them.
func (m *kioskModel) kioskTable(b *boardPane, rows []int, blank bool, w, room int) []string {
	st, tx := m.sh.st, m.sh.t
	if room <= 0 {
		return nil
	}
	if blank {
		since := m.sh.svcAt(b.polls().lastOK).In(model.Berlin).Format("15:04")
		var out []string
		for _, l := range wrapWords(fmt.Sprintf(tx.DataBlanked, since), w-4) {
			out = append(out, "  "+st.Stale.Render(l))
		}
		return out
	}
	if len(rows) == 0 {
		return []string{st.Muted.Render(fit("  "+b.emptyText(), w))}
	}
	badge, plat := max(4, ansi.StringWidth(tx.ColLine)), 0
	for _, r := range rows {
		e := &b.data.Events[r]
		badge = max(badge, ansi.StringWidth(e.Line())+2)
		plat = max(plat, ansi.StringWidth(e.PlatformName))
	}
	if plat > 0 && b.subj.point == "" {
		plat = max(plat, ansi.StringWidth(tx.ColPlatform))
	} else {
		plat = 0
	}
	c := layoutColumns(m.sh.t.w, w, badge, plat, b.leaveCol())
	if c.veh { // vehicle numbers mean nothing to a passenger
		c.veh = false
		c.dir = min(c.dir+c.cw.vehicle+gap, maxDir)
	}
	// The direction column as wide as its longest text, not 56 cells of
	// mostly blank on a wide screen.
	longest := ansi.StringWidth(tx.dirHeader(b.subj.arrivals))
	for _, r := range rows {
		e := &b.data.Events[r]
		n := ansi.StringWidth(e.DirectionText)
		if m.sh.alertOn(e.Line()) {
			n += 2 // "⚠ "
		}
		longest = max(longest, n)
	}
	// A passenger reads where a vehicle goes before its status word: when
	// the status column's room makes every direction whole, it goes.
	if c.status && c.dir < longest && min(c.dir+c.cw.status+gap, maxDir) >= longest {
		c.status = false
		c.dir = min(c.dir+c.cw.status+gap, maxDir)
	}
	c.dir = min(c.dir, longest)
	out := []string{st.ColHeader.Render(fit(b.colHeader(c), w))}
	space := room - 1
	step := 1
	if 2*len(rows) <= space {
		step = 2
	}
	n := 0
	for n < len(rows) && (n+1)*step <= space {
		n++
	}
	if b.cache == nil {
		b.cache = &viewCache{}
	}
	if cap(b.cache.rows) < n {
		b.cache.rows = make([]rowMemo, n)
	}
	b.cache.rows = b.cache.rows[:n]
	for j := range n {
		if step == 2 {
			out = append(out, "")
		}
		// A new second draws again only the rows whose text changed.
		out = append(out, b.cachedRow(&b.cache.rows[j], &b.data.Events[rows[j]], c, false, w))
	}
	return out
}

// tickerLine is the unplanned alert in one line: whole when it fits, else
// in pages of whole words that turn every tickerPage.
func (m *kioskModel) tickerLine(w int) string {
	a := m.kiosk.alert
	if a.Title == "" && len(a.Items) == 0 {
		return ""
	}
	pages := wrapWords(alertText(a), w-3)
	if len(pages) == 0 {
		return ""
	}
	p := pages[int(m.sh.local.Unix()/int64(tickerPage/time.Second))%len(pages)]
	return fit(m.sh.st.Ticker.Render("⚠ "+p), w)
}

// renderNightClock is the screen outside operating hours: only the clock,
// dimmed, at a place that moves every shiftEvery.
func (m *kioskModel) renderNightClock(w, h int) string {
	now := m.sh.now
	clock := now.In(model.Berlin).Format("15:04")
	scale := 1
	if w >= bigScaleWidth && h >= bigScaleHeight {
		scale = 2
	}
	rows := bigText(clock, scale)
	cw := bigWidth(clock, scale)
	if h < smallKiosk || cw > w {
		rows, cw = []string{clock}, ansi.StringWidth(clock)
	}
	// When the display wakes (the start of the operating hours) and the
	// first departure then, below the clock.
	from := m.kiosk.opt.HoursFrom
	resume := fmt.Sprintf(m.sh.t.Resumes, fmt.Sprintf("%02d:%02d", from/60, from%60))
	below := append([]string{resume}, m.kiosk.firstLines()...)
	i := m.sh.local.Unix() / int64(shiftEvery/time.Second)
	px := int(i*7) % max(w-cw+1, 1)
	py := int(i*3) % max(h-len(rows)-len(below)+1, 1)
	out := make([]string, 0, py+len(rows))
	for range py {
		out = append(out, "")
	}
	for _, r := range rows {
		out = append(out, strings.Repeat(" ", px)+m.sh.st.Dim.Render(r))
	}
	for _, l := range below {
		if len(out) >= h {
			break
		}
		out = append(out, strings.Repeat(" ", max(min(px, w-ansi.StringWidth(l)), 0))+m.sh.st.Dim.Render(fit(l, w)))
	}
	return strings.Join(out, "\n")
}

// center pads s on both sides to width w.
func center(s string, w int) string {
	n := ansi.StringWidth(s)
	if n >= w {
		return fit(s, w)
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", w-n-left)
}

// wrapWords breaks plain text into lines of at most w cells at spaces; a
// word longer than w is cut.
func wrapWords(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
			line += " " + word
		default:
			out = append(out, fit(line, w))
			line = word
		}
	}
	if line != "" {
		out = append(out, fit(line, w))
	}
	return out
}
