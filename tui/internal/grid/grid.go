package grid

import (
	"fmt"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// gridPane holds every interactive board: the watched boards (up to
// MaxBoards compact cells, one of them focused, which enter zooms to the
// full board) and the open board, the one abfahrt starts with or the
// search, a pin or a line opened, shown zoomed and not watched until `w`.
// The plain `abfahrt` board is this grid with its open board zoomed; every
// board is a boardPane and takes the same keys (boardPane.update).
type gridPane struct {
	svc    *app.Services
	Boards []*board.Pane // the watched boards, in boards.json
	Open   *board.Pane   // the open board, nil when the grid shows its watched boards
	Focus  int           // the focused watched board
	Zoomed bool          // the focused board (the open one, if any) shows whole
	width  int
	height int
	cache  *ui.Cached[string] // the whole grid's rendering
	body   *ui.Cached[string] // the cells below the summary line (gridPane.render)
	hits   *ui.Hits           // where render drew each cell (CellAt)
	// Home is the board esc or the removal of the last watched board
	// comes back to: the last open board, at first the start board.
	Home app.BoardSpec
	// walk and perLine are the defaults (Options) of a board opened from
	// the search or a pin.
	walk    time.Duration
	perLine int
}

// Len returns the number of watched boards.
func (g *gridPane) Len() int { return len(g.Boards) }

// Focused returns the board that takes the board keys: the open board,
// else the focused watched board; nil when there is none.
func (g *gridPane) Focused() *board.Pane {
	if g.Open != nil {
		return g.Open
	}
	if g.Focus < 0 || g.Focus >= len(g.Boards) {
		return nil
	}
	return g.Boards[g.Focus]
}

// Plain reports whether the grid shows its open board: the plain board
// (with the pin strip and pin numbers), not a watched one.
func (g *gridPane) Plain() bool { return g.Open != nil }

// All returns every board: the watched ones and the open one.
func (g *gridPane) All() []*board.Pane {
	if g.Open == nil {
		return g.Boards
	}
	return append(slices.Clip(g.Boards), g.Open)
}

// feedOf returns the feed of subject s that a board holds, nil if none.
func (g *gridPane) feedOf(s feeds.Subject) *feeds.Entry {
	for _, b := range g.All() {
		if b.Subject == s && b.Feed != nil {
			return b.Feed
		}
	}
	return nil
}

// allFeeds returns the distinct feeds the boards hold.
func (g *gridPane) allFeeds() []*feeds.Entry { return distinctFeeds(g.All()) }

// watchedFeeds returns the distinct feeds of the watched boards.
func (g *gridPane) watchedFeeds() []*feeds.Entry { return distinctFeeds(g.Boards) }

// distinctFeeds returns the feeds boards hold, each once.
func distinctFeeds(boards []*board.Pane) []*feeds.Entry {
	var out []*feeds.Entry
	for _, b := range boards {
		if b.Feed != nil && !slices.Contains(out, b.Feed) {
			out = append(out, b.Feed)
		}
	}
	return out
}

// Add watches a board of spec s and focuses it. It returns the command of
// its feed's first poll when no other view polls the subject yet. f is
// the frame it shows in.
func (g *gridPane) Add(f app.Frame, s app.BoardSpec) tea.Cmd {
	b := board.NewBoard(g.svc, s)
	b.Focused = false
	g.Boards = append(g.Boards, b)
	g.Focus = len(g.Boards) - 1
	return b.Show(f)
}

// OpenBoard shows target t on the open board (a new one if there is none)
// and zooms to it, in frame f.
func (g *gridPane) OpenBoard(f app.Frame, t app.Target) tea.Cmd {
	g.Zoomed = true
	if g.Open != nil {
		return g.Open.Open(f, t)
	}
	b := board.NewBoard(g.svc, app.BoardSpec{Walk: app.WalkTime(g.walk), PerLine: g.perLine})
	g.Open = b
	b.Open(f, t) // not shown yet: only sets the subject
	return b.Show(f)
}

// OpenSpec opens a board of spec s as the open board, replacing one, at
// frame f.
func (g *gridPane) OpenSpec(f app.Frame, s app.BoardSpec) tea.Cmd {
	g.CloseOpen()
	g.Open = board.NewBoard(g.svc, s)
	g.Zoomed = true
	return g.Open.Show(f)
}

// CloseOpen gives the open board up (its feed's poll ends unless another
// board shows it); it is home for esc and the last removal.
func (g *gridPane) CloseOpen() {
	if g.Open == nil {
		return
	}
	g.Home = g.Open.Spec()
	g.Open.Hide()
	g.Open = nil
	g.Zoomed = false
}

// WatchOpen makes the open board a watched one (`w`), on the feed it has:
// its rows stay. A board already watched with the same filters is focused
// instead; notice is what the status bar says then, in dt's words.
func (g *gridPane) WatchOpen(dt *catalog.DispTexts) (notice string) {
	b := g.Open
	if b == nil {
		return ""
	}
	for i, w := range g.Boards {
		if w.Subject == b.Subject && slices.Equal(w.Filters.Lines, b.Filters.Lines) && w.Filters.Platform == b.Filters.Platform && w.Filters.Direction == b.Filters.Direction {
			g.Focus = i
			g.CloseOpen()
			return dt.AlreadyWatched
		}
	}
	if g.Len() >= app.MaxBoards {
		return fmt.Sprintf(dt.GridFull, app.MaxBoards)
	}
	g.Home = b.Spec()
	g.Boards = append(g.Boards, b)
	g.Focus = len(g.Boards) - 1
	g.Open, g.Zoomed = nil, false
	b.Number = 0
	b.Touch()
	return ""
}

// Unzoom goes back from the zoomed board to the grid's cells; the open
// board closes.
func (g *gridPane) Unzoom() {
	g.CloseOpen()
	g.Zoomed = false
}

// Remove stops watching the focused board; its feed's poll ends unless
// another view shows the subject.
func (g *gridPane) Remove() {
	if g.Open != nil || g.Focus < 0 || g.Focus >= len(g.Boards) {
		return
	}
	g.Boards[g.Focus].Hide()
	g.Boards = slices.Delete(g.Boards, g.Focus, g.Focus+1)
	g.Focus = min(g.Focus, len(g.Boards)-1)
	g.Focus = max(g.Focus, 0)
	if len(g.Boards) == 0 {
		g.Zoomed = false
	}
}

// RemoveAll stops watching every board (a new profile's layout).
func (g *gridPane) RemoveAll() {
	for _, b := range g.Boards {
		b.Hide()
	}
	g.Boards, g.Focus = nil, 0
}

// AskRemove is the first `x` on the focused board: it marks the board and
// returns the question for the status line; ok is true when the board was
// marked already, so this `x` removes it. The question is in f's words.
func (g *gridPane) AskRemove(f app.Frame) (ask string, ok bool) {
	b := g.Focused()
	if b == nil || b == g.Open {
		return "", false
	}
	if b.Removing {
		return "", true
	}
	b.Removing = true
	b.Touch()
	return fmt.Sprintf(f.DispatchTexts.RemoveAsk, g.Focus+1, b.Name(f.Texts)), false
}

// CancelRemove forgets a first `x`: any key but a second one keeps the
// board.
func (g *gridPane) CancelRemove() {
	for _, b := range g.Boards {
		if b.Removing {
			b.Removing = false
			b.Touch()
		}
	}
}

// Stop ends every board's feed (quit).
func (g *gridPane) Stop() {
	for _, b := range g.All() {
		b.Hide()
	}
}

// Fed hands a new answer (or failure) of feed f to every board that shows
// it, as they show in frame fr.
func (g *gridPane) Fed(f *feeds.Entry, fr app.Frame) {
	for _, b := range g.All() {
		if b.Feed == f {
			b.Fed(fr)
		}
	}
}

// TouchFeed marks the boards of feed f changed (a poll started).
func (g *gridPane) TouchFeed(f *feeds.Entry) {
	for _, b := range g.All() {
		if b.Feed == f {
			b.Touch()
		}
	}
}

// MoveFocus moves the focus by d boards, clamped.
func (g *gridPane) MoveFocus(d int) {
	if len(g.Boards) == 0 {
		return
	}
	g.Focus = min(max(g.Focus+d, 0), len(g.Boards)-1)
}
