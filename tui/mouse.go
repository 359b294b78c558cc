package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
)

// Mouse support (issue 26 item 9), opt-in with --mouse: a left click on a
// row opens its vehicle (what enter does on it), the wheel scrolls the
// list under the pointer (what the up and down keys do there). The
// program asks for normal mouse tracking (mode 1000: presses, releases
// and the wheel, no motion, so nothing floods an SSH link when the
// pointer merely moves) in SGR coordinates (1006, no limit at column
// 223), at start and after a suspension, and turns both off on exit and
// on suspending. Bubble Tea's renderer would write them
// (tea.WithMouseCellMotion), but it does not run here, so the program
// writes them itself, like the title's and focus's modes.
const (
	seqMouseOn  = "\x1b[?1000h\x1b[?1006h"
	seqMouseOff = "\x1b[?1006l\x1b[?1000l"
)

// The most mouse events the program takes: mouseRate a second on
// average (one a frame: app.MaxFPS), mouseBurst at once. A flick of a
// wheel sends ten or twenty; what comes beyond (a hostile SSH client's
// flood) is dropped in the event loop's filter, before the model, so it
// costs no Update, no View and no frame.
const (
	mouseRate  = 30
	mouseBurst = 15
)

// mouseGate lets through the mouse events the board uses, at most
// mouseRate a second (a token bucket of mouseBurst). It runs in Bubble
// Tea's event loop, as the program's message filter.
type mouseGate struct {
	on     bool // --mouse, outside the kiosk: otherwise every event is dropped
	tokens float64
	last   time.Time
	clock  func() time.Time // nil: time.Now
	passed int              // events let through, for tests
}

// pass reports whether ev goes on to the model: a left press or a wheel
// step, within the rate.
func (g *mouseGate) pass(ev tea.MouseEvent) bool {
	if g == nil || !g.on || !usefulMouse(ev) {
		return false
	}
	now := time.Now()
	if g.clock != nil {
		now = g.clock()
	}
	if g.last.IsZero() {
		g.tokens = mouseBurst
	} else {
		g.tokens = min(mouseBurst, g.tokens+now.Sub(g.last).Seconds()*mouseRate)
	}
	g.last = now
	if g.tokens < 1 {
		return false
	}
	g.tokens--
	g.passed++
	return true
}

// usefulMouse reports whether ev is one the board answers: a press of
// the left button or a step of the wheel.
func usefulMouse(ev tea.MouseEvent) bool {
	if ev.Action != tea.MouseActionPress {
		return false
	}
	return ev.Button == tea.MouseButtonLeft || ev.Button == tea.MouseButtonWheelUp || ev.Button == tea.MouseButtonWheelDown
}

// filter is the program's message filter: the mouse gate, then the
// filter set with next (suspension, run.go).
func (p *Program) filter(m tea.Model, msg tea.Msg) tea.Msg {
	if mm, ok := msg.(tea.MouseMsg); ok && !p.mouse.pass(tea.MouseEvent(mm)) {
		return nil
	}
	if p.next != nil {
		return p.next(m, msg)
	}
	return msg
}

// mouseFrame is what the last frame drew that a click needs beyond the
// panes' own hits: how many lines the panes kept above the status bar
// and the key hint (a long notice takes some).
type mouseFrame struct{ lines int }

// drew notes that the panes took lines lines of the last frame.
func (f *mouseFrame) drew(lines int) {
	if f != nil {
		f.lines = lines
	}
}

// panes returns the lines the panes took in the last frame.
func (f *mouseFrame) panes() int {
	if f == nil {
		return 0
	}
	return f.lines
}

// handleMouse answers a mouse event at the pane under the pointer: the
// vehicle pane (beside the boards on a wide screen, or the whole screen
// while it has the focus) or the board side (the boards, the merged list,
// the fleet, the ladder or the exception queue). The pane under the
// pointer takes the focus. Nothing happens while an overlay is open, on
// the status bar and key hint, or without --mouse.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	ev := tea.MouseEvent(msg)
	if !m.mouseOn || m.overlay != ui.OverlayNone || !usefulMouse(ev) {
		return nil
	}
	x, y := ev.X, ev.Y
	if x < 0 || y < 0 || x >= m.width || y >= m.mouse.panes() {
		return nil
	}
	wheel := ev.Button != tea.MouseButtonLeft
	step := tea.KeyDown
	if ev.Button == tea.MouseButtonWheelUp {
		step = tea.KeyUp
	}
	if m.vehicle.Open {
		beside := m.width >= sideBySide
		bw := m.disp.Grid.Width // the board side's width beside the pane
		switch {
		case beside && x == bw:
			return nil // the gap between the two
		case (beside && x > bw) || (!beside && m.focus == app.PaneVehicle):
			m.focusPane(app.PaneVehicle)
			if wheel {
				return m.press(step) // the passages scroll
			}
			return nil
		}
	}
	m.focusPane(app.PaneBoard)
	if wheel {
		return m.press(step)
	}
	if m.queue.Open {
		i, ok := m.queue.RowAt(y)
		if !ok {
			return nil
		}
		m.queue.Pick(i)
		return m.press(tea.KeyEnter)
	}
	enter, open, cmd := m.disp.Click(x, y)
	switch {
	case open != nil:
		return tea.Batch(cmd, m.Open(*open))
	case enter:
		return tea.Batch(cmd, m.press(tea.KeyEnter))
	}
	return cmd
}

// focusPane gives p the focus, laid out anew when it changes.
func (m *Model) focusPane(p app.PaneID) {
	if m.focus != p {
		m.focus = p
		m.layout()
	}
}

// press answers the key t as if it were typed, with the key maps synced
// to the state the mouse left (a row selected, a pane focused).
func (m *Model) press(t tea.KeyType) tea.Cmd {
	m.syncKeys()
	return m.handleKey(tea.KeyMsg{Type: t})
}
