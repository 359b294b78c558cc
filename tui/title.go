package tui

// The window title: its modes and rate are in
// tui/internal/termio; here the board names itself.

import "abfahrt/tui/internal/termio"

// WindowTitle is the board's name and its next departure: "Hauptbahnhof ·
// 4 Böfingen 2 min · abfahrt".
func (m Model) WindowTitle() string {
	b := m.disp.Grid.Focused()
	if b == nil || !b.Have {
		return "" // nothing to name yet: the title waits for the data
	}
	next := ""
	for _, r := range b.Rows(m.frame()) {
		e := &b.Data.Events[r]
		if due, ok := e.DueIn(m.sh.Now); ok && due >= 0 && !e.Gone() && !e.Status.Done() {
			next = e.Line() + " " + e.DirectionText + " " + m.sh.Texts.Countdown(*e, m.sh.Now)
			break
		}
	}
	return termio.TitleText(b.Name(m.sh.Texts), next, "abfahrt")
}

// titled is a model that names its window.
type titled interface{ WindowTitle() string }
