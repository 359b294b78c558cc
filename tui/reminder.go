package tui

import (
	"abfahrt/model"
	"abfahrt/tui/internal/board"

	tea "github.com/charmbracelet/bubbletea"
)

// reminderBoards are the boards whose data follows the reminders.
func (m *Model) reminderBoards() []*board.BoardPane {
	return m.disp.Grid.All()
}

// tickReminders runs the reminders' check on the clock.
func (m *Model) tickReminders() tea.Cmd {
	var seen []model.Board
	for _, b := range m.reminderBoards() {
		if b.Have && m.sh.Rem != nil && len(m.sh.Rem.Items) > 0 {
			seen = append(seen, b.Data)
		}
	}
	ring, changed := m.sh.Rem.Check(m.sh, seen)
	if changed {
		for _, b := range m.reminderBoards() {
			b.Touch()
		}
	}
	return tea.Batch(ring, m.sh.Rem.SaveCmd(m.sh.Now))
}
