package app

import (
	"slices"
	"time"

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
