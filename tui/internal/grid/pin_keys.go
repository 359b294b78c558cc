package grid

import (
	"abfahrt/tui/internal/app"
	"fmt"
)

// FocusedPin is the pin of the focused board's stop (or stop point), the
// one `p` pins; ok is false when no board is focused.
func (d *Dispatch) FocusedPin() (p Pin, ok bool) {
	b := d.Grid.Focused()
	if b == nil {
		return Pin{}, false
	}
	p = Pin{Stop: b.Subj.Stop, Name: b.Name()}
	if b.Subj.Point != "" {
		p.StopPoint = b.Subj.Point.String()
	}
	return p, true
}

// TogglePin pins or unpins the focused board's stop and says so in the
// status bar.
func (d *Dispatch) TogglePin(sh *app.Shared) {
	p, ok := d.FocusedPin()
	if !ok {
		return
	}
	switch {
	case !d.Pins.Has(p) && d.Pins.full():
		sh.Notice = fmt.Sprintf(sh.Dt.PinsFull, MaxPins)
	case d.Pins.Toggle(p):
		sh.Notice = fmt.Sprintf(sh.Dt.Pinned, p.Name)
	default:
		sh.Notice = fmt.Sprintf(sh.Dt.Unpinned, p.Name)
	}
}

// Pinned reports whether the focused board's stop is pinned, for the key
// help.
func (d *Dispatch) Pinned() bool {
	p, ok := d.FocusedPin()
	return ok && d.Pins.Has(p)
}
