package queue

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The exception queue under the root's pane contract (app.Pane): it
// shows in the board side's rectangle, over the board side.
var _ app.Pane = (*Pane)(nil)

// Update handles msg: on the board side E and, while the queue shows,
// every key (queue_keys.go); a click on a row; its feeds' news, whose
// verdict goes to the grid's summary line; its state file's answers.
func (p *Pane) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if f.Focus != app.PaneBoard {
			return nil, app.Action{}, false
		}
		was := p.Open
		c := Ctx{Pane: p, Frame: f}
		cmd, ok := Keys.Run(msg, &c)
		c.Act.Relayout = p.Open != was
		return cmd, c.Act, ok || p.Open
	case tea.MouseMsg:
		if !p.Open {
			return nil, app.Action{}, false
		}
		i, ok := p.RowAt(msg.Y)
		if !ok {
			return nil, app.Action{}, true
		}
		p.Pick(i)
		return nil, app.Action{Enter: true}, true
	case feeds.NewsMsg:
		if !p.Holds(msg.Entry) {
			return nil, app.Action{}, false
		}
		if msg.Answer == nil {
			p.Touch()
			return nil, app.Action{}, true
		}
		cmd := p.Fed(msg.Entry, f.Now)
		v := p.netVerdict(f.Texts)
		return cmd, app.Action{Verdict: &v}, true
	case MarksMsg:
		n := p.file.loaded(f.Texts, msg, f.Now)
		p.refresh()
		return nil, app.Action{Notice: n}, true
	case SavedMsg:
		n := p.file.saved(f.Texts, msg, f.Now)
		p.refresh()
		return nil, app.Action{Notice: n}, true
	case app.RedrawMsg:
		p.Touch()
	}
	return nil, app.Action{}, false
}

// netVerdict is the queue's verdict as the grid's summary line shows it
// (none until the queue watches and the vehicles came in).
func (p *Pane) netVerdict(tx *ui.Texts) app.NetVerdict {
	v, ok := p.Verdict()
	if !ok {
		return app.NetVerdict{}
	}
	return app.NetVerdict{Text: VerdictText(tx, v), Outage: v.Outage}
}

// Layout gives the queue the board side's rectangle.
func (p *Pane) Layout(r app.Rect) { p.SetSize(r.W, r.H) }

// Hints are the queue's live keys on the board side: E, or all of them
// while it shows, when it takes every key.
func (p *Pane) Hints(f app.Frame) ([]ui.Hint, bool) {
	if f.Focus != app.PaneBoard {
		return nil, false
	}
	return Keys.Hints(&Ctx{Pane: p, Frame: f}, f.Texts), p.Open
}

// NextChange marks the queue shown as changing by the second (its ages).
func (p *Pane) NextChange(c *app.Changes) {
	if p.Open {
		c.EverySecond = true
	}
}

// Status is the trips feed's poll state while the queue shows.
func (p *Pane) Status() *feeds.Poller {
	if !p.Open {
		return nil
	}
	return p.Polls()
}

// Shows reports whether the queue shows.
func (p *Pane) Shows() bool { return p.Open }
