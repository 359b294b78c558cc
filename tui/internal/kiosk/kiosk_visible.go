package kiosk

import (
	"bytes"
	"strconv"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/ui"
)

// A hall display shows minutes: its clock turns once a minute, its
// countdowns each at their own second of the minute, the burn-in shift
// every five minutes. Building its frame anew every second (the clock
// message comes every second, for the operating hours, the banner and
// the speech) cost four boards side by side at 300×80 about 0.8 ms a
// second, more than a minimal clock program idles at. visibleKey says
// what of the screen turns with the clock, so that the frame is built
// only when that changes.

// visibleKey returns, for the large departures (one board, or boards
// first… side by side in cols columns), a text that changes whenever
// something the frame shows changes with the clock while the boards'
// data and the alert stay: the service's minute, the burn-in step, the
// alert's page, the key hint and layout notice, each board's freshness
// and every row's countdown (its text and style) and whether it still
// counts as to come. ok is false where the frame is not made of large
// rows (rows of text at a small size, no data, blanked data, the night
// screen): there the frame is built each second as before. f is the
// frame it is drawn in.
func (m *Model) visibleKey(f app.Frame, first, cols, w, h int) (key string, ok bool) {
	k := &m.Kiosk
	if k.Asleep || len(k.Boards) == 0 {
		return "", false
	}
	if cols <= 1 && BigScale(w-1, h-1) == 0 || cols > 1 && h < bigMinHeight {
		return "", false
	}
	// Written into a buffer kept for it, as boardVisible's texts.
	sb := bytes.NewBuffer(k.cache.keyBuf[:0])
	defer func() { k.cache.keyBuf = sb.Bytes() }()
	num := func(n int64) {
		sb.WriteString(strconv.FormatInt(n, 10))
		sb.WriteByte(' ')
	}
	flag := func(b bool) {
		if b {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	local := f.Local
	num(f.Now.Unix() / 60)   // the clock, the date
	num(local.Unix() / 3600) // the large rows' column widths (steady)
	dx, dy := shiftEvery(local, m.step())
	num(int64(dx*2 + dy))
	if k.alert.Title != "" || len(k.alert.Items) > 0 {
		page := TickerPage
		if m.Shared.ReduceMotion {
			page = TickerPageReduced
		}
		num(local.Unix() / int64(page/time.Second))
	}
	flag(local.Before(k.hintUntil))
	flag(local.Before(k.switchUntil))
	num(int64(k.Profile))
	for i := first; i < min(first+max(cols, 1), len(k.Boards)); i++ {
		vis, ok := m.boardVisible(f, &k.Boards[i], i)
		if !ok {
			return "", false
		}
		sb.WriteString(vis)
	}
	if b, last := sb.Bytes(), k.cache.key.vis; string(b) == last {
		return last, true // the key of the frame on screen: no new string
	}
	return sb.String(), true
}

// boardVis is visibleBoard's text for a board at a revision, a size and
// a freshness, with the span of the service's clock it holds for:
// [from, until).
type boardVis struct {
	rev, gen, w, h, profile int
	fresh                   boardFresh
	from, until             time.Time
	vis                     string
	ok                      bool
}

// boardFresh is what of a board's freshness its text shows: whether it
// has data, is blanked, delayed since when (the minute) and of an age
// unknown.
type boardFresh struct {
	have, blank, delayed, ageUnknown bool
	since                            int64
}

// boardVisible is visibleBoard's text for board b (index i). Between two
// answers it is worked out again only when something in it may turn with
// the clock: a countdown (on the minute, or within two minutes of its
// departure at its own second: visibleUntil), a departure that becomes
// due or leaves the board, or the board's freshness. Without that, a
// kiosk of four boards went through each of their 40 departures every
// second to learn that nothing had turned. A board with a walking time
// (whose bands turn at their own seconds) is worked out every second.
// f is the frame it is drawn in.
func (m *Model) boardVisible(f app.Frame, b *board.Pane, i int) (string, bool) {
	c, k, now := m.Kiosk.cache, &m.Kiosk, f.Now
	delayed, since, blank := m.freshness(f, b, i)
	fresh := boardFresh{have: b.Have, blank: blank, delayed: delayed, ageUnknown: b.Polls().AgeUnknown}
	if delayed {
		fresh.since = f.SvcAt(since).Unix() / 60
	}
	was, had := c.vis[b]
	if had && was.rev == b.Revision && was.gen == k.arev && was.w == m.width && was.h == m.height &&
		was.profile == k.Profile && was.fresh == fresh && !now.Before(was.from) && now.Before(was.until) {
		return was.vis, was.ok
	}
	c.visWorked++
	// Written into a buffer kept for it: in most seconds the text is
	// the one of the second before, kept as it was, not allocated anew.
	buf := bytes.NewBuffer(c.visBuf[:0])
	ok := m.visibleBoard(f, buf, b, i, delayed, since, blank)
	c.visBuf = buf.Bytes()
	vis := was.vis
	if !had || string(c.visBuf) != vis {
		vis = string(c.visBuf)
	}
	if c.vis == nil || len(c.vis) >= bigMemoMax {
		c.vis = make(map[*board.Pane]boardVis, 4)
	}
	until := now.Add(time.Nanosecond) // worked out again at any later instant
	if b.Walk <= 0 {
		until = m.visibleUntil(f, b, i)
	}
	c.vis[b] = boardVis{rev: b.Revision, gen: k.arev, w: m.width, h: m.height, profile: k.Profile,
		fresh: fresh, from: now, until: until, vis: vis, ok: ok}
	return vis, ok
}

// visibleUntil is the first instant after the service's now at which
// board b's text (visibleBoard, just worked out) may read otherwise: the
// end of the minute, a shown countdown's turn (dueCell's span), and for
// every departure of the data the instant it becomes due (no longer to
// come) and the one it leaves the board (ui.HideAfter after it). Both
// flip just after their instant, so an instant that is now itself (or a
// countdown kept for now alone) makes the text be worked out again at
// any later instant. f is the frame it is drawn in.
func (m *Model) visibleUntil(f app.Frame, b *board.Pane, i int) time.Time {
	c, now := m.Kiosk.cache, f.Now
	until := now.Truncate(time.Minute).Add(time.Minute)
	earlier := func(t time.Time) {
		if t.Equal(now) {
			t = now.Add(time.Nanosecond)
		}
		if t.After(now) && t.Before(until) {
			until = t
		}
	}
	for j := range b.Data.Events {
		due := b.Data.Events[j].Due()
		earlier(due)
		earlier(due.Add(ui.HideAfter))
	}
	for _, r := range m.Kiosk.Rows(f, i) {
		if j, ok := c.dues[&b.Data.Events[r]]; ok {
			earlier(c.kept[j].until) // now itself when it holds for now alone
		}
	}
	return until
}

// visibleBoard writes what of board b (index i) turns with the clock, or
// reports false when it shows no large rows, in frame f.
func (m *Model) visibleBoard(f app.Frame, sb *bytes.Buffer, b *board.Pane, i int, delayed bool, since time.Time, blank bool) bool {
	if blank || !b.Have {
		return false
	}
	sb.WriteString("|")
	if delayed {
		sb.WriteString("d")
		sb.WriteString(f.SvcAt(since).In(model.Berlin).Format("15:04"))
		if b.Polls().AgeUnknown {
			sb.WriteString("?")
		}
	}
	sb.WriteString(b.WalkNote(f))
	sb.WriteByte(':')
	rows := m.Kiosk.Rows(f, i)
	up := 0
	for j, r := range rows {
		e := &b.Data.Events[r]
		// The text says the style too: "now", "~" planned; a vanished
		// trip is the data's (the board's revision).
		due, _ := m.dueCell(f, e)
		sb.WriteString(strconv.Itoa(r))
		sb.WriteByte(' ')
		sb.WriteString(due)
		if nextDeparture(b, rows[j:j+1], f.Now) != nil {
			sb.WriteByte('+')
			up++
		}
		sb.WriteByte(',')
	}
	return up > 0
}
