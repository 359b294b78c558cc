package kiosk

import "abfahrt/tui/internal/app"

// What a kiosk asks for. Each answer is decoded and gone through every
// poll (its rows' countdowns, the frame's key), so a kiosk asks each stop
// for what its screen can show, not more: one board on the whole screen
// as many as the screen has lines (its rows of text fill the height at a
// size without large rows); boards side by side what a column shows (a
// few large rows and double-spaced rows of text: about 30 at 300×80,
// where the screen has 75 lines) and a margin, in the steps of
// app.LimitFor that a hub's cache serves alike. Boards that hide rows
// ask for more on their own: a filter of lines, a platform or a
// direction asks for the most (board.Pane.Demand), and a kiosk with a
// board that keeps a few departures per line or hides the missed ones of
// a walking time keeps the limit of its height, as those can hide many.

// askMargin is the departures a column asks for beyond those it shows:
// those that leave before the next answer and those the next answer
// lacks, so that the column stays full between answers.
const askMargin = app.LimitStep / 2

// sized records the kiosk's screen and the configured limit and sets
// the departures its boards ask for (askLimit).
func (k *Kiosk) sized(w, h, least int) {
	k.askW, k.askH, k.askLeast = w, h, least
	k.askLimit()
}

// askLimit sets the departures each board asks for at the kiosk's size:
// what the screen shows (see above), never fewer than the configured
// limit.
func (k *Kiosk) askLimit() {
	w, h := k.askW, k.askH
	if h <= 0 {
		return // no size yet: the configured limit holds
	}
	rows := h - kioskChrome
	if cols := k.Columns(w, h); cols > 1 && !k.hidesRows() {
		rows = min(rows, max(colShows(cols, w, h, false), colShows(cols, w, h, true))+askMargin)
	}
	k.sh.Limit = app.LimitFor(rows, k.askLeast)
}

// hidesRows reports whether a board hides departures of its answer that
// a column would show: some per line only, or the missed ones of a
// walking time.
func (k *Kiosk) hidesRows() bool {
	for i := range k.Boards {
		b := &k.Boards[i]
		if s := b.Spec(); s.PerLine > 0 || b.HideMissed && s.Walk > 0 {
			return true
		}
	}
	return false
}

// colShows is the most departures a column shows when cols boards stand
// side by side at w×h (renderColumns, columnLines, bigBoard): the
// screen less the free row and column of the burn-in shift, the clock's
// digits and the line below them, the board's name, mode and a blank
// line; in it up to colBigRows large rows, a blank line, and rows of
// text on every other line. A delayed banner or an alert ticker only
// take lines away.
func colShows(cols, w, h int, console bool) int {
	w, h = w-1, h-1
	room := h - digitRows - 1
	cw := (w - len([]rune(colGap))*(cols-1)) / cols
	rest := room - 3
	scale := colScale(cw, room)
	if scale == 0 {
		return max(rest, 0)
	}
	hgt := fontHeight(scale, console)
	n := min(colBigRows, (rest+1)/(hgt+1))
	text := 0
	if left := rest - (n*hgt + n - 1) - 1; n > 0 && left > 0 {
		text = (left + 1) / 2
	} else if n == 0 {
		text = rest
	}
	return n + text
}
