package grid

import (
	"abfahrt/tui/internal/catalog"
	"fmt"
)

// FocusedPin is the pin of the focused board's stop (or stop point), the
// one `p` pins; ok is false when no board is focused.
func (d *Dispatch) FocusedPin() (p Pin, ok bool) {
	b := d.Grid.Focused()
	if b == nil {
		return Pin{}, false
	}
	p = Pin{Stop: b.Subject.Stop, Name: b.Name()}
	if b.Subject.Point != "" {
		p.StopPoint = b.Subject.Point.String()
	}
	return p, true
}

// togglePin pins or unpins the focused board's stop; it returns what
// the status bar says, in dt's words.
func (d *Dispatch) togglePin(dt *catalog.DispTexts) string {
	p, ok := d.FocusedPin()
	if !ok {
		return ""
	}
	switch {
	case !d.Pins.Has(p) && d.Pins.full():
		return fmt.Sprintf(dt.PinsFull, MaxPins)
	case d.Pins.Toggle(p):
		return fmt.Sprintf(dt.Pinned, p.Name)
	default:
		return fmt.Sprintf(dt.Unpinned, p.Name)
	}
}

// Pinned reports whether the focused board's stop is pinned, for the key
// help.
func (d *Dispatch) Pinned() bool {
	p, ok := d.FocusedPin()
	return ok && d.Pins.Has(p)
}
