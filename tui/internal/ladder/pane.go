package ladder

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/internal/ui"
)

// The ladder under the pane contract (app.Pane); the board side shows it
// in its rectangle.
var _ app.Pane = (*Pane)(nil)

// Update handles msg: the ladder's keys, a click on a car, its feeds'
// news, the base data (its stops' names) and the redraws.
func (p *Pane) Update(f app.Frame, msg tea.Msg) (tea.Cmd, app.Action, bool) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		cmd, ok := Keys.Run(msg, p)
		return cmd, app.Action{}, ok
	case tea.MouseMsg:
		k, ok := p.CarAt(msg.X, msg.Y)
		return nil, app.Action{Enter: ok && p.Pick(k)}, true
	case feeds.NewsMsg:
		if !p.Holds(msg.Entry) {
			return nil, app.Action{}, false
		}
		if msg.Answer == nil {
			p.Touch()
			return nil, app.Action{}, true
		}
		return p.Fed(msg.Entry, f.Now), app.Action{}, true
	case app.BasedMsg:
		return p.Based(f.Now), app.Action{}, false
	case app.RedrawMsg:
		p.Touch()
	}
	return nil, app.Action{}, false
}

// Layout gives the ladder its rectangle.
func (p *Pane) Layout(r app.Rect) { p.SetSize(r.W, r.H) }

// Hints are the ladder's live keys.
func (p *Pane) Hints(f app.Frame) ([]ui.Hint, bool) { return Keys.Hints(p, f.Texts), false }

// NextChange adds nothing: what the ladder shows turns with the board feeds' events,
// which the board side hands on (grid.Dispatch).
func (p *Pane) NextChange(*app.Changes) {}

// Status is the trips feed's poll state.
func (p *Pane) Status() *feeds.Poller { return p.Polls() }
