package board

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// A board's keys: every board, a grid cell, the zoomed
// board and the plain board (the grid's open board), takes the same
// records; each says when it does something from the board's KeyState.
// The grid adds its own (zoom, focus moves, pins, views: grid/keys.go)
// and lifts these into its map.

// Mode is how the board side shows the focused board, for its keys.
type Mode int

// The modes of a board's keys.
const (
	BoardCells Mode = iota // one of the grid's cells
	BoardZoom              // a watched board, zoomed
	BoardPlain             // the plain board (the open board)
)

// KeyState is what decides which board keys are live: the board's own
// state and how the board side shows it.
type KeyState struct {
	Mode       Mode
	Boards     int  // watched boards
	Strip      int  // pins on the strip above the plain board
	Pinned     bool // the focused board's stop is pinned
	Rows       int  // rows of the focused board
	RowVehicle bool // its row under the cursor has a vehicle
	Arrivals   bool // it shows arrivals, so `a` offers departures
	Platforms  bool // its stop has more than one platform to cycle
	Filtered   bool // it has a line, platform or direction filter
	Walk       bool // it has a walking time
	WholeStop  bool // it shows a whole stop (it can group by platform)
	Remind     bool // it has rows and reminders are on (not in the kiosk)
	Unknown    bool // the service does not know its stop: nothing to watch or pin
}

// Zoomed reports whether the board shows alone (zoomed or plain), with a
// cursor on its rows.
func (s KeyState) Zoomed() bool { return s.Mode != BoardCells }

// KeyState sums up b's own state for its keys, shown in mode m in
// frame f.
func (b *Pane) KeyState(f app.Frame, m Mode) KeyState {
	rows := b.Rows(f)
	s := KeyState{Mode: m, Rows: len(rows), Arrivals: b.Subject.Arrivals,
		Platforms: len(b.Platforms()) > 1, Filtered: b.Filters.Active() || b.Narrowed,
		Walk: b.Walk > 0, WholeStop: b.Subject.Point == "", Remind: b.Services.Reminders != nil && len(rows) > 0}
	if c := b.CursorIn(rows); c >= 0 && c < len(rows) {
		s.RowVehicle = b.Data.Events[rows[c]].VehicleNumber != 0
	}
	return s
}

// Ctx is what a board's keys act on: the board, its key state, the
// frame of the key (its clock and texts), and the action they leave for
// the root (a notice for the status bar).
type Ctx struct {
	Board *Pane
	State KeyState
	Frame app.Frame
	Act   app.Action
}

// notice wraps a handler that changes which rows show (walking time,
// missed rows, per line) and says so in the status bar; the cursor stays
// on its trip.
func notice(f func(b *Pane, tx *ui.Texts) string) func(*Ctx, tea.KeyMsg) tea.Cmd {
	return func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
		c.Act.Notice = f(c.Board, c.Frame.Texts)
		c.Board.SetCursor(c.Frame, c.Board.Cursor)
		return nil
	}
}

// zoomRows is the rule of the cursor keys: a board shown alone with more
// than one row.
func zoomRows(c *Ctx) bool { return c.State.Zoomed() && c.State.Rows > 1 }

// Keys are a board's bindings. The grid's cells take ↑/↓ as focus moves
// and enter as zoom (grid/keys.go); here they move the cursor and open
// the row's vehicle on a board shown alone.
var Keys = ui.Keymap[*Ctx]{
	{Keys: []string{"up", "k"}, Show: "↑/k", Text: func(t *ui.Texts) string { return t.KeyUp }, If: zoomRows, Move: true,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Board.SetCursor(c.Frame, c.Board.Cursor-1); return nil }},
	{Keys: []string{"down", "j"}, Show: "↓/j", Text: func(t *ui.Texts) string { return t.KeyDown }, If: zoomRows, Move: true,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Board.SetCursor(c.Frame, c.Board.Cursor+1); return nil }},
	{Keys: []string{"g", "home"}, Show: "g/home", Text: func(t *ui.Texts) string { return t.KeyFirst }, If: zoomRows, Move: true,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { c.Board.SetCursor(c.Frame, 0); return nil }},
	{Keys: []string{"G", "end"}, Show: "G/end", Text: func(t *ui.Texts) string { return t.KeyLast }, If: zoomRows, Move: true,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			c.Board.SetCursor(c.Frame, len(c.Board.Rows(c.Frame))-1)
			return nil
		}},
	{Keys: []string{"enter"}, Text: func(t *ui.Texts) string { return t.KeyVehicle }, Priority: ui.PrioHigh - 5,
		If: func(c *Ctx) bool { return c.State.Zoomed() && c.State.RowVehicle },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			if rows := c.Board.Rows(c.Frame); c.Board.Cursor < len(rows) {
				if v := c.Board.Data.Events[rows[c.Board.Cursor]].VehicleNumber; v != 0 {
					return app.OpenCmd(app.Target{Kind: app.TargetVehicle, Vehicle: v})
				}
			}
			return nil
		}},
	{Keys: []string{"a"}, Text: func(t *ui.Texts) string { return t.KeyArrivals }, Priority: ui.PrioLow,
		Alt: func(t *ui.Texts) string { return t.KeyDepartures }, AltIf: func(c *Ctx) bool { return c.State.Arrivals },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			s := c.Board.Subject
			s.Arrivals = !s.Arrivals
			return c.Board.setSubject(c.Frame, s)
		}},
	{Keys: []string{"f"}, Text: func(t *ui.Texts) string { return t.KeyPlatform }, Priority: ui.PrioMid,
		If: func(c *Ctx) bool { return c.State.Platforms }, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			b := c.Board
			s, ok := b.next(b.Platforms(), b.Subject)
			if !ok {
				return nil
			}
			if b.Filters.Platform != "" {
				b.Filters.Platform = "" // it replaces a platform filter by name (a layout's `platform`)
				b.Refilter(c.Frame)
			}
			// A board narrowed by f from its whole stop is a filter esc
			// clears; one opened on a stop point (--stoppoint) was never
			// narrowed.
			b.Narrowed = s.Point != "" && (b.Narrowed || b.Subject.Point == "")
			return b.setSubject(c.Frame, s)
		}},
	{Keys: []string{"esc"}, Text: func(t *ui.Texts) string { return t.KeyClearFilters }, Priority: ui.PrioTop,
		If: func(c *Ctx) bool { return c.State.Filtered }, Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd { return c.Board.filter(c.Frame, filters{}, true) }},

	{Keys: []string{"l"}, Text: func(t *ui.Texts) string { return t.KeyLine }, Group: ui.GroupRows, Priority: ui.PrioMid,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			return c.Board.filter(c.Frame, c.Board.Filters.nextLine(c.Board.Raw.Events), false)
		}},
	{Keys: []string{"d"}, Text: func(t *ui.Texts) string { return t.KeyDirection }, Group: ui.GroupRows, Priority: ui.PrioLow,
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			return c.Board.filter(c.Frame, c.Board.Filters.nextDirection(c.Board.Raw.Events), false)
		}},
	{Keys: []string{"+", "="}, Show: "+", Text: func(t *ui.Texts) string { return t.KeyWalkUp }, Group: ui.GroupRows, Priority: ui.PrioLow,
		Do: notice(func(b *Pane, tx *ui.Texts) string { return b.adjust(tx, ui.WalkStep) })},
	{Keys: []string{"-"}, Text: func(t *ui.Texts) string { return t.KeyWalkDn }, Group: ui.GroupRows, Priority: ui.PrioLow,
		If: func(c *Ctx) bool { return c.State.Walk }, Do: notice(func(b *Pane, tx *ui.Texts) string { return b.adjust(tx, -ui.WalkStep) })},
	// On a walking board the missed departures matter first.
	{Keys: []string{"H"}, Text: func(t *ui.Texts) string { return t.KeyMissed }, Group: ui.GroupRows, Priority: ui.PrioTop - 2,
		If: func(c *Ctx) bool { return c.State.Walk }, Do: notice(func(b *Pane, tx *ui.Texts) string { return b.toggleMissed(tx) })},
	{Keys: []string{"n"}, Text: func(t *ui.Texts) string { return t.KeyPerLine }, Group: ui.GroupRows, Priority: ui.PrioLow,
		Do: notice(func(b *Pane, tx *ui.Texts) string { return b.cyclePerLine(tx) })},
	{Keys: []string{"b"}, Text: func(t *ui.Texts) string { return t.KeyGrouped }, Group: ui.GroupRows,
		If: func(c *Ctx) bool { return c.State.Zoomed() && c.State.WholeStop },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			c.Board.grouped = !c.Board.grouped
			c.Board.SetCursor(c.Frame, c.Board.Cursor)
			return nil
		}},
	// A cell has no cursor: its t takes the first departure still ahead.
	{Keys: []string{"t"}, Text: func(t *ui.Texts) string { return t.KeyRemind }, Group: ui.GroupRows, Priority: ui.PrioHigh + 5,
		If: func(c *Ctx) bool { return c.State.Remind },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			cmd, a := c.Board.remind(c.Frame, c.State.Zoomed())
			c.Act = a
			return cmd
		}},
	// The row's line's recorded punctuality at this stop, one key away;
	// the answer comes as app.HistoryMsg.
	{Keys: []string{"i"}, Text: func(t *ui.Texts) string { return t.KeyHistory }, Group: ui.GroupRows, Priority: ui.PrioHigh,
		If: func(c *Ctx) bool { return c.State.Zoomed() && c.State.Rows > 0 },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			if rows := c.Board.Rows(c.Frame); c.Board.Cursor < len(rows) {
				return c.Board.Services.PunctualityCmd(c.Frame, c.Board.Subject.Stop, c.Board.Name(c.Frame.Texts), c.Board.Data.Events[rows[c.Board.Cursor]].Line())
			}
			return nil
		}},
	// The row's line's ladder; a grid cell, which has no
	// cursor, its first row's.
	{Keys: []string{"L"}, Text: func(t *ui.Texts) string { return t.KeyLadder }, Group: ui.GroupRows, Priority: ui.PrioHigh + 10,
		If: func(c *Ctx) bool { return c.State.Rows > 0 },
		Do: func(c *Ctx, _ tea.KeyMsg) tea.Cmd {
			if rows := c.Board.Rows(c.Frame); len(rows) > 0 {
				e := c.Board.Data.Events[rows[min(max(c.Board.Cursor, 0), len(rows)-1)]]
				return app.OpenCmd(app.Target{Kind: app.TargetLadder, Line: e.Line(), Vehicle: e.VehicleNumber})
			}
			return nil
		}},
}

// Digit returns the number of a digit key, 0 for any other key.
func Digit(msg tea.KeyMsg) int {
	s := msg.String()
	if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
		return int(s[0] - '0')
	}
	return 0
}
