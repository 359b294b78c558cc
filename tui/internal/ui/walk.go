package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"abfahrt/model"
)

// Walking time: how long it takes to reach a board's stop. With a walking
// time every row says when to leave and falls into a band.
//
// The band rule (one place, used by the boards, the kiosk and the CLI):
// the leave time is the departure's live prediction (its schedule when
// there is none) minus the walking time.
//
//   - catchable: the leave time is a minute or more away ("leave in 3 min");
//   - hurry: the leave time is within the next minute ("go now");
//   - missed: the leave time has passed: walking, it cannot be reached.
const (
	// MaxWalk is the longest walking time a board takes.
	MaxWalk = time.Hour
	// WalkStep is how much + and - change the focused board's walking time.
	WalkStep = time.Minute
	// hurryWithin is the hurry band: leaving within this much from now.
	hurryWithin = time.Minute
)

// WalkText formats a walking time compactly: "4m", "1m30s", "0s".
func WalkText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Band is how reachable a departure is on foot.
type Band int

// The bands; BandNone when the board has no walking time or the
// departure has no time.
const (
	BandNone Band = iota
	BandCatch
	BandHurry
	BandMissed
)

// String is the band's name in scripts' output: "catchable", "hurry",
// "missed" ("" for BandNone).
func (b Band) String() string {
	switch b {
	case BandCatch:
		return "catchable"
	case BandHurry:
		return "hurry"
	case BandMissed:
		return "missed"
	case BandNone:
	}
	return ""
}

// LeaveBand returns when to leave for event e with walking time walk and
// its band at now (the service's clock). ok is false when e has no time.
func LeaveBand(e *model.Event, now time.Time, walk time.Duration) (leaveAt time.Time, b Band, ok bool) {
	w := e.When()
	if w.IsZero() {
		return time.Time{}, BandNone, false
	}
	leaveAt = w.Add(-walk)
	left := leaveAt.Sub(now)
	switch {
	case left < 0:
		b = BandMissed
	case left < hurryWithin:
		b = BandHurry
	default:
		b = BandCatch
	}
	return leaveAt, b, true
}

// bandMark is the band's mark: it carries the band where colour cannot.
func bandMark(b Band) string {
	switch b {
	case BandCatch:
		return "»" // leave then; ✓ is "on time", → a direction: one meaning per mark
	case BandHurry:
		return "!"
	case BandMissed:
		return "✗"
	case BandNone:
	}
	return " "
}

// LeaveText is a row's leave column: mark and "in 3 min", "go now" or
// "missed".
func (t *Texts) LeaveText(e *model.Event, now time.Time, walk time.Duration) (string, Band) {
	at, b, ok := LeaveBand(e, now, walk)
	if !ok {
		return "  –", BandNone
	}
	var s string
	switch b {
	case BandCatch:
		left := at.Sub(now)
		if left >= time.Hour {
			s = at.In(model.Berlin).Format("15:04")
		} else {
			s = fmt.Sprintf(t.LeaveIn, int(left/time.Minute))
		}
	case BandHurry:
		s = t.GoNow
	case BandMissed:
		s = t.Missed
	case BandNone:
	}
	return bandMark(b) + " " + s, b
}

// LeaveWidth is the leave column's width in this language.
func (t *Texts) LeaveWidth() int {
	n := ansi.StringWidth(t.ColLeave)
	for _, s := range []string{fmt.Sprintf(t.LeaveIn, 59), t.GoNow, t.Missed} {
		n = max(n, 2+ansi.StringWidth(s))
	}
	return n
}

// Band is the colour of a band, from the theme's delay colours; the mark
// and text say the same.
func (st *Styles) Band(b Band) lipgloss.Style {
	switch b {
	case BandCatch:
		return st.OnTime
	case BandHurry:
		return st.Slight
	case BandMissed:
		return st.Muted
	case BandNone:
	}
	return st.Planned
}

// WalkMinutes says a walking time in the language: "4 min" ("4 Min"), or
// as a duration ("1m30s") when it is not whole minutes.
func (t *Texts) WalkMinutes(d time.Duration) string {
	if d%time.Minute != 0 {
		return WalkText(d)
	}
	return fmt.Sprintf("%d %s", int(d/time.Minute), t.Min)
}

// StaleMark marks data older than two polls, everywhere: ⚠ is the
// alert's alone: a mark means one thing wherever it stands.
const StaleMark = "◷"

// WalkTime is a board's walking time; in a layout and boards.json it is a
// duration text such as "4m" or "90s".
type WalkTime time.Duration

// ParseWalk reads a walking time: a duration from 0 to MaxWalk ("4m").
func ParseWalk(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("walk must be a duration such as 4m, got %q", s)
	}
	if d < 0 || d > MaxWalk {
		return 0, fmt.Errorf("walk must be between 0 and %s, got %s", WalkText(MaxWalk), s)
	}
	return d, nil
}

// UnmarshalText reads a walking time ("4m").
func (w *WalkTime) UnmarshalText(b []byte) error {
	d, err := ParseWalk(string(b))
	if err != nil {
		return err
	}
	*w = WalkTime(d)
	return nil
}

// MarshalText writes a walking time ("4m").
func (w WalkTime) MarshalText() ([]byte, error) {
	return []byte(WalkText(time.Duration(w))), nil
}

// String is the walking time as written in a layout: "4m".
func (w WalkTime) String() string { return WalkText(time.Duration(w)) }
