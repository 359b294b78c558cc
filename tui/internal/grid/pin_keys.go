package grid

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/ui"
	"fmt"
)

// FocusedPin is the pin of the focused board's stop (or stop point), the
// one `p` pins; ok is false when no board is focused.
func (d *Dispatch) FocusedPin(tx *ui.Texts) (p Pin, ok bool) {
	b := d.Grid.Focused()
	if b == nil {
		return Pin{}, false
	}
	p = Pin{Stop: b.Subject.Stop, Name: b.Name(tx)}
	if b.Subject.Point != "" {
		p.StopPoint = b.Subject.Point.String()
	}
	return p, true
}

// togglePin pins or unpins the focused board's stop; it returns what
// the status bar says, in f's words.
func (d *Dispatch) togglePin(f app.Frame) string {
	dt := f.DispatchTexts
	p, ok := d.FocusedPin(f.Texts)
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
// help (a board without a name is named in tx's words).
func (d *Dispatch) Pinned(tx *ui.Texts) bool {
	p, ok := d.FocusedPin(tx)
	return ok && d.Pins.Has(p)
}
