package tui

import (
	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/grid"
	"abfahrt/tui/internal/ui"

	tea "github.com/charmbracelet/bubbletea"
)

// followProfile switches the board to the layout of the hour when the
// hour's profile changes: its boards open as the grid (one board zoomed).
// It waits while the user is in a list, the vehicle pane or an overlay;
// between profiles the boards the board started with come back (if it
// started with none, the view stays).
func (m *Model) followProfile() tea.Cmd {
	p := &m.prof
	if len(p.Profiles) == 0 || !m.sh.ClockKnown() {
		return nil
	}
	i := app.ProfileAt(p.Profiles, m.sh.Now)
	if i == p.Profile {
		return nil
	}
	if m.overlay != ui.OverlayNone || m.focus != app.PaneBoard || m.disp.Mode != grid.ModeGrid {
		return nil
	}
	p.Profile = i
	specs := p.Base
	if i >= 0 {
		specs = p.Profiles[i].Boards
	}
	if len(specs) == 0 {
		return nil
	}
	g := &m.disp.Grid
	g.RemoveAll()
	var cmds []tea.Cmd
	for _, s := range specs[:min(len(specs), app.MaxBoards)] {
		cmds = append(cmds, g.Add(s))
	}
	g.CloseOpen()
	g.Focus, g.Zoomed = 0, len(specs) == 1
	cmds = append(cmds, m.disp.SyncStrip())
	m.layout()
	return tea.Batch(cmds...)
}
