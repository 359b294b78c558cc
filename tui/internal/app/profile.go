package app

import (
	"fmt"
	"slices"
	"time"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
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

// Hours is the profile's hours as the config writes them, "06:00-09:30";
// "" when it names none (all day).
func (p Profile) Hours() string {
	if p.From == p.To {
		return ""
	}
	hm := func(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }
	return hm(p.From) + "-" + hm(p.To)
}

// SwitchNotice is what a board or the kiosk says when the layout of the
// hour changes from profile was to profile now (indices into ps, -1: the
// usual boards).
func SwitchNotice(tx *ui.Texts, ps []Profile, was, now int) string {
	switch {
	case now >= 0:
		h := ps[now].Hours()
		if h == "" {
			h = tx.AnyHour
		}
		return fmt.Sprintf(tx.LayoutSwitched, ps[now].Name, h)
	case was >= 0:
		return fmt.Sprintf(tx.LayoutBack, ps[was].Name)
	}
	return ""
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

// DayProfiles are o.Profiles with o's defaults (walk, per line) given to
// their boards.
func (o Options) DayProfiles() []Profile {
	out := make([]Profile, 0, len(o.Profiles))
	for _, p := range o.Profiles {
		q := o
		q.Boards = p.Boards[:min(len(p.Boards), MaxBoards)]
		p.Boards = q.WithWalk().Boards
		out = append(out, p)
	}
	return out
}

// ProfileState is the interactive board's profiles: the one showing (-1:
// the boards it started with, base).
type ProfileState struct {
	Profiles []Profile
	Base     []BoardSpec
	Profile  int
	// Home is what a plain start shows (the default stop): where a
	// layout's hours end when the board started with no boards.
	Home BoardSpec
	// Chosen: the user chose the layout showing in the command palette;
	// it holds over the layouts' hours until they choose again (a layout,
	// or "by the hour") or restart.
	Chosen bool
}

// StartProfile returns o with the boards of the profile of the hour (when
// the service's clock is known at start), and the profiles' state.
func (o Options) StartProfile(sh *Shared) (Options, ProfileState) {
	ps := ProfileState{Profiles: o.DayProfiles(), Base: o.Boards, Profile: -1}
	if len(ps.Profiles) == 0 || !sh.ClockKnown() {
		return o, ps
	}
	if i := ProfileAt(ps.Profiles, sh.Now); i >= 0 {
		ps.Profile = i
		o.Boards = ps.Profiles[i].Boards
	}
	return o, ps
}
