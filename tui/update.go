package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// handleKey routes a key: the open overlay first, then the focused pane
// (each with its own key map), then the root's global keys.
func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.keys
	m.sh.notice = ""
	if !key.Matches(msg, m.disp.keys.Remove) {
		m.disp.grid.cancelRemove() // only a second `x` removes a board
	}
	if key.Matches(msg, k.ForceQuit) {
		return m.quit()
	}
	switch m.overlay {
	case overlaySearch:
		return m.searchKey(msg)
	case overlayHelp:
		switch {
		case key.Matches(msg, k.Quit):
			return m.quit()
		case key.Matches(msg, m.help.Close):
			m.overlay = overlayNone
		}
		return nil
	case overlayNone:
	}
	if cmd, ok := m.dispatchKey(msg); ok {
		return tea.Batch(cmd, m.disp.boards.saveCmd(m.disp.grid.specs()))
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.overlay = overlayHelp
		return nil
	case key.Matches(msg, k.Search):
		m.overlay = overlaySearch
		return m.search.open()
	case key.Matches(msg, k.Focus), key.Matches(msg, k.FocusBack):
		m.cycleFocus()
		return nil
	case key.Matches(msg, k.Refresh):
		if m.focus == paneVehicle {
			return m.vehicle.refresh()
		}
		return nil
	}
	if m.focus == paneVehicle {
		if key.Matches(msg, m.vehicle.km.Close) {
			m.closeVehicle()
			return nil
		}
		return m.vehicle.update(msg)
	}
	return nil
}

// searchKey handles a key while the search overlay is open.
func (m *Model) searchKey(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, m.search.km.SearchClose) {
		m.overlay = overlayNone
		m.search.close()
		return nil
	}
	chosen, cmd := m.search.update(msg)
	if chosen == nil {
		return cmd
	}
	m.overlay = overlayNone
	m.search.close()
	return m.open(*chosen)
}

// quit ends the program, cancelling the requests in flight.
func (m *Model) quit() tea.Cmd {
	m.disp.stop()
	m.vehicle.hide()
	return tea.Quit
}

// cycleFocus moves focus to the next visible pane.
func (m *Model) cycleFocus() {
	if !m.vehicle.open {
		m.focus = paneBoard
	} else if m.focus == paneBoard {
		m.focus = paneVehicle
	} else {
		m.focus = paneBoard
	}
	m.layout()
}

// closeVehicle closes the vehicle pane and gives focus back to the pane
// it was opened from.
func (m *Model) closeVehicle() {
	m.vehicle.hide()
	m.focus = m.vehicle.back
	m.layout()
}

// open shows a target: a stop or stop point board, a line's departures,
// or the vehicle pane.
func (m *Model) open(t target) tea.Cmd {
	switch t.kind {
	case targetVehicle:
		back := m.focus
		if back == paneVehicle {
			back = m.vehicle.back
		}
		cmd := m.vehicle.show(t.vehicle, back)
		m.focus = paneVehicle
		m.layout()
		return cmd
	case targetLine:
		cur := 0
		if b := m.disp.grid.focused(); b != nil {
			cur = b.subj.stop
		}
		if t.stop == 0 && m.sh.base.lineServes(t.route, cur) {
			t.stop = cur // the line at the stop the user is at, not at its terminus
			break
		}
		stop, ok := m.sh.base.lineStart(t.route)
		if !ok {
			m.sh.notice = fmt.Sprintf(m.sh.t.NoStopsForLine, t.line)
			return nil
		}
		t.stop = stop
	case targetStop, targetPoint:
	}
	if m.vehicle.open {
		m.vehicle.hide()
	}
	m.focus = paneBoard
	return m.openBoard(t)
}

// handleTick handles the clock and poll ticks.
func (m *Model) handleTick(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case clockMsg:
		logSkew := m.sh.tick(msg.now)
		m.sh.rate = m.disp.rate.sample(msg.now, m.sh.dt) // requests in the last whole minute (ratemeter.go)
		if b := m.disp.grid.zoomedBoard(); b != nil {
			b.setCursor(b.cursorIn(b.rows())) // the cursor stays on its trip as rows pass
		}
		if m.sh.followNight() {
			for _, b := range m.reminderBoards() {
				b.touch()
			}
			*m.memo = frameMemos{}
		}
		return tea.Batch(logSkew, m.tickReminders(), m.followProfile())
	case feedTickMsg:
		f, cmd, ok := m.sh.reg.tick(m.sh.feedState, msg)
		if ok {
			m.feedNews(f, nil)
		}
		return cmd
	}
	return nil
}

// feedNews hands feed f's news to every view that shows it: an answer
// (msg), or a poll that started (nil).
func (m *Model) feedNews(f *feedEntry, msg *feedMsg) tea.Cmd {
	if msg == nil {
		m.disp.grid.touchFeed(f)
		if m.disp.fleet.feed == f {
			m.disp.fleet.rev++
		}
		if m.vehicle.entry == f {
			m.vehicle.touch()
		}
		return nil
	}
	if f == m.alertF {
		m.alertNews()
	}
	m.disp.grid.fed(f)
	if m.disp.fleet.feed == f {
		m.disp.fleet.fed()
	}
	if m.vehicle.entry == f {
		return m.vehicle.fed(*msg)
	}
	return nil
}

// handleData routes results to the pane that owns them, whatever has focus.
func (m *Model) handleData(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.dispatchData(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case feedMsg:
		f, cmd, ok := m.sh.reg.receive(m.sh.feedState, msg)
		if !ok {
			return nil // an answer no feed awaits any more
		}
		return tea.Batch(cmd, m.feedNews(f, &msg))
	case patternMsg:
		m.vehicle.receivePattern(msg)
	case vehicleInfoMsg:
		m.vehicle.receiveInfo(msg)
	case baseDataMsg:
		cmd := m.sh.receiveBase(msg)
		for _, b := range m.disp.grid.all() {
			b.touch()
		}
		if m.overlay == overlaySearch {
			m.search.refresh()
		}
		return cmd
	case baseRetryMsg:
		return m.sh.retryBase()
	case openMsg:
		return m.open(msg.target)
	case remindersMsg:
		m.sh.rem.loaded(m.sh, msg)
		return m.tickReminders()
	case remindersSavedMsg:
		return m.sh.rem.saved(msg, m.sh.now)
	}
	return nil
}
