package tui

import (
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
)

// Profiles by time of day: layouts that name the hours they are for
// (hours = "06:00-09:30"). The kiosk shows the layout of the hour (the
// first whose hours hold the service's time), else its own boards, and
// switches as the day goes on.

// Profile is a layout for some hours of the day.
type Profile struct {
	// Name is the layout's name.
	Name string
	// From and To are minutes of the day in Ulm; To < From runs past
	// midnight.
	From, To int
	// Boards are the layout's boards.
	Boards []BoardSpec
}

// holds reports whether the profile's hours hold t.
func (p Profile) holds(t time.Time) bool {
	if p.From == p.To {
		return true
	}
	t = t.In(model.Berlin)
	m := t.Hour()*60 + t.Minute()
	if p.From < p.To {
		return m >= p.From && m < p.To
	}
	return m >= p.From || m < p.To
}

// ProfileAt returns the index of the first profile whose hours hold t,
// -1 if none.
func ProfileAt(ps []Profile, t time.Time) int {
	return slices.IndexFunc(ps, func(p Profile) bool { return p.holds(t) && len(p.Boards) > 0 })
}

// profiles are o.Profiles with o's defaults (walk, per line) given to
// their boards.
func (o Options) dayProfiles() []Profile {
	out := make([]Profile, 0, len(o.Profiles))
	for _, p := range o.Profiles {
		q := o
		q.Boards = p.Boards[:min(len(p.Boards), MaxBoards)]
		p.Boards = q.withWalk().Boards
		out = append(out, p)
	}
	return out
}

// setBoards makes the kiosk's boards those of specs (not yet polled).
func (k *kiosk) setBoards(sh *shared, specs []BoardSpec) {
	k.boards = nil
	for _, s := range specs {
		// The board keeps its filters, as the grid's boards do: the rows
		// are filtered where they come in, and the feed asks for as many
		// events as the same board in the grid (the demand rule, registry.go).
		b := newBoard(sh, s)
		b.focused = false
		b.hideMissed = k.opt.HideMissed && s.Walk > 0
		k.boards = append(k.boards, *b)
	}
}

// followProfile switches the kiosk to the layout of the hour when it
// changes, polling its boards at once (unless asleep).
func (k *kiosk) followProfile(sh *shared) tea.Cmd {
	if len(k.profiles) == 0 || !sh.clockKnown() {
		return nil
	}
	i := ProfileAt(k.profiles, sh.now)
	if i == k.profile {
		return nil
	}
	k.profile = i
	specs := k.base
	if i >= 0 {
		specs = k.profiles[i].Boards
	}
	k.stopAll()
	k.setBoards(sh, specs)
	k.start = sh.local
	if k.asleep {
		return nil
	}
	return tea.Batch(k.wakeCmds()...)
}

// profileState is the interactive board's profiles: the one showing (-1:
// the boards it started with, base).
type profileState struct {
	profiles []Profile
	base     []BoardSpec
	profile  int
}

// startProfile returns o with the boards of the profile of the hour (when
// the service's clock is known at start), and the profiles' state.
func (o Options) startProfile(sh *shared) (Options, profileState) {
	ps := profileState{profiles: o.dayProfiles(), base: o.Boards, profile: -1}
	if len(ps.profiles) == 0 || !sh.clockKnown() {
		return o, ps
	}
	if i := ProfileAt(ps.profiles, sh.now); i >= 0 {
		ps.profile = i
		o.Boards = ps.profiles[i].Boards
	}
	return o, ps
}

// followProfile switches the board to the layout of the hour when the
// hour's profile changes: its boards open as the grid (one board zoomed).
// It waits while the user is in a list, the vehicle pane or an overlay;
// between profiles the boards the board started with come back (if it
// started with none, the view stays).
func (m *Model) followProfile() tea.Cmd {
	p := &m.prof
	if len(p.profiles) == 0 || !m.sh.clockKnown() {
		return nil
	}
	i := ProfileAt(p.profiles, m.sh.now)
	if i == p.profile {
		return nil
	}
	if m.overlay != overlayNone || m.focus != paneBoard || m.disp.mode != modeGrid {
		return nil
	}
	p.profile = i
	specs := p.base
	if i >= 0 {
		specs = p.profiles[i].Boards
	}
	if len(specs) == 0 {
		return nil
	}
	g := &m.disp.grid
	g.removeAll()
	var cmds []tea.Cmd
	for _, s := range specs[:min(len(specs), MaxBoards)] {
		cmds = append(cmds, g.add(s))
	}
	g.closeOpen()
	g.focus, g.zoomed = 0, len(specs) == 1
	cmds = append(cmds, m.disp.syncStrip())
	m.layout()
	return tea.Batch(cmds...)
}
