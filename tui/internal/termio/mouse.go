package termio

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Mouse support, opt-in with --mouse: a left click on a
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
	SeqMouseOn  = "\x1b[?1000h\x1b[?1006h"
	SeqMouseOff = "\x1b[?1006l\x1b[?1000l"
)

// The most mouse events the program takes: MouseRate a second on
// average (one a frame: app.MaxFPS), MouseBurst at once. A flick of a
// wheel sends ten or twenty; what comes beyond (a hostile SSH client's
// flood) is dropped in the event loop's filter, before the model, so it
// costs no Update, no View and no frame.
const (
	MouseRate  = 30
	MouseBurst = 15
)

// MouseGate lets through the mouse events the board uses, at most
// MouseRate a second (a token bucket of MouseBurst). It runs in Bubble
// Tea's event loop, as the program's message filter.
type MouseGate struct {
	On     bool             // --mouse, outside the kiosk: otherwise every event is dropped
	Clock  func() time.Time // nil: time.Now
	Passed int              // events let through, for tests
	b      bucket
}

// Pass reports whether ev goes on to the model: a left press or a wheel
// step, within the rate.
func (g *MouseGate) Pass(ev tea.MouseEvent) bool {
	if g == nil || !g.On || !UsefulMouse(ev) {
		return false
	}
	if !g.b.take(now(g.Clock), MouseRate, MouseBurst) {
		return false
	}
	g.Passed++
	return true
}

// UsefulMouse reports whether ev is one the board answers: a press of
// the left button or a step of the wheel.
func UsefulMouse(ev tea.MouseEvent) bool {
	if ev.Action != tea.MouseActionPress {
		return false
	}
	return ev.Button == tea.MouseButtonLeft || ev.Button == tea.MouseButtonWheelUp || ev.Button == tea.MouseButtonWheelDown
}
