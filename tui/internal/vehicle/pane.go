package vehicle

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The vehicle pane under the root's pane contract (app.Pane).
var _ app.Pane = (*Pane)(nil)

// Update handles msg: while the pane has the focus every key (esc asks the
// root to close it), its feed's news, its pattern, base data and history
// answers, and the redraws.
func (p *Pane) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if !p.Open || f.Focus != app.PaneVehicle {
			return nil, app.Action{}, false
		}
		c := Ctx{Pane: p}
		cmd, _ := Keys.Run(msg, &c)
		return cmd, app.Action{Close: c.Close}, true
	case feeds.NewsMsg:
		if !p.Holds(msg.Entry) {
			return nil, app.Action{}, false
		}
		if msg.Answer == nil {
			p.Touch()
			return nil, app.Action{}, true
		}
		return p.Fed(*msg.Answer), app.Action{}, true
	case PatternMsg:
		p.ReceivePattern(msg)
	case VehicleInfoMsg:
		p.ReceiveInfo(msg)
	case app.HistoryMsg:
		if !msg.Asked {
			return nil, app.Action{}, false
		}
		p.ReceiveHistory(msg)
	case app.RedrawMsg:
		p.Touch()
		return nil, app.Action{}, false
	case app.SettleMsg:
		if p.Open {
			p.Measure(f)
		}
		return nil, app.Action{}, false
	default:
		return nil, app.Action{}, false
	}
	return nil, app.Action{}, true
}

// Layout gives the pane its rectangle.
func (p *Pane) Layout(r app.Rect) {
	p.focused = r.Focused
	if p.Open {
		p.SetSize(r.W, r.H)
	}
}

// Hints are the pane's live keys while it has the focus; it takes every
// key then.
func (p *Pane) Hints(f app.Frame) ([]ui.Hint, bool) {
	if !p.Open || f.Focus != app.PaneVehicle {
		return nil, false
	}
	return Keys.Hints(&Ctx{Pane: p}, f.Texts), true
}

// NextChange marks the open pane as changing by the second (report ages, the
// vehicle's position).
func (p *Pane) NextChange(c *app.Changes) {
	if p.Open {
		c.EverySecond = true
	}
}

// Status is nil: the status bar reports the board side's feed.
func (p *Pane) Status() *feeds.Poller { return nil }

// Shows reports whether the pane is open.
func (p *Pane) Shows() bool { return p.Open }
