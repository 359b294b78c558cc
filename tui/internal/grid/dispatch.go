package grid

import (
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/fleet"
	"abfahrt/tui/internal/ladder"
	"abfahrt/tui/internal/ui"
)

// DispMode is the main view of the board side of the TUI.
type DispMode int

// The board side's views.
const (
	ModeGrid   DispMode = iota // the boards: the grid's cells, or one board zoomed (the plain board is the grid's open board)
	ModeMerged                 // one chronological list over the watched boards
	ModeFleet                  // every vehicle in service
	ModeLadder                 // one line's ladder (tui/internal/ladder)
)

// Dispatch is the board side's state in the root model: the grid with
// every board, the merged and fleet views, the pins and the request rate.
type Dispatch struct {
	Mode   DispMode
	Grid   gridPane
	Merged mergedPane
	Fleet  fleet.Pane
	Ladder ladder.Pane
	Pins   pinSet
	Boards watchedSet // the grid's watched boards in boards.json (watched.go)
	Rate   feeds.RateMeter
	start  []tea.Cmd
	// w, h and focused are the board side's rectangle and focus from the
	// last SetSize: the board side lays itself out again when a key
	// changes what it shows (a zoom, the pin strip).
	w, h    int
	focused bool
}

// NewDispatch sets up the board side from o: with one board in o.Boards
// (or none: DefaultStop) the grid's open board, zoomed; with several the
// grid of watched boards. With no boards given, the watched boards of the
// last run open the grid when they are loaded (restoreBoards). now is
// the frame it starts in (a ladder given in o opens at its time).
func NewDispatch(svc *app.Services, o app.Options, f app.Frame) Dispatch {
	none := len(o.Boards) == 0
	d := Dispatch{
		Grid:   gridPane{svc: svc, cache: &ui.Cached[string]{}, body: &ui.Cached[string]{}, hits: &ui.Hits{}, walk: o.Walk, perLine: o.PerLine},
		Merged: mergedPane{svc: svc, cache: &ui.Cached[string]{}, hits: &ui.Hits{}},
		Fleet:  fleet.NewPane(svc),
		Ladder: ladder.NewPane(svc),
		Pins:   newPinSet(svc, o.StateDir, none, f.Limit),
		Rate:   feeds.RateMeter{Stats: o.Stats},
		Mode:   ModeGrid,
		// The board side has the focus at start (the root's PaneBoard).
		focused: true,
	}
	switch len(o.Boards) {
	case 0:
		d.start = append(d.start, d.Grid.OpenSpec(f, app.BoardSpec{Stop: app.DefaultStop, Walk: app.WalkTime(o.Walk), PerLine: o.PerLine}))
	case 1:
		d.start = append(d.start, d.Grid.OpenSpec(f, o.Boards[0]))
	default:
		for _, s := range o.Boards[:min(len(o.Boards), app.MaxBoards)] {
			d.start = append(d.start, d.Grid.Add(f, s))
			// Boards given on the command line are for this run; those of
			// a layout are the user's choice, kept as before.
			d.Grid.Boards[len(d.Grid.Boards)-1].OneOff = o.OneOff
		}
		d.Grid.Focus = 0
	}
	if o.Ladder != "" {
		d.Mode = ModeLadder
		d.start = append(d.start, d.Ladder.Open(o.Ladder, f.Now))
	}
	d.Grid.Home = d.Grid.Focused().Spec()
	d.Pins.showStrip(d.Grid.Plain())
	d.Boards = newWatchedSet(o.StateDir, none && !o.Kiosk.Enabled, d.Grid.Kept())
	return d
}

// Init returns the board side's start commands: the boards' first polls
// and the loads of the pins and the watched boards.
func (d *Dispatch) Init() tea.Cmd {
	cmds := append([]tea.Cmd(nil), d.start...)
	d.start = nil
	cmds = append(cmds, d.Pins.LoadCmd(), d.Boards.LoadCmd())
	return tea.Batch(cmds...)
}

// isPlain reports whether the plain board shows: the grid's open board,
// under the pin strip.
func (d *Dispatch) isPlain() bool { return d.Mode == ModeGrid && d.Grid.Plain() }

// setSize hands the board side's rectangle (w×h) to its views and
// makes room for the pin strip above the plain board. focused is whether
// the board side has the focus.
func (d *Dispatch) setSize(w, h int, focused bool) {
	d.w, d.h, d.focused = w, h, focused
	d.Grid.Zoomed = d.Grid.Zoomed && (d.Grid.Len() > 0 || d.Grid.Open != nil)
	d.Pins.stripH = 0
	if n := d.Pins.stripHeight(h); n > 0 && d.isPlain() {
		d.Pins.stripH = n
		h -= n
	}
	for _, v := range d.views() {
		v.Layout(app.Rect{W: w, H: h, Focused: focused})
	}
}

// declare tells every shown board's feed its demand now: after a change
// of size, a zoomed board asks for as many departures as it has rows for
// (board.fill), at once when that is more than it asked for; f is the
// frame they show in.
func (d *Dispatch) declare(f app.Frame) tea.Cmd {
	var cmds []tea.Cmd
	for _, b := range d.Grid.All() {
		if cmd := b.Declare(f); cmd != nil {
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
}

// relayout hands out the last rectangle again, after a change of what the
// board side shows.
func (d *Dispatch) relayout() { d.setSize(d.w, d.h, d.focused) }

// View renders the board side: the view that shows (the grid, under
// the pin strip when it shows the plain board; the merged, fleet or
// ladder view).
func (d *Dispatch) View(f app.Frame) string {
	if d.Mode == ModeFleet {
		// What the fleet's summary says of the watched boards.
		stale, unknown := board.BoardsHealth(&f, d.Grid.Boards)
		d.Fleet.Health = fleet.Health{Boards: len(d.Grid.Boards), Stale: stale, Unknown: unknown}
	}
	return d.view().View(f)
}

// Status is the poller whose data the status bar reports: the view's
// (the fleet's, the ladder's), else the focused board's; a poller that
// never polled when there is none.
func (d *Dispatch) Status() *feeds.Poller { return d.view().Status() }

// changes hands what the board side shows, as it changes with the clock,
// to turn (a service time whose minute turns change the screen) and at (a
// service time at which it changes once); cells reports whether only the
// grid's cells show (their rows and the summary line: Grid.Changes), so
// that the status bar's steps matter for the focused board's feed only.
// Otherwise (the zoomed or plain board, the merged list, the pin strip)
// every event of every board feed counts: its countdown's minute turns
// and, with walking times, its leave times' turns. (The root asks only
// while no pane beside it changes by the second.) fr is the frame the
// rows are reckoned in.
func (d *Dispatch) changes(fr app.Frame, turn, at func(time.Time)) (cells bool) {
	g := &d.Grid
	if d.Mode == ModeGrid && g.ZoomedBoard() == nil && len(g.Boards) > 0 {
		g.Changes(fr, turn, at)
		return true
	}
	walks := d.walks()
	for _, f := range g.svc.Feeds.Entries {
		for i := range f.Data.Board.Events {
			e := &f.Data.Board.Events[i]
			turn(e.Due())
			w := e.When()
			turn(w)
			if w.IsZero() {
				continue
			}
			for _, d := range walks {
				turn(w.Add(-d))
			}
		}
	}
	return false
}

// walks are the distinct walking times of the boards on screen.
func (d *Dispatch) walks() []time.Duration {
	var out []time.Duration
	for _, b := range d.Grid.All() {
		if b.Walk > 0 && !slices.Contains(out, b.Walk) {
			out = append(out, b.Walk)
		}
	}
	return out
}

// SyncStrip shows the pin strip's feeds exactly while the plain board shows.
func (d *Dispatch) SyncStrip() tea.Cmd {
	on := d.isPlain()
	d.Pins.showStrip(on)
	return d.Pins.stripCmd(on)
}

// Stop ends the board side's polls and requests.
func (d *Dispatch) Stop() {
	d.Grid.Stop()
	d.Fleet.Close()
	d.Ladder.Close()
	d.Pins.Stop()
}

// RefreshWatched polls the focused watched board's feed now (merged view).
func (d *Dispatch) RefreshWatched() tea.Cmd {
	g := &d.Grid
	if g.Focus >= 0 && g.Focus < g.Len() {
		return g.Boards[g.Focus].Refresh()
	}
	return nil
}
