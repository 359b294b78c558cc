package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/remind"
	"abfahrt/tui/internal/termio"
	"abfahrt/tui/internal/ui"
)

// handleKey routes a key: the open overlay first, then the focused pane
// (each with its own key map), then the root's global keys.
// handleKeys handles a key message that may hold several keys read at
// once (ui.Several): each is handled in turn, each binding's rule asked
// of the state the keys before left, so that "jjjjj" moves five
// rows and "jt" sets the reminder on the row j moved to. Into the search's
// text input the message is typed whole, also when a key of it opened
// the search ("/rathaus"); after a key that quits, the rest is dropped.
func (m *Model) handleKeys(msg tea.KeyMsg) tea.Cmd {
	if m.overlay == ui.OverlaySearch || !termio.Several(msg) {
		return m.handleKey(msg)
	}
	cmds := make([]tea.Cmd, 0, len(msg.Runes))
	for i := range msg.Runes {
		if m.overlay == ui.OverlaySearch {
			cmds = append(cmds, m.handleKey(termio.Rest(msg, i)))
			break
		}
		cmds = append(cmds, m.handleKey(termio.KeyAt(msg, i)))
		if m.quitting {
			break
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	m.fr = m.frame() // each key sees what the keys before it left
	m.sh.Notice = ""
	m.disp.CancelRemoveUnless(msg)
	switch m.overlay {
	case ui.OverlaySearch:
		if cmd, ok := searchKeys.Run(msg, m); ok {
			return cmd
		}
		return m.search.Update(msg) // it types into the query
	case ui.OverlayHelp:
		cmd, _ := helpOverlayKeys.Run(msg, m)
		return cmd
	case ui.OverlayNone:
	}
	if cmd, ok := globalKeys.Run(msg, m); ok {
		return cmd
	}
	// The panes in turn, top first: the one with the focus takes it.
	for _, p := range m.panes() {
		if cmd, a, ok := p.Update(m.fr, msg); ok {
			return tea.Batch(cmd, m.act(a))
		}
	}
	return nil
}

// quit ends the program, cancelling the requests in flight.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	m.disp.Stop()
	m.queue.Stop()
	m.vehicle.Hide()
	return tea.Quit
}

// otherPane is the pane tab moves the focus to from focus: the vehicle
// pane and the board side in turn while the vehicle pane is open.
func otherPane(vehicleOpen bool, focus app.PaneID) app.PaneID {
	if vehicleOpen && focus == app.PaneBoard {
		return app.PaneVehicle
	}
	return app.PaneBoard
}

// closeVehicle closes the vehicle pane and gives focus back to the pane
// it was opened from.
func (m *Model) closeVehicle() {
	m.vehicle.Hide()
	m.focus = m.vehicle.Back
	m.layout()
}

// Open shows a target: a stop or stop point board, a line's departures,
// or the vehicle pane.
func (m *Model) Open(t app.Target) tea.Cmd {
	switch t.Kind {
	case app.TargetVehicle:
		back := m.focus
		if back == app.PaneVehicle {
			back = m.vehicle.Back
		}
		cmd := m.vehicle.Show(m.frame(), t.Vehicle, back)
		m.focus = app.PaneVehicle
		m.layout()
		return cmd
	case app.TargetLine:
		cur := 0
		if b := m.disp.Grid.Focused(); b != nil {
			cur = b.Subject.Stop
		}
		if t.Stop == 0 && m.sh.Base.LineServes(t.Route, cur) {
			t.Stop = cur // the line at the stop the user is at, not at its terminus
			break
		}
		stop, ok := m.sh.Base.LineStart(t.Route)
		if !ok {
			m.sh.Notice = fmt.Sprintf(m.sh.Texts.NoStopsForLine, t.Line)
			return nil
		}
		t.Stop = stop
	case app.TargetLadder:
		if m.vehicle.Open {
			m.vehicle.Hide()
		}
		m.focus = app.PaneBoard
		cmd := m.disp.OpenLadder(t.Line, m.sh.Now)
		m.disp.Ladder.Select(t.Vehicle) // L on a board row: its vehicle
		m.layout()
		return cmd
	case app.TargetStop, app.TargetPoint:
	}
	if m.vehicle.Open {
		m.vehicle.Hide()
	}
	m.focus = app.PaneBoard
	return m.disp.OpenBoard(m.frame(), t)
}

// handleTick handles the clock and poll ticks.
func (m *Model) handleTick(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case app.ClockMsg:
		logSkew := m.sh.Tick(msg.Now)
		m.own.rate = m.disp.Rate.Sample(msg.Now, m.sh.DispatchTexts) // requests in the last whole minute (ratemeter.go)
		if b := m.disp.Grid.ZoomedBoard(); b != nil {
			f := m.frame()
			b.SetCursor(f, b.CursorIn(b.Rows(f))) // the cursor stays on its trip as rows pass
		}
		if m.sh.FollowNight() {
			m.restyled()
		}
		return tea.Batch(logSkew, m.tickReminders(), m.followProfile())
	case feeds.TickMsg:
		news, cmd, ok := m.sh.Reg.News(m.sh.State, msg)
		if ok {
			cmd = tea.Batch(cmd, m.feedNews(news))
		}
		return cmd
	}
	return nil
}

// broadcast hands msg to every pane, and what they ask to the root. The
// frame is made again first: since the message came, an answer may have
// moved the service's clock, the alert or the styles may have changed,
// and the panes read them from the frame.
func (m *Model) broadcast(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	m.fr = m.frame()
	var cmds []tea.Cmd
	for _, p := range m.panes() {
		c, a, ok := p.Update(m.fr, msg)
		cmds = append(cmds, c, m.act(a))
		handled = handled || ok
	}
	return tea.Batch(cmds...), handled
}

// feedNews hands a feed's news to every pane (the ones that hold the feed
// act on it). The alert's answer redraws every pane when it says
// something new.
func (m *Model) feedNews(n feeds.NewsMsg) tea.Cmd {
	if n.Answer != nil && n.Entry == m.alertF && m.alertF.Have && m.sh.SetAlert(m.alertF.Data.Alert) {
		m.broadcast(app.RedrawMsg{})
	}
	cmd, _ := m.broadcast(n)
	return cmd
}

// handleData routes results to the pane that owns them, whatever has focus.
func (m *Model) handleData(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case feeds.AnswerMsg:
		news, cmd, ok := m.sh.Reg.News(m.sh.State, msg)
		if !ok {
			return nil // an answer no feed awaits any more
		}
		return tea.Batch(cmd, m.feedNews(news))
	case app.BaseDataMsg:
		cmd := m.sh.ReceiveBase(msg)
		based, _ := m.broadcast(app.BasedMsg{})
		if m.overlay == ui.OverlaySearch {
			m.search.Refresh()
		}
		return tea.Batch(cmd, based)
	case app.BaseRetryMsg:
		return m.sh.RetryBase()
	case app.OpenMsg:
		return m.Open(msg.Target)
	case remind.LoadedMsg:
		prob, n := m.sh.Reminders.Loaded(msg, m.sh.Now)
		app.AddNotice(m.sh, app.StateNotice(m.sh.DispatchTexts, prob, remind.File, n, n))
		return m.tickReminders()
	case remind.SavedMsg:
		return m.sh.Reminders.Saved(msg, m.sh.Now)
	}
	cmd, ok := m.broadcast(msg)
	if h, isHist := msg.(app.HistoryMsg); isHist && !ok {
		app.AddNotice(m.sh, h.Text) // not asked by a pane: a notice
	}
	return cmd
}

// tickReminders runs the reminders' check on the clock.
func (m *Model) tickReminders() tea.Cmd {
	var seen []model.Board
	for _, b := range m.disp.Grid.All() { // the boards whose data the reminders follow
		if b.Have && m.sh.Reminders != nil && len(m.sh.Reminders.Items) > 0 {
			seen = append(seen, b.Data)
		}
	}
	env := m.sh.RemindEnv()
	env.Blurred = m.own.blurred
	ring, changed := m.sh.Reminders.Check(env, seen)
	if changed {
		m.broadcast(app.RedrawMsg{})
	}
	return tea.Batch(ring, m.sh.Reminders.SaveCmd(m.sh.Now))
}
