package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/queue"
)

// The exception queue (tui/internal/queue) in the root: E opens it from
// the board side (the grid, a board, the merged and fleet lists) in the
// board side's rectangle, and E or esc closes it. Once opened it keeps
// watching until the program ends, so that its ages stay true and the
// grid's summary line carries the network data verdict.

// queueKey handles a key for the queue: E on the board side, and every
// key while it shows; ok is false for the keys it leaves to others.
func (m *Model) queueKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	q := &m.queue
	was := q.Open
	cmd, a, ok := q.Update(msg)
	if q.Open != was {
		m.layout()
	}
	if !ok && !q.Open {
		return nil, false
	}
	return tea.Batch(cmd, m.act(a)), true
}

// queueNews hands a feed's news to the queue; the verdict it makes goes
// to the grid's summary line.
func (m *Model) queueNews(f *feeds.Entry, answer bool) tea.Cmd {
	if !m.queue.Holds(f) {
		return nil
	}
	if !answer {
		m.queue.Touch()
		return nil
	}
	cmd := m.queue.Fed(f)
	m.setVerdict()
	return cmd
}

// setVerdict puts the queue's verdict where the grid's summary line
// reads it.
func (m *Model) setVerdict() {
	v, ok := m.queue.Verdict()
	nv := app.NetVerdict{}
	if ok {
		nv = app.NetVerdict{Text: queue.VerdictText(m.sh.T, v), Outage: v.Outage}
	}
	m.sh.Verdict = nv
}

// queueData takes the queue's state file messages.
func (m *Model) queueData(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case queue.MarksMsg:
		app.AddNotice(m.sh, m.queue.Loaded(msg))
	case queue.SavedMsg:
		app.AddNotice(m.sh, m.queue.Saved(msg))
	default:
		return false
	}
	return true
}

// boardSide renders the board side's rectangle: the queue while it
// shows, else the grid, a board or a list.
func (m *Model) boardSide() string {
	if m.queue.Open {
		return m.queue.View()
	}
	return m.disp.View()
}
