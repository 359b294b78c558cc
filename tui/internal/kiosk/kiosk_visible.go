package kiosk

import (
	"bytes"
	"strconv"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/board"
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
// screen): there the frame is built each second as before.
func (m *Model) visibleKey(first, cols, w, h int) (key string, ok bool) {
	k, sh := &m.Kiosk, m.Shared
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
	local := sh.Local
	num(sh.Now.Unix() / 60)  // the clock, the date
	num(local.Unix() / 3600) // the large rows' column widths (steady)
	dx, dy := shiftEvery(local, m.step())
	num(int64(dx*2 + dy))
	if k.alert.Title != "" || len(k.alert.Items) > 0 {
		page := TickerPage
		if sh.ReduceMotion {
			page = TickerPageReduced
		}
		num(local.Unix() / int64(page/time.Second))
	}
	flag(local.Before(k.hintUntil))
	flag(local.Before(k.switchUntil))
	num(int64(k.Profile))
	for i := first; i < min(first+max(cols, 1), len(k.Boards)); i++ {
		vis, ok := m.boardVisible(&k.Boards[i], i)
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

// boardVis is visibleBoard's text for a board at a local second and
// revision.
type boardVis struct {
	sec, svc int64
	rev, gen int
	vis      string
	ok       bool
}

// boardVisible is visibleBoard's text for board b (index i), computed
// once a second and revision: the frame's key and the column's ask.
func (m *Model) boardVisible(b *board.Pane, i int) (string, bool) {
	c, sec := m.Kiosk.cache, m.Shared.Local.Unix()
	svc := m.Shared.Now.Unix()
	if v, ok := c.vis[b]; ok && v.sec == sec && v.svc == svc && v.rev == b.Revision && v.gen == m.Kiosk.arev {
		return v.vis, v.ok
	}
	// Written into a buffer kept for it: in most seconds the text is
	// the one of the second before, kept as it was, not allocated anew.
	was, had := c.vis[b]
	buf := bytes.NewBuffer(c.visBuf[:0])
	ok := m.visibleBoard(buf, b, i)
	c.visBuf = buf.Bytes()
	vis := was.vis
	if !had || string(c.visBuf) != vis {
		vis = string(c.visBuf)
	}
	if c.vis == nil || len(c.vis) >= bigMemoMax {
		c.vis = make(map[*board.Pane]boardVis, 4)
	}
	c.vis[b] = boardVis{sec: sec, svc: svc, rev: b.Revision, gen: m.Kiosk.arev, vis: vis, ok: ok}
	return vis, ok
}

// visibleBoard writes what of board b (index i) turns with the clock, or
// reports false when it shows no large rows.
func (m *Model) visibleBoard(sb *bytes.Buffer, b *board.Pane, i int) bool {
	sh := m.Shared
	delayed, since, blank := m.freshness(b, i)
	if blank || !b.Have {
		return false
	}
	sb.WriteString("|")
	if delayed {
		sb.WriteString("d")
		sb.WriteString(sh.SvcAt(since).In(model.Berlin).Format("15:04"))
		if b.Polls().AgeUnknown {
			sb.WriteString("?")
		}
	}
	sb.WriteString(b.WalkNote(m.Shared.Now, m.Shared.Texts))
	sb.WriteByte(':')
	rows := m.Kiosk.Rows(i)
	up := 0
	for j, r := range rows {
		e := &b.Data.Events[r]
		// The text says the style too: "now", "~" planned; a vanished
		// trip is the data's (the board's revision).
		due, _ := m.dueCell(e)
		sb.WriteString(strconv.Itoa(r))
		sb.WriteByte(' ')
		sb.WriteString(due)
		if nextDeparture(b, rows[j:j+1], sh.Now) != nil {
			sb.WriteByte('+')
			up++
		}
		sb.WriteByte(',')
	}
	return up > 0
}
