package grid

import (
	"errors"
	"fmt"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/feed"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/board"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/fleet"
	"abfahrt/tui/internal/ladder"
	"abfahrt/tui/internal/ui"
)

// keyCtx is what the board side's keys act on: the dispatcher, the
// focused board's key context (B nil without a focused board, or off the
// grid), the frame of the key, and the action left for the root.
type keyCtx struct {
	d   *Dispatch
	b   board.Ctx
	f   app.Frame
	act app.Action
}

// newKeyCtx sums up the board side's state for its keys in frame f.
func (d *Dispatch) newKeyCtx(f app.Frame) *keyCtx {
	c := &keyCtx{d: d, f: f}
	g := &d.Grid
	if b := g.Focused(); b != nil {
		m := board.BoardCells
		switch {
		case g.Plain():
			m = board.BoardPlain
		case g.Zoomed:
			m = board.BoardZoom
		}
		s := b.KeyState(f, m)
		s.Boards, s.Pinned = g.Len(), d.Pinned(f.Texts)
		if m == board.BoardPlain {
			s.Strip = d.Pins.stripCount()
		}
		s.Unknown = !b.Have && errors.Is(b.Polls().LastErr, feed.ErrNotFound)
		c.b = board.Ctx{Board: b, State: s, Frame: f}
	} else {
		c.b.State.Boards = g.Len()
	}
	return c
}

// key handles a key while the board side has the focus (it takes every
// key the root does not: quit, help, search, commands, focus); ok is
// false when no binding of the view that shows does anything with it.
func (d *Dispatch) key(f app.Frame, msg tea.KeyMsg) (tea.Cmd, app.Action, bool) {
	c := d.newKeyCtx(f)
	k := keys.Find(msg, c)
	if k == nil {
		return nil, app.Action{}, false
	}
	cmd := k.Do(c, msg)
	if c.act.Notice == "" {
		c.act.Notice = c.b.Act.Notice
	}
	return cmd, c.act, true
}

// CancelRemoveUnless forgets a first `x` unless msg is the second: only
// `x` twice in a row removes a board.
func (d *Dispatch) CancelRemoveUnless(msg tea.KeyMsg) {
	if !slices.Contains(removeKey.Keys, msg.String()) {
		d.Grid.CancelRemove()
	}
}

// Ref returns the grid's own bindings and the merged list's, for the
// keys reference (a board's, the fleet's and the ladder's are their
// packages' Keys).
func Ref(en, de *ui.Texts) (own, merged []ui.RefRow) {
	return gridKeys.Ref(en, de), mergedKeys.Ref(en, de)
}

// onGrid is the rule of the grid's own keys: the boards show and one is
// focused; cells and plain narrow it to the grid's cells and the plain
// board.
func onGrid(c *keyCtx) bool { return c.d.Mode == ModeGrid && c.b.Board != nil }
func cells(c *keyCtx) bool  { return onGrid(c) && c.b.State.Mode == board.BoardCells }
func plain(c *keyCtx) bool  { return onGrid(c) && c.b.State.Mode == board.BoardPlain }

// manyCells is the rule of the focus moves: the grid's cells, more than
// one.
func manyCells(c *keyCtx) bool { return cells(c) && c.b.State.Boards > 1 }

// moveFocus is a focus move by n cells (n is ±1 for left and right,
// ±2 for a row up or down).
func moveFocus(n int) func(*keyCtx, tea.KeyMsg) tea.Cmd {
	return func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
		g := &c.d.Grid
		switch n {
		case 2, -2:
			g.MoveFocus(n / 2 * max(g.Columns(c.f), 1))
		default:
			g.MoveFocus(n)
		}
		return nil
	}
}

// toggleMode switches to view m, or back to the boards from it.
func toggleMode(m DispMode) func(*keyCtx, tea.KeyMsg) tea.Cmd {
	return func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
		if c.d.Mode == m {
			return c.d.SetMode(ModeGrid)
		}
		return c.d.SetMode(m)
	}
}

// removeKey is `x`: the first asks, the second removes the focused
// watched board (any other key cancels: Dispatch.Key).
var removeKey = ui.Key[*keyCtx]{Keys: []string{"x"}, Text: func(t *ui.Texts) string { return t.KeyRemove }, Group: ui.GroupViews, Priority: ui.PrioLow,
	If: func(c *keyCtx) bool { return onGrid(c) && c.b.State.Mode != board.BoardPlain && c.b.State.Boards > 0 },
	Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
		cmd, a := c.d.removeBoard(c.f)
		c.act = a
		return cmd
	}}

// gridKeys are the board side's own bindings: the grid's cells, zoom,
// the pins, watch and remove, the views, refresh.
var gridKeys = ui.Keymap[*keyCtx]{
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyZoom }, Group: ui.GroupViews, Priority: ui.PrioTop,
		If: cells, Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd { c.d.Grid.Zoomed = true; c.d.relayout(); return nil }},
	{Keys: []string{"up", "k"}, Show: "↑/k", Text: func(t *ui.Texts) string { return t.KeyUp }, Move: true, If: manyCells, Do: moveFocus(-2)},
	{Keys: []string{"down", "j"}, Show: "↓/j", Text: func(t *ui.Texts) string { return t.KeyDown }, Move: true, If: manyCells, Do: moveFocus(2)},
	{Keys: []string{"left", "h"}, Show: "←/h", Text: func(t *ui.Texts) string { return t.KeyPrevBoard }, Group: ui.GroupViews, Move: true,
		If: manyCells, Do: moveFocus(-1)},
	{Keys: []string{"right"}, Show: "→", Text: func(t *ui.Texts) string { return t.KeyNextBoard }, Group: ui.GroupViews, Move: true,
		If: manyCells, Do: moveFocus(1)},
	// 1–9 focuses a cell; on the plain board it opens a pin of the strip.
	{Keys: []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, Show: "1-9", Group: ui.GroupViews, Priority: ui.PrioMid,
		Text: func(t *ui.Texts) string { return t.KeyFocusBoard }, Alt: func(t *ui.Texts) string { return t.KeyOpenPin }, AltIf: plain,
		If: func(c *keyCtx) bool { return manyCells(c) || (plain(c) && c.b.State.Strip > 0) },
		Do: func(c *keyCtx, msg tea.KeyMsg) tea.Cmd {
			n, g := board.Digit(msg), &c.d.Grid
			if g.Plain() {
				if p, ok := c.d.Pins.At(n); ok {
					t := p.Target()
					c.act.Open = &t
				}
			} else if n >= 1 && n <= g.Len() {
				g.Focus = n - 1
			}
			return nil
		}},
	// esc goes back to the grid from a zoomed board without filters (with
	// them it clears them: board.Keys), and from a list.
	{Keys: []string{"esc"}, Text: func(t *ui.Texts) string { return t.KeyToGrid }, Group: ui.GroupViews, Priority: ui.PrioHigh - 10,
		If: func(c *keyCtx) bool {
			return onGrid(c) && c.b.State.Zoomed() && !c.b.State.Filtered && c.b.State.Boards > 0
		},
		Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd { return c.d.Unzoom() }},
	{Keys: []string{"esc"}, Text: func(t *ui.Texts) string { return t.KeyBack }, Group: ui.GroupViews, Priority: ui.PrioTop,
		If: func(c *keyCtx) bool { return c.d.Mode != ModeGrid }, Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd { return c.d.SetMode(ModeGrid) }},
	{Keys: []string{"w"}, Text: func(t *ui.Texts) string { return t.KeyWatch }, Group: ui.GroupViews, Priority: ui.PrioMid,
		If: func(c *keyCtx) bool { return plain(c) && c.b.State.Boards < app.MaxBoards && !c.b.State.Unknown },
		Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
			cmd, a := c.d.watchBoard(c.f.DispatchTexts)
			c.act = a
			return cmd
		}},
	removeKey,
	// p pins the focused board's stop (a stop the service knows, or one
	// pinned before); the merged and fleet lists pin their focused board.
	{Keys: []string{"p"}, Text: func(t *ui.Texts) string { return t.KeyPin }, Group: ui.GroupViews, Priority: ui.PrioLow,
		Alt: func(t *ui.Texts) string { return t.KeyUnpin }, AltIf: func(c *keyCtx) bool { return c.b.State.Pinned },
		If: func(c *keyCtx) bool {
			switch c.d.Mode {
			case ModeGrid:
				return c.b.Board != nil && (!c.b.State.Unknown || c.b.State.Pinned)
			case ModeMerged, ModeFleet:
				return c.b.State.Boards > 0
			case ModeLadder:
			}
			return false
		},
		Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
			c.act.Notice = c.d.togglePin(c.f)
			c.d.relayout() // the strip may grow or shrink
			return tea.Batch(c.d.Pins.SaveCmd(), c.d.Pins.SyncFeeds())
		}},
	{Keys: []string{"m"}, Text: func(t *ui.Texts) string { return t.KeyMerged }, Group: ui.GroupViews, Priority: ui.PrioLow,
		If: func(c *keyCtx) bool { return c.b.State.Boards > 0 }, Do: toggleMode(ModeMerged)},
	{Keys: []string{"v"}, Text: func(t *ui.Texts) string { return t.KeyFleet }, Group: ui.GroupViews, Priority: ui.PrioLow,
		Do: toggleMode(ModeFleet)},
	{Keys: []string{"r"}, Text: func(t *ui.Texts) string { return t.KeyRefresh }, Group: ui.GroupEverywhere, Priority: ui.PrioNone + 1,
		If: func(c *keyCtx) bool { return c.b.Board != nil || c.d.Mode != ModeGrid },
		Do: func(c *keyCtx, _ tea.KeyMsg) tea.Cmd {
			switch c.d.Mode {
			case ModeMerged:
				return c.d.RefreshWatched()
			case ModeFleet:
				return c.d.Fleet.Refresh()
			case ModeLadder:
				return c.d.Ladder.Refresh()
			case ModeGrid:
			}
			return c.b.Board.Refresh()
		}},
}

// keys are every binding of the board side: the grid's, a board's (on
// the grid), the merged list's, the fleet's and the ladder's, each live
// only while its view shows. The first live binding of a key wins.
var keys = slices.Concat(
	gridKeys,
	ui.Lift(board.Keys, func(c *keyCtx) (*board.Ctx, bool) { return &c.b, onGrid(c) }),
	mergedKeys,
	ui.Lift(fleet.Keys, func(c *keyCtx) (*fleet.Pane, bool) { return &c.d.Fleet, c.d.Mode == ModeFleet }),
	ui.Lift(ladder.Keys, func(c *keyCtx) (*ladder.Pane, bool) { return &c.d.Ladder, c.d.Mode == ModeLadder }),
)

// SetMode switches the main view; the fleet polls only while it shows.
func (d *Dispatch) SetMode(to DispMode) tea.Cmd {
	from := d.Mode
	if from == to {
		return nil
	}
	d.Mode = to
	var cmds []tea.Cmd
	if from == ModeFleet {
		d.Fleet.Close()
	}
	if to == ModeFleet {
		cmds = append(cmds, d.Fleet.Open())
	}
	if from == ModeLadder {
		d.Ladder.Close() // its feeds end; OpenLadder opens it
	}
	cmds = append(cmds, d.SyncStrip())
	d.relayout()
	return tea.Batch(cmds...)
}

// OpenLadder shows line's ladder at service time now.
func (d *Dispatch) OpenLadder(line string, now time.Time) tea.Cmd {
	cmd := d.SetMode(ModeLadder)
	return tea.Batch(cmd, d.Ladder.Open(line, now))
}

// OpenBoard shows target t on the grid's open board, zoomed, in
// frame f.
func (d *Dispatch) OpenBoard(f app.Frame, t app.Target) tea.Cmd {
	cmd := d.Grid.OpenBoard(f, t)
	return tea.Batch(cmd, d.SetMode(ModeGrid), d.SyncStrip())
}

// watchBoard watches the open board (`w`) and shows the grid.
func (d *Dispatch) watchBoard(dt *catalog.DispTexts) (tea.Cmd, app.Action) {
	n := d.Grid.WatchOpen(dt)
	cmd := d.SyncStrip()
	d.relayout()
	return cmd, app.Action{Notice: n}
}

// removeBoard is `x`: the first asks, the second removes the focused
// watched board. When none is left, the last open board (or the start
// board) opens again.
func (d *Dispatch) removeBoard(f app.Frame) (tea.Cmd, app.Action) {
	g := &d.Grid
	ask, ok := g.AskRemove(f)
	if !ok {
		return nil, app.Action{Notice: ask}
	}
	g.Remove()
	var cmd tea.Cmd
	if g.Len() == 0 {
		cmd = g.OpenSpec(f, g.Home)
	}
	d.relayout()
	return tea.Batch(cmd, d.SyncStrip()), app.Action{}
}

// Unzoom goes back from the zoomed board to the grid (esc).
func (d *Dispatch) Unzoom() tea.Cmd {
	d.Grid.Unzoom()
	cmd := d.SyncStrip()
	d.relayout()
	return cmd
}

// data takes the board side's results that are not feed answers: the
// pins and the watched boards loaded and saved. ok is false for messages
// it does not own. f's dispatcher texts word the notices.
func (d *Dispatch) data(f app.Frame, msg tea.Msg) (cmd tea.Cmd, act app.Action, ok bool) {
	dt := f.DispatchTexts
	switch msg := msg.(type) {
	case PinsMsg:
		cmd, notice := d.Pins.Loaded(dt, msg)
		d.relayout()
		return cmd, app.Action{Notice: notice}, true
	case PinsSavedMsg:
		if msg.Err != nil {
			act.Notice = fmt.Sprintf(dt.PinsNotSaved, ui.OneLine(msg.Err.Error()))
		} else {
			act.Notice = app.StateNotice(dt, msg.Problem, PinsFile, 0, 0)
		}
		return d.Pins.Saved(msg), act, true
	case BoardsMsg:
		cmd, act := d.restoreBoards(f, msg)
		return cmd, act, true
	case BoardsSavedMsg:
		if msg.Err != nil {
			act.Notice = fmt.Sprintf(dt.BoardsNotSaved, ui.OneLine(msg.Err.Error()))
		} else {
			act.Notice = app.StateNotice(dt, msg.Problem, BoardsFile, 0, 0)
		}
		return d.Boards.Written(msg), act, true
	}
	return nil, app.Action{}, false
}

// restoreBoards opens the grid with the boards read from boards.json at
// start, unless the user has changed the watched set meanwhile. A file
// that could not be read is reported once in the status bar; it was kept
// aside, or if that failed is never written. f's dispatcher texts word
// the notices; the boards open at its clock.
func (d *Dispatch) restoreBoards(f app.Frame, msg BoardsMsg) (tea.Cmd, app.Action) {
	act := app.Action{Notice: app.StateNotice(f.DispatchTexts, msg.Problem, BoardsFile, len(msg.Specs), msg.Total)}
	if msg.Problem != nil && msg.Problem.KeptAs == "" {
		d.Boards.ReadOnly = true
		return nil, act
	}
	if !d.Boards.Changed {
		d.Boards.Base, d.Boards.Known = msg.Specs, true
	}
	if len(msg.Specs) == 0 || d.Boards.Changed || d.Grid.Len() > 0 {
		return nil, act
	}
	var cmds []tea.Cmd
	for _, s := range msg.Specs[:min(len(msg.Specs), app.MaxBoards)] {
		cmds = append(cmds, d.Grid.Add(f, s))
	}
	d.Grid.Focus = 0
	// One watched board opens as the normal board (the grid's zoom), not
	// a grid of one compact cell; the open board closes.
	d.Grid.CloseOpen()
	d.Grid.Zoomed = d.Grid.Len() == 1
	d.Boards.Saved = d.Grid.Specs()
	cmds = append(cmds, d.SyncStrip())
	d.relayout()
	if act.Notice == "" {
		// A plain start opened what the user kept: say where it came from.
		act.Notice = f.DispatchTexts.RestoredOne
		if d.Grid.Len() > 1 {
			act.Notice = fmt.Sprintf(f.DispatchTexts.RestoredMany, d.Grid.Len())
		}
	}
	return tea.Batch(cmds...), act
}
