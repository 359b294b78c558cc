package tui

import (
	"fmt"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// gridPane holds every interactive board: the watched boards (up to
// MaxBoards compact cells, one of them focused, which enter zooms to the
// full board) and the open board, the one abfahrt starts with or the
// search, a pin or a line opened, shown zoomed and not watched until `w`.
// The plain `abfahrt` board is this grid with its open board zoomed; every
// board is a boardPane and takes the same keys (boardPane.update).
type gridPane struct {
	sh     *shared
	boards []*boardPane // the watched boards, in boards.json
	open   *boardPane   // the open board, nil when the grid shows its watched boards
	focus  int          // the focused watched board
	zoomed bool         // the focused board (the open one, if any) shows whole
	width  int
	height int
	cache  *memo // the whole grid's rendering
	body   *memo // the cells below the summary line (gridPane.render)
	// home is the board esc or the removal of the last watched board
	// comes back to: the last open board, at first the start board.
	home BoardSpec
	// walk and perLine are the defaults (Options) of a board opened from
	// the search or a pin.
	walk    time.Duration
	perLine int
}

// len returns the number of watched boards.
func (g *gridPane) len() int { return len(g.boards) }

// focused returns the board that takes the board keys: the open board,
// else the focused watched board; nil when there is none.
func (g *gridPane) focused() *boardPane {
	if g.open != nil {
		return g.open
	}
	if g.focus < 0 || g.focus >= len(g.boards) {
		return nil
	}
	return g.boards[g.focus]
}

// plain reports whether the grid shows its open board: the plain board
// (with the pin strip and pin numbers), not a watched one.
func (g *gridPane) plain() bool { return g.open != nil }

// all returns every board: the watched ones and the open one.
func (g *gridPane) all() []*boardPane {
	if g.open == nil {
		return g.boards
	}
	return append(slices.Clip(g.boards), g.open)
}

// feed returns the feed of subject s that a board holds, nil if none.
func (g *gridPane) feed(s subject) *feedEntry {
	for _, b := range g.all() {
		if b.subj == s && b.feed != nil {
			return b.feed
		}
	}
	return nil
}

// feeds returns the distinct feeds the boards hold.
func (g *gridPane) feeds() []*feedEntry { return distinctFeeds(g.all()) }

// watchedFeeds returns the distinct feeds of the watched boards.
func (g *gridPane) watchedFeeds() []*feedEntry { return distinctFeeds(g.boards) }

// distinctFeeds returns the feeds boards hold, each once.
func distinctFeeds(boards []*boardPane) []*feedEntry {
	var out []*feedEntry
	for _, b := range boards {
		if b.feed != nil && !slices.Contains(out, b.feed) {
			out = append(out, b.feed)
		}
	}
	return out
}

// add watches a board of spec s and focuses it. It returns the command of
// its feed's first poll when no other view polls the subject yet.
func (g *gridPane) add(s BoardSpec) tea.Cmd {
	b := newBoard(g.sh, s)
	b.focused = false
	g.boards = append(g.boards, b)
	g.focus = len(g.boards) - 1
	return b.show()
}

// openBoard shows target t on the open board (a new one if there is none)
// and zooms to it.
func (g *gridPane) openBoard(t target) tea.Cmd {
	g.zoomed = true
	if g.open != nil {
		return g.open.open(t)
	}
	b := newBoard(g.sh, BoardSpec{Walk: WalkTime(g.walk), PerLine: g.perLine})
	g.open = b
	b.open(t) // not shown yet: only sets the subject
	return b.show()
}

// openSpec opens a board of spec s as the open board, replacing one.
func (g *gridPane) openSpec(s BoardSpec) tea.Cmd {
	g.closeOpen()
	g.open = newBoard(g.sh, s)
	g.zoomed = true
	return g.open.show()
}

// closeOpen gives the open board up (its feed's poll ends unless another
// board shows it); it is home for esc and the last removal.
func (g *gridPane) closeOpen() {
	if g.open == nil {
		return
	}
	g.home = g.open.spec()
	g.open.hide()
	g.open = nil
	g.zoomed = false
}

// watchOpen makes the open board a watched one (`w`), on the feed it has:
// its rows stay. A board already watched with the same filters is focused
// instead; notice is what the status bar says then.
func (g *gridPane) watchOpen() (notice string) {
	b := g.open
	if b == nil {
		return ""
	}
	for i, w := range g.boards {
		if w.subj == b.subj && slices.Equal(w.filt.lines, b.filt.lines) && w.filt.platform == b.filt.platform && w.filt.direction == b.filt.direction {
			g.focus = i
			g.closeOpen()
			return g.sh.dt.AlreadyWatched
		}
	}
	if g.len() >= MaxBoards {
		return fmt.Sprintf(g.sh.dt.GridFull, MaxBoards)
	}
	g.home = b.spec()
	g.boards = append(g.boards, b)
	g.focus = len(g.boards) - 1
	g.open, g.zoomed = nil, false
	b.num = 0
	b.touch()
	return ""
}

// unzoom goes back from the zoomed board to the grid's cells; the open
// board closes.
func (g *gridPane) unzoom() {
	g.closeOpen()
	g.zoomed = false
}

// remove stops watching the focused board; its feed's poll ends unless
// another view shows the subject.
func (g *gridPane) remove() {
	if g.open != nil || g.focus < 0 || g.focus >= len(g.boards) {
		return
	}
	g.boards[g.focus].hide()
	g.boards = slices.Delete(g.boards, g.focus, g.focus+1)
	g.focus = min(g.focus, len(g.boards)-1)
	g.focus = max(g.focus, 0)
	if len(g.boards) == 0 {
		g.zoomed = false
	}
}

// removeAll stops watching every board (a new profile's layout).
func (g *gridPane) removeAll() {
	for _, b := range g.boards {
		b.hide()
	}
	g.boards, g.focus = nil, 0
}

// askRemove is the first `x` on the focused board: it marks the board and
// returns the question for the status line; ok is true when the board was
// marked already, so this `x` removes it.
func (g *gridPane) askRemove() (ask string, ok bool) {
	b := g.focused()
	if b == nil || b == g.open {
		return "", false
	}
	if b.removing {
		return "", true
	}
	b.removing = true
	b.touch()
	return fmt.Sprintf(g.sh.dt.RemoveAsk, g.focus+1, b.name()), false
}

// cancelRemove forgets a first `x`: any key but a second one keeps the
// board.
func (g *gridPane) cancelRemove() {
	for _, b := range g.boards {
		if b.removing {
			b.removing = false
			b.touch()
		}
	}
}

// stop ends every board's feed (quit).
func (g *gridPane) stop() {
	for _, b := range g.all() {
		b.hide()
	}
}

// fed hands a new answer (or failure) of feed f to every board that shows
// it.
func (g *gridPane) fed(f *feedEntry) {
	for _, b := range g.all() {
		if b.feed == f {
			b.fed()
		}
	}
}

// touchFeed marks the boards of feed f changed (a poll started).
func (g *gridPane) touchFeed(f *feedEntry) {
	for _, b := range g.all() {
		if b.feed == f {
			b.touch()
		}
	}
}

// moveFocus moves the focus by d boards, clamped.
func (g *gridPane) moveFocus(d int) {
	if len(g.boards) == 0 {
		return
	}
	g.focus = min(max(g.focus+d, 0), len(g.boards)-1)
}
