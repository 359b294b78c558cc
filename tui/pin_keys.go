package tui

import "fmt"

// focusedPin is the pin of the focused board's stop (or stop point), the
// one `p` pins; ok is false when no board is focused.
func (d *dispatch) focusedPin() (p pin, ok bool) {
	b := d.grid.focused()
	if b == nil {
		return pin{}, false
	}
	p = pin{Stop: b.subj.stop, Name: b.name()}
	if b.subj.point != "" {
		p.StopPoint = b.subj.point.String()
	}
	return p, true
}

// togglePin pins or unpins the focused board's stop and says so in the
// status bar.
func (d *dispatch) togglePin(sh *shared) {
	p, ok := d.focusedPin()
	if !ok {
		return
	}
	switch {
	case !d.pins.has(p) && d.pins.full():
		sh.notice = fmt.Sprintf(sh.dt.PinsFull, maxPins)
	case d.pins.toggle(p):
		sh.notice = fmt.Sprintf(sh.dt.Pinned, p.Name)
	default:
		sh.notice = fmt.Sprintf(sh.dt.Unpinned, p.Name)
	}
}

// pinned reports whether the focused board's stop is pinned, for the key
// help.
func (d *dispatch) pinned() bool {
	p, ok := d.focusedPin()
	return ok && d.pins.has(p)
}
