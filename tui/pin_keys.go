package tui

import "fmt"

// pinSubject is the stop the `p` key pins: the focused board's.
func (m *Model) pinSubject() (subject, string, bool) {
	if b := m.disp.grid.focused(); b != nil {
		return b.subj, b.name(), true
	}
	return subject{}, "", false
}

// togglePin pins or unpins the current stop (or stop point).
func (m *Model) togglePin() {
	s, name, ok := m.pinSubject()
	if !ok {
		return
	}
	p := pin{Stop: s.stop, Name: name}
	if s.point != "" {
		p.StopPoint = s.point.String()
	}
	if !m.disp.pins.has(p) && m.disp.pins.full() {
		m.sh.notice = fmt.Sprintf(m.sh.dt.PinsFull, maxPins)
		return
	}
	if m.disp.pins.toggle(p) {
		m.sh.notice = fmt.Sprintf(m.sh.dt.Pinned, name)
	} else {
		m.sh.notice = fmt.Sprintf(m.sh.dt.Unpinned, name)
	}
	m.layout()
}

// pinned reports whether the current stop is pinned, for the key help.
func (m *Model) pinned() bool {
	s, _, ok := m.pinSubject()
	if !ok {
		return false
	}
	p := pin{Stop: s.stop}
	if s.point != "" {
		p.StopPoint = s.point.String()
	}
	return m.disp.pins.has(p)
}
